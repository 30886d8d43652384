// A horizontal bar chart as inline SVG (no script, no external font). Bars, grid and ticks are
// placed in percentages of the width with no viewBox, so the chart follows the page width while
// its text keeps its real size: a scaled viewBox made labels unreadable on a phone.
import { html, join, type SafeHtml } from './escape.js';

export interface Bar {
  label: string;
  /** Second part of the label, drawn muted (e.g. the library). */
  sublabel: string;
  value: number;
  valueText: string;
  color: string;
  /** Tooltip and accessible name of the bar. */
  title: string;
}

export interface BarChartOptions {
  title: string;
  axisLabel: string;
  /** A dashed reference line, e.g. the significance threshold. */
  threshold?: { value: number; label: string };
  /** Labels longer than this are cut (the full text stays in the bar's title). */
  maxLabelChars?: number;
}

const ROW = 40;
const TOP = 22;
const AXIS = 44;
/** Bars use this share of the width; the rest holds the value text after the longest bar. */
const PLOT = 86;

export function barChart(bars: readonly Bar[], opts: BarChartOptions): SafeHtml {
  const max = niceMax(Math.max(opts.threshold?.value ?? 0, ...bars.map((b) => b.value)));
  const x = (v: number) => `${((Math.max(0, v) / max) * PLOT).toFixed(2)}%`;
  const height = TOP + bars.length * ROW + AXIS;
  const plotBottom = TOP + bars.length * ROW;
  const cut = opts.maxLabelChars ?? 70;

  const ticks = tickValues(max).map(
    (t) => html`<g class="tick"><line x1="${x(t)}" x2="${x(t)}" y1="${TOP - 4}" y2="${plotBottom}"/><text x="${x(t)}" y="${plotBottom + 16}" text-anchor="middle">${trimNumber(t)}</text></g>`,
  );
  const rows = bars.map((b, i) => {
    const y = TOP + i * ROW;
    const label = b.label.length > cut ? `${b.label.slice(0, cut - 1).trimEnd()}…` : b.label;
    return html`<g class="bar-row" role="listitem" aria-label="${b.title}"><title>${b.title}</title><text class="bar-label" x="0" y="${y + 12}">${label}<tspan class="bar-sub" dx="6">${b.sublabel}</tspan></text><rect class="bar" x="0" y="${y + 17}" width="${x(b.value)}" height="14" rx="2" fill="${b.color}" data-value="${b.value}"/><text class="bar-value" x="${x(b.value)}" dx="5" y="${y + 28}">${b.valueText}</text></g>`;
  });
  const t = opts.threshold;
  const threshold = t
    ? html`<g class="threshold"><line x1="${x(t.value)}" x2="${x(t.value)}" y1="${TOP - 10}" y2="${plotBottom}"/><text x="${x(t.value)}" dx="3" y="${TOP - 12}">${t.label}</text></g>`
    : '';
  return html`<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="100%" height="${height}" role="list" aria-label="${opts.title}"><title>${opts.title}</title><g class="grid">${ticks}</g>${threshold}${join(rows)}<text class="axis-label" x="${PLOT / 2}%" y="${height - 6}" text-anchor="middle">${opts.axisLabel}</text></svg>`;
}

/** Smallest of 1, 2, 2.5, 5 x 10^k that is >= x, so ticks land on round numbers. */
export function niceMax(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  const mag = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * mag >= x) return m * mag;
  return 10 * mag;
}

function tickValues(max: number): number[] {
  const mag = 10 ** Math.floor(Math.log10(max));
  const step = [mag / 10, mag / 5, mag / 4, mag / 2, mag].find((s) => max / s <= 6) ?? mag;
  const out: number[] = [];
  for (let v = 0; v <= max + step / 1e6; v += step) out.push(v);
  return out;
}

function trimNumber(x: number): string {
  return String(Number(x.toPrecision(6)));
}

// Renders one analysis into a target element, inside a shadow root (styles stay in, page styles
// stay out). States: loading (aria-busy), result (chart, drugs or tier note, quality, snapshot id),
// failure (what happened and what to do; quota limits say when they reset), with a retry button.
import { requestInsights, WidgetError, type Failure, type InsightsLike } from './api.js';
import { pathwayChart, score } from './chart.js';
import { noDrugsWidgetText, noPathwaysText } from './notes.js';
import { STYLES } from './styles.js';

export interface RenderOptions {
  /** Element, or a CSS selector, to render into. */
  target: Element | string;
  /** Gene symbols: an array, or one string separated by commas or spaces. */
  genes: string[] | string;
  disease: string;
  /** X-API-Key for a key's tier (a researcher key shows drug candidates). */
  apiKey?: string;
  /** Server base URL; default: where widget.js was loaded from. */
  base?: string;
  /** Pathways in the chart (1-20, default 8). */
  top?: number;
  onReady?: (info: ReadyInfo) => void;
  onError?: (failure: Failure) => void;
}

export interface ReadyInfo {
  snapshotId: string | undefined;
  qualityScore: number | undefined;
  genes: string[];
  diseaseContext: string;
  pathways: { name: string; q: number; library?: string }[];
  drugCandidates: { name: string; tier?: string; score?: number }[];
  drugAnalysisNote: string | undefined;
  /** The whole structured result of svc_generate_insights. */
  result: InsightsLike;
}

let ids = 0;

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

export function splitGenes(genes: string[] | string): string[] {
  return (Array.isArray(genes) ? genes : genes.split(/[\s,;]+/)).map((g) => String(g).trim()).filter(Boolean);
}

function resolveTarget(target: Element | string): Element {
  const el = typeof target === 'string' ? document.querySelector(target) : target;
  if (!el) throw new Error(`BioIntel.render: no element matches ${String(target)}`);
  return el;
}

/**
 * How many gene sets reach q <= 0.05: the libraries' significant counts, the number the answer's
 * text gives ("56 gene sets at q <= 0.05"). enrichedPathways is only the answer's top 10, and
 * omitted.enrichedPathways.total only the 25 the snapshot keeps: neither is the total.
 */
export function significantPathways(result: InsightsLike): number {
  const counted = (result.enrichment ?? []).reduce((n, e) => n + (e.significant ?? 0), 0);
  return Math.max(counted, result.omitted?.enrichedPathways?.total ?? 0, result.enrichedPathways?.length ?? 0);
}

/** The chart's caption: the bars drawn, of how many sets are significant in all. */
export function pathwayCaption(result: InsightsLike, shown: number): string {
  return `Top ${shown} of ${significantPathways(result)} enriched gene sets (q \u2264 0.05), by -log10 q.`;
}

export async function render(options: RenderOptions & { base: string }): Promise<ReadyInfo | null> {
  const host = resolveTarget(options.target);
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const genes = splitGenes(options.genes);
  const disease = String(options.disease ?? '').trim();
  const top = Math.min(20, Math.max(1, Math.floor(options.top ?? 8)));
  const n = ++ids;
  const heading = h('h2', { id: `bi-h-${n}` }, `Pathways for ${genes.join(', ') || '(no genes)'}${disease ? ` in ${disease}` : ''}`);
  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' }, 'Analysing the panel\u2026');
  const body = h('div', { class: 'body' });
  const section = h('section', { class: 'bi', 'aria-labelledby': heading.id, 'aria-busy': 'true' }, heading, status, body);
  root.replaceChildren(h('style', {}, STYLES), section);

  const fail = (failure: Failure): null => {
    section.setAttribute('aria-busy', 'false');
    status.dataset.state = failure.kind === 'quota' ? 'quota' : 'error';
    // The server names the reset time in UTC; the visitor reads it in their own time.
    const at = failure.retryAt;
    const local = at ? at.toLocaleString() : '';
    const message = at ? failure.message.replace(at.toISOString(), local) : failure.message;
    const when = at && !message.includes(local) ? ` ${failure.kind === 'quota' ? 'The limit resets' : 'Try again'} at ${local}.` : '';
    status.textContent = `${message}${when}`;
    status.setAttribute('role', 'alert');
    const retry = h('button', { type: 'button' }, 'Try again');
    retry.addEventListener('click', () => void render(options));
    body.replaceChildren(retry);
    options.onError?.(failure);
    return null;
  };

  if (genes.length === 0 || !disease) return fail({ kind: 'tool', message: 'The widget needs genes (data-genes) and a disease (data-disease).' });
  let result: InsightsLike;
  try {
    result = await requestInsights(options.base, genes, disease, options.apiKey);
  } catch (err) {
    return fail(err instanceof WidgetError ? err.failure : { kind: 'server', message: String(err) });
  }

  section.setAttribute('aria-busy', 'false');
  const pathways = (result.enrichedPathways ?? []).slice(0, top);
  const drugs = result.drugCandidates ?? [];
  const parts: Node[] = [];
  if (pathways.length) {
    const titleId = `bi-c-${n}`;
    const svg = pathwayChart(pathways, titleId);
    svg.prepend(h('title', { id: titleId }, `Top ${pathways.length} enriched pathways by -log10 q; the strongest is ${pathways[0]?.name}`) as unknown as Node);
    parts.push(
      h('figure', {}, svg, h('figcaption', {}, pathwayCaption(result, pathways.length))),
      h(
        'details',
        {},
        h('summary', {}, 'Chart data as a table'),
        h('table', {}, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Pathway'), h('th', { scope: 'col' }, 'Library'), h('th', { scope: 'col' }, 'q'), h('th', { scope: 'col' }, '-log10 q'))),
          h('tbody', {}, ...pathways.map((p) => h('tr', {}, h('td', {}, p.name), h('td', {}, p.library ?? ''), h('td', {}, p.q.toExponential(2)), h('td', {}, score(p.q).toFixed(2)))))),
      ),
    );
  } else {
    const none = noPathwaysText(result);
    parts.push(h('p', { class: none.failed ? 'warn pathways-note' : 'pathways-note' }, none.text));
  }
  parts.push(h('h3', {}, 'Drug candidates'));
  if (drugs.length) {
    parts.push(h('ol', { class: 'drugs' }, ...drugs.slice(0, 5).map((d) => h('li', {}, `${d.name}`, d.tier ? ` \u2014 tier ${d.tier}` : '', typeof d.score === 'number' ? `, score ${d.score.toFixed(2)}` : ''))));
  } else {
    const none = noDrugsWidgetText(result);
    parts.push(h('p', { class: none.failed ? 'note warn' : 'note' }, none.text));
  }
  const details = h('dl', {});
  details.append(h('dt', {}, 'Quality score'), h('dd', { class: 'quality' }, typeof result.qualityScore === 'number' ? result.qualityScore.toFixed(2) : 'not computed'));
  details.append(h('dt', {}, 'Snapshot'), h('dd', {}, h('code', { class: 'snapshot' }, result.snapshotId ?? 'not saved')));
  parts.push(details);
  if (result.unresolvedGenes?.length) parts.push(h('p', { class: 'warn' }, `Not recognised as genes: ${result.unresolvedGenes.join(', ')}.`));
  body.replaceChildren(...parts);
  status.textContent = `Analysis of ${result.genes?.length ?? genes.length} genes ready.`;

  const info: ReadyInfo = {
    snapshotId: result.snapshotId,
    qualityScore: result.qualityScore,
    genes: result.genes ?? genes,
    diseaseContext: result.diseaseContext ?? disease,
    pathways: pathways.map((p) => ({ name: p.name, q: p.q, ...(p.library ? { library: p.library } : {}) })),
    drugCandidates: drugs.map((d) => ({ name: d.name, ...(d.tier ? { tier: d.tier } : {}), ...(typeof d.score === 'number' ? { score: d.score } : {}) })),
    drugAnalysisNote: result.drugAnalysisNote,
    result,
  };
  options.onReady?.(info);
  host.dispatchEvent(new CustomEvent('biointel:ready', { detail: info, bubbles: true }));
  return info;
}

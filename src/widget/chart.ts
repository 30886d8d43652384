// The pathway chart: one horizontal bar per pathway, its length -log10 q, drawn as SVG with the
// DOM API (names are data, never markup). Each bar has a <title> (hover, screen readers) and the
// figure a text alternative; the numbers are also in a table next to it.
const SVG = 'http://www.w3.org/2000/svg';

export interface Bar {
  name: string;
  q: number;
  library?: string;
}

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

export function score(q: number): number {
  // q can underflow to 0 for overwhelming enrichment: cap at 1e-300 so the bar stays finite.
  return -Math.log10(Math.max(q, 1e-300));
}

function short(name: string, max = 38): string {
  return name.length > max ? `${name.slice(0, max - 1)}\u2026` : name;
}

export function pathwayChart(bars: readonly Bar[], titleId: string): SVGSVGElement {
  const row = 26;
  const label = 260;
  const width = 560;
  const plot = width - label - 56;
  const height = bars.length * row + 28;
  const max = Math.max(...bars.map((b) => score(b.q)), 1);
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-labelledby': titleId, class: 'chart', preserveAspectRatio: 'xMinYMin meet' });
  bars.forEach((b, i) => {
    const y = i * row + 4;
    const value = score(b.q);
    const g = el('g', { class: 'bar-row' });
    g.append(el('title', {}, `${b.name}${b.library ? ` (${b.library})` : ''}: q = ${b.q.toExponential(2)}, -log10 q = ${value.toFixed(2)}`));
    g.append(el('text', { x: label - 8, y: y + 15, 'text-anchor': 'end', class: 'label' }, short(b.name)));
    g.append(el('rect', { x: label, y: y + 2, width: Math.max(2, (value / max) * plot), height: row - 8, rx: 3, class: 'bar' }));
    g.append(el('text', { x: label + Math.max(2, (value / max) * plot) + 6, y: y + 15, class: 'value' }, value.toFixed(1)));
    svg.append(g);
  });
  svg.append(el('text', { x: label, y: height - 6, class: 'axis' }, '-log10 q (longer = stronger enrichment)'));
  return svg;
}

// Report sections about the panel itself: header, enriched pathways, strategies, hypotheses.
import { pathwayLabel } from '../analysis/pathway-names.js';
import { QUALITY_WEIGHTS } from '../analysis/quality.js';
import { phaseText } from '../analysis/drug-tiers.js';
import { enrichmentLowPowerClause, enrichmentUntestedNote, librariesUntestedNote, untestedReason } from '../tools/shared/panel-analysis/enrichment-notes.js';
import type { InsightsOutput } from '../tools/shared/panel-analysis/schema.js';
import { noHypothesesText, noStrategiesText } from '../tools/shared/summary.js';
import { chemblUrl, html, join, link, pmidLinks, type SafeHtml } from './escape.js';
import { fixed, integer, negLog10, pValue } from './format.js';
import { barChart } from './svg-chart.js';

type Result = InsightsOutput;

/** How many of the (best-first) enriched pathways the chart draws; the table lists them all. */
export const CHART_PATHWAYS = 15;

// Okabe-Ito: distinguishable with the common colour-vision deficiencies, dark enough on white.
const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#555555'];

/** A stable colour per library, in the order the analysis lists its libraries. */
export function libraryColors(r: Result): Map<string, string> {
  const names = [...new Set([...r.enrichment.map((e) => e.library), ...r.enrichedPathways.map((p) => p.library)])];
  return new Map(names.map((n, i) => [n, PALETTE[i % PALETTE.length] ?? '#555555']));
}

const QUALITY_LABELS: Record<keyof typeof QUALITY_WEIGHTS, string> = {
  groundedRatio: 'grounded ratio',
  citeF1: 'citation F1',
  notHallucinated: 'not hallucinated',
  sourceCoverage: 'source coverage',
};

export function headerSection(r: Result, meta: { generatedAt: string; version: string }): SafeHtml {
  const resolved = r.geneResolution.filter((g) => g.symbol !== null && g.how !== 'approved');
  const warnings = r.warnings.length
    ? html`<p class="banner"><a href="#sources">${r.warnings.length} warning${r.warnings.length === 1 ? '' : 's'}</a>: parts of this answer are missing or degraded; see Sources and warnings.</p>`
    : '';
  const parts = (Object.keys(QUALITY_WEIGHTS) as (keyof typeof QUALITY_WEIGHTS)[]).map(
    (k) => html`<li><span class="q-name">${QUALITY_LABELS[k]}</span> ${meter(r.qualityParts[k])} <span class="num">${fixed(r.qualityParts[k])}</span> <span class="muted">× ${fixed(QUALITY_WEIGHTS[k])}</span></li>`,
  );
  return html`<header class="report-header">
<p class="eyebrow">biointel analysis report</p>
<h1>${r.genes.join(', ') || 'No resolved gene'} <span class="muted">in</span> ${r.diseaseContext}</h1>
<p class="lead">${r.evidenceBrief.headline} <a href="#brief">Evidence brief</a></p>
${warnings}
<div class="header-grid">
<dl class="meta">
<dt>Panel</dt><dd>${join(r.genes.map((g) => html`<span class="chip">${g}</span>`), ' ')}${
    r.unresolvedGenes.length ? html`<div class="warn-text">Unresolved, left out: ${r.unresolvedGenes.join(', ')}</div>` : ''
  }${resolved.length ? html`<div class="muted small">${resolved.map((g) => `${g.input} → ${g.symbol ?? '?'} (${g.how})`).join('; ')}</div>` : ''}</dd>
<dt>Disease context</dt><dd>${r.diseaseContext}${
    r.diseaseMatches.length
      ? html`<div class="muted small">Open Targets: ${r.diseaseMatches.map((d) => `${d.name} (${d.id})`).join('; ')}</div>`
      : html`<div class="muted small">No Open Targets disease matched.</div>`
  }</dd>
<dt>Audience</dt><dd>${r.audience}</dd>
<dt>Snapshot</dt><dd><code>${r.snapshotId}</code><div class="muted small">Fetch again: <code>biointel snapshots show ${r.snapshotId}</code></div></dd>
<dt>Generated</dt><dd><time datetime="${meta.generatedAt}">${meta.generatedAt}</time></dd>
<dt>biointel</dt><dd>version ${meta.version}</dd>
</dl>
<section class="quality" aria-label="Quality score">
<div class="score-big"><span class="num">${fixed(r.qualityScore)}</span><span class="muted"> / 1</span></div>
<div class="score-label">Quality score</div>
<ul class="q-parts">${parts}</ul>
<p class="muted small">Weighted sum of the parts above (weights after ×). Source coverage: sources that answered / sources consulted.</p>
</section>
</div>
</header>`;
}

/** A 0-1 value as a small horizontal gauge (decorative: the number is printed next to it). */
export function meter(v: number | null): SafeHtml {
  const w = v === null || !Number.isFinite(v) ? 0 : Math.round(Math.min(1, Math.max(0, v)) * 100);
  return html`<span class="meter" aria-hidden="true"><span style="width:${w}%"></span></span>`;
}

export function pathwaysSection(r: Result): SafeHtml {
  const colors = libraryColors(r);
  const top = r.enrichedPathways.slice(0, CHART_PATHWAYS);
  const libs = html`<div class="table-wrap"><table class="compact"><thead><tr><th>Library</th><th class="num">N (universe)</th><th class="num">n (panel genes in library)</th><th class="num">Sets tested</th><th class="num">Significant</th><th>Panel genes not in library</th></tr></thead><tbody>${r.enrichment.map(
    (e) =>
      html`<tr><td class="lib">${swatch(colors.get(e.library))}${e.library}</td><td class="num">${integer(e.N)}</td><td class="num">${integer(e.n)}</td><td class="num">${integer(e.tested)}</td><td class="num">${integer(e.significant)}</td><td>${e.notInLibrary.join(', ') || '—'}</td></tr>`,
  )}</tbody></table></div>`;
  const intro = html`<p class="muted">Gene sets significant at q ≤ 0.05: one-sided hypergeometric test over each library's universe, Benjamini-Hochberg q per library. Best first.</p>`;
  const st = r.enrichmentStatus;
  // "Not computed" and "found nothing" read differently: the first is a failure, never a finding.
  const failed = st.failed.length
    ? html`<p class="${st.state === 'not_computed' ? 'alert' : 'muted'}">${st.state === 'not_computed' ? 'Enrichment not computed: no gene-set library could be loaded.' : 'Libraries not tested:'} ${st.failed.map((f) => `${f.library} (${f.error})`).join('; ')}.${st.fix ? ` ${st.fix}` : ''}</p>`
    : html``;
  if (st.state === 'not_computed') return html`<section id="pathways"><h2>Enriched pathways</h2>${failed}</section>`;
  const untested = enrichmentUntestedNote(r.enrichment);
  if (top.length === 0 && untested) return html`<section id="pathways"><h2>Enriched pathways</h2>${failed}<p class="alert">${untested}</p>${libs}</section>`;
  // Libraries that tested no set (a GMT of 3-gene modules) are named apart, never counted as tested.
  const someUntested = librariesUntestedNote(r.enrichment);
  const notTested = someUntested ? html`<p class="note warn">${someUntested}</p>` : html``;
  if (top.length === 0) return html`<section id="pathways"><h2>Enriched pathways</h2>${intro}${failed}${noneReached(r)}${notTested}${libs}</section>`;
  const chart = barChart(
    top.map((p) => ({
      label: pathwayLabel(p.name),
      sublabel: p.library,
      value: negLog10(p.q),
      valueText: fixed(negLog10(p.q), 1),
      color: colors.get(p.library) ?? '#555555',
      title: `${pathwayLabel(p.name)} (${p.library}, ${p.id}): q = ${pValue(p.q)}, ${p.k} of ${p.n} panel genes (${p.overlapGenes.join(', ')})`,
    })),
    { title: `Top ${top.length} enriched pathways by −log10(q)`, axisLabel: '−log10(q)   (longer bar = stronger enrichment)', threshold: { value: negLog10(0.05), label: 'q = 0.05' } },
  );
  const legend = [...colors].filter(([lib]) => top.some((p) => p.library === lib)).map(([lib, c]) => html`<span>${swatch(c)}${lib}</span>`);
  const rows = r.enrichedPathways.map(
    (p, i) =>
      html`<tr class="pathway"><td class="num">${i + 1}</td><td><div class="name">${pathwayLabel(p.name)}</div><div class="small">${link(p.link, p.id, `Open ${p.id}`)}</div></td><td class="lib">${swatch(colors.get(p.library))}${p.library}</td><td class="num">${p.k}/${p.K}</td><td class="num">${p.n}/${integer(p.N)}</td><td class="num">${fixed(p.oddsRatio, 1)}</td><td class="num">${pValue(p.p)}</td><td class="num">${pValue(p.q)}</td><td class="genes">${p.overlapGenes.join(', ')}</td></tr>`,
  );
  return html`<section id="pathways"><h2>Enriched pathways</h2>${intro}
<figure class="chart-wrap">${chart}<figcaption class="legend">${join(legend, ' ')}</figcaption></figure>
<div class="table-wrap"><table><thead><tr><th class="num">#</th><th>Gene set</th><th>Library</th><th class="num" title="panel genes in the set / set size">k/K</th><th class="num" title="panel genes in the library / library universe">n/N</th><th class="num">Odds ratio</th><th class="num">p</th><th class="num">q (BH)</th><th>Overlap genes</th></tr></thead><tbody>${rows}</tbody></table></div>
<h3>Libraries</h3>${libs}${notTested}${failed}</section>`;
}

/**
 * No set at q ≤ 0.05, counting the libraries that tested sets (the table names them all): a
 * finding, unless the panel has too few genes in them for over-representation analysis to have
 * power; then it is hedged, in the words of the MCP text and the terminal (enrichment-notes.ts).
 */
function noneReached(r: Result): SafeHtml {
  const tested = r.enrichment.filter((e) => untestedReason(e) === undefined);
  const lowPower = enrichmentLowPowerClause(r.enrichment, r.genes.length);
  const none = `No gene set reached q ≤ 0.05 in the ${tested.length} librar${tested.length === 1 ? 'y' : 'ies'} tested`;
  if (lowPower) return html`<p class="note warn">${none}, but ${lowPower}: this says little about the genes' pathways.</p>`;
  return html`<p class="empty">${none}. A small panel, or genes that share no curated process, often gives none.</p>`;
}

function swatch(color: string | undefined): SafeHtml {
  return html`<span class="swatch" style="background:${color ?? '#555555'}" aria-hidden="true"></span>`;
}

export function strategiesSection(r: Result): SafeHtml {
  if (r.therapeuticStrategies.length === 0) {
    const none = noStrategiesText(r);
    return html`<section id="strategies"><h2>Therapeutic strategies</h2><p class="${none.failed ? 'alert' : 'empty'}">${none.text}</p></section>`;
  }
  const items = r.therapeuticStrategies.map(
    (s) => html`<li class="card strategy"><h3>${s.strategy} <span class="badge ${s.approach === 'drug-targeting' ? 'b-blue' : 'b-green'}">${s.approach}</span></h3>
<p>${s.rationale}</p>
<dl class="kv"><dt>Target genes</dt><dd>${s.targetGenes.join(', ') || '—'}</dd>${
      s.pathways.length ? html`<dt>Pathways</dt><dd>${s.pathways.map((p) => `${pathwayLabel(p.name)} (${p.library}, q = ${pValue(p.q)})`).join('; ')}</dd>` : ''
    }${
      s.drugs.length
        ? html`<dt>Drugs</dt><dd>${join(
            s.drugs.map((d) => html`${link(chemblUrl(d.chemblId), d.name)} <span class="muted">(tier ${d.tier}${d.maxPhase === null ? '' : `, ${phaseText(d.maxPhase)}`}${d.actionTypes.length ? `, ${d.actionTypes.join('/').toLowerCase()}` : ''})</span>`),
            '; ',
          )}</dd>`
        : ''
    }${s.evidencePmids.length ? html`<dt>Evidence</dt><dd>${pmidLinks(s.evidencePmids)}</dd>` : ''}</dl></li>`,
  );
  return html`<section id="strategies"><h2>Therapeutic strategies</h2><ol class="cards">${items}</ol></section>`;
}

export function hypothesesSection(r: Result): SafeHtml {
  if (r.hypotheses.length === 0) {
    const none = noHypothesesText(r);
    return html`<section id="hypotheses"><h2>Hypotheses</h2><p class="${none.failed ? 'alert' : 'empty'}">${none.text}</p></section>`;
  }
  const items = r.hypotheses.map(
    (h) => html`<li class="card hypothesis"><h3><span class="hid">${h.id}</span> ${h.statement}</h3>
<p class="tags"><span class="badge conf-${h.confidenceLabel}">confidence ${fixed(h.confidence)} (${h.confidenceLabel})</span>${h.novel ? html` <span class="badge novel" title="No article links these genes with the disease">novel</span>` : ''} ${join(
      h.basis.map((b) => html`<span class="chip">${b}</span>`),
      ' ',
    )}</p>
<p>${h.rationale}</p>
<dl class="kv"><dt>Genes</dt><dd>${h.genes.join(', ')}</dd><dt>STRING score</dt><dd>${fixed(h.stringScore)}</dd><dt>Co-mentions</dt><dd>${h.coMentions === null ? 'not checked' : integer(h.coMentions)}</dd>${
      h.sharedPathways.length ? html`<dt>Shared pathways</dt><dd>${h.sharedPathways.map((p) => `${pathwayLabel(p.name)} (q = ${pValue(p.q)})`).join('; ')}</dd>` : ''
    }<dt>PMIDs</dt><dd>${h.supportingPmids.length ? pmidLinks(h.supportingPmids) : html`<span class="muted">none</span>`}</dd></dl></li>`,
  );
  return html`<section id="hypotheses"><h2>Hypotheses</h2><p class="muted">Derived from the data (STRING interactions, shared enriched pathways, literature co-mentions). Novel: no article mentions both genes with the disease.</p><ol class="cards">${items}</ol></section>`;
}

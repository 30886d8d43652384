// Self-contained HTML report of an svc_compare_targets result (`biointel compare --html`), built
// from the pieces of the analysis report: the same escaping, stylesheet, CSP and number formats.
// Shows the whole comparison it is given; the CLI passes the saved (uncut) comparison.
import { pathwayLabel } from '../analysis/pathway-names.js';
import type { CompareOutput } from '../tools/compare-targets/schema.js';
import { VERSION } from '../version.js';
import { chemblUrl, html, join, link, type SafeHtml } from './escape.js';
import { fixed, pValue } from './format.js';
import { reportPage, type ReportMeta } from './html.js';

type R = CompareOutput;

const tierBadge = (t: string) => html`<span class="badge tier tier-${t}">${t}</span>`;
const genes = (list: readonly string[]) => join(list.map((g) => html`<span class="chip">${g}</span>`), ' ');

function header(r: R, m: Required<ReportMeta>): SafeHtml {
  const side = (label: string, s: R['panelA']) =>
    html`<dt>Panel ${label}</dt><dd>${genes(s.genes)} <span class="muted">in</span> ${s.diseaseContext}${
      s.unresolvedGenes.length ? html`<div class="warn-text">Unresolved, left out: ${s.unresolvedGenes.join(', ')}</div>` : ''
    }<div class="muted small">Quality ${fixed(s.qualityScore)} · snapshot <code>${s.snapshotId}</code></div></dd>`;
  return html`<header class="report-header">
<p class="eyebrow">biointel panel comparison</p>
<h1>Panel A <span class="muted">vs</span> panel B</h1>
<p class="lead">${r.summary}</p>
${r.warnings.length ? html`<p class="banner"><a href="#sources">${r.warnings.length} warning${r.warnings.length === 1 ? '' : 's'}</a>: parts of the analyses are missing or degraded.</p>` : ''}
<dl class="meta">${side('A', r.panelA)}${side('B', r.panelB)}
<dt>Shared genes</dt><dd>${r.genes.shared.length ? genes(r.genes.shared) : html`<span class="muted">none</span>`}</dd>
<dt>Comparison</dt><dd><code>${r.snapshotId}</code><div class="muted small">Fetch again: <code>biointel snapshots show ${r.snapshotId}</code>; what changed between the sides: <code>biointel snapshots diff ${r.panelA.snapshotId} ${r.panelB.snapshotId}</code></div></dd>
<dt>Generated</dt><dd><time datetime="${m.generatedAt}">${m.generatedAt}</time> · biointel ${m.version}</dd>
</dl>
</header>`;
}

function onlyInOne(label: string, list: R['uniquePathways']['a']): SafeHtml {
  return list.length
    ? html`<h3>Only in panel ${label}</h3><div class="table-wrap"><table class="compact"><thead><tr><th>Gene set</th><th>Library</th><th class="num">q</th><th>Genes</th><th>On the other side</th></tr></thead><tbody>${list.map(
        (p) => html`<tr><td class="name">${pathwayLabel(p.name)}</td><td class="lib">${p.library}</td><td class="num">${pValue(p.q)}</td><td class="genes">${p.overlapGenes.join(', ')}</td><td class="muted">${p.otherSide}</td></tr>`,
      )}</tbody></table></div>`
    : html`<h3>Only in panel ${label}</h3><p class="empty">None.</p>`;
}

function pathways(r: R): SafeHtml {
  if (r.pathwayNote) {
    // Enrichment could not run on a side: no "None." that would read as a finding; the side that ran is listed.
    const ran = (['A', 'B'] as const).filter((l) => r.uniquePathways[l === 'A' ? 'a' : 'b'].length).map((l) => onlyInOne(l, r.uniquePathways[l === 'A' ? 'a' : 'b']));
    return html`<section id="pathways"><h2>Pathways</h2><p class="alert">${r.pathwayNote}</p>${ran}</section>`;
  }
  const shared = r.sharedPathways.length
    ? html`<div class="table-wrap"><table><thead><tr><th>Gene set</th><th>Library</th><th class="num">q in A</th><th class="num">q in B</th></tr></thead><tbody>${r.sharedPathways.map(
        (p) => html`<tr><td class="name">${pathwayLabel(p.name)}<div class="small muted">${p.id}</div></td><td class="lib">${p.library}</td><td class="num">${pValue(p.qA)}</td><td class="num">${pValue(p.qB)}</td></tr>`,
      )}</tbody></table></div>`
    : html`<p class="empty">No gene set is significant (q ≤ 0.05) in both panels.</p>`;
  return html`<section id="pathways"><h2>Pathways</h2><p class="muted">Significant gene sets (hypergeometric, Benjamini-Hochberg q ≤ 0.05 per library) in both panels, strongest in both first, then those reported for one panel only. “Beyond the reported list” means the other analysis found more significant sets than it reports, so this one may be among them.</p><h3>In both</h3>${shared}${onlyInOne('A', r.uniquePathways.a)}${onlyInOne('B', r.uniquePathways.b)}</section>`;
}

function drugs(r: R): SafeHtml {
  const o = r.drugOverlap;
  if (!o) return html`<section id="drugs"><h2>Drug candidates</h2><p class="note drug-note">${r.drugAnalysisNote ?? 'Drug candidates were not compared.'}</p></section>`;
  const shared = o.shared.length
    ? html`<div class="table-wrap"><table class="compact"><thead><tr><th>Drug</th><th>Tier A</th><th>Tier B</th><th class="num">Score A</th><th class="num">Score B</th><th class="num">Rank A</th><th class="num">Rank B</th><th>Via genes A</th><th>Via genes B</th></tr></thead><tbody>${o.shared.map(
        (d) => html`<tr><td>${link(chemblUrl(d.chemblId), d.name)}</td><td>${tierBadge(d.tierA)}</td><td>${tierBadge(d.tierB)}</td><td class="num">${fixed(d.scoreA)}</td><td class="num">${fixed(d.scoreB)}</td><td class="num">${d.rankA}</td><td class="num">${d.rankB}</td><td>${d.genesA.join(', ')}</td><td>${d.genesB.join(', ')}</td></tr>`,
      )}</tbody></table></div>`
    : html`<p class="empty">No candidate is shared.</p>`;
  const one = (label: string, list: typeof o.aOnly) =>
    html`<h3>Only for panel ${label}</h3>${
      list.length
        ? html`<div class="table-wrap"><table class="compact"><thead><tr><th>Drug</th><th>Tier</th><th class="num">Score</th><th class="num">Rank</th><th>Targets</th><th>On the other side</th></tr></thead><tbody>${list.map(
            (d) => html`<tr><td>${link(chemblUrl(d.chemblId), d.name)}</td><td>${tierBadge(d.tier)}</td><td class="num">${fixed(d.score)}</td><td class="num">${d.rank}</td><td>${d.targetGenes.join(', ')}</td><td class="muted">${d.otherSide}</td></tr>`,
          )}</tbody></table></div>`
        : html`<p class="empty">None.</p>`
    }`;
  return html`<section id="drugs"><h2>Drug candidates</h2><p class="muted">Tiers and six-factor scores as each panel’s analysis ranked them (see each snapshot for the factors, ADMET and evidence).</p><h3>Shared</h3>${shared}${one('A', o.aOnly)}${one('B', o.bOnly)}</section>`;
}

function evidence(r: R): SafeHtml {
  const cell = (v: number | boolean | string | null) => (v === null ? html`<span class="muted">not computed</span>` : typeof v === 'number' ? fixed(v, 3) : String(v));
  const rows = Object.entries(r.integrityDeltas).map(
    ([k, d]) => html`<tr><td>${k}</td><td class="num">${cell(d.a)}</td><td class="num">${cell(d.b)}</td><td class="num">${d.delta === null ? '—' : fixed(d.delta, 3)}</td></tr>`,
  );
  return html`<section id="integrity"><h2>Evidence quality</h2><p>Quality score: A ${fixed(r.qualityScore.a)}, B ${fixed(r.qualityScore.b)} (B − A ${fixed(r.qualityScore.delta)}).</p><div class="table-wrap"><table class="compact"><thead><tr><th>Integrity figure</th><th class="num">A</th><th class="num">B</th><th class="num">B − A</th></tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

function sources(r: R): SafeHtml {
  return html`<section id="sources"><h2>Sources and warnings</h2><div class="table-wrap"><table class="compact"><thead><tr><th>Source</th><th>Status</th><th class="num">Records</th><th>Error or note</th></tr></thead><tbody>${r.sources.map(
    (s) => html`<tr><td>${s.id}</td><td><span class="badge st-${s.status}">${s.status}</span></td><td class="num">${s.records}</td><td class="small">${s.error ?? s.note ?? ''}</td></tr>`,
  )}</tbody></table></div>${r.warnings.length ? html`<ul class="warnings">${r.warnings.map((w) => html`<li>${w}</li>`)}</ul>` : ''}</section>`;
}

export function renderCompareReport(r: R, meta: ReportMeta = {}): string {
  const m = { generatedAt: meta.generatedAt ?? new Date().toISOString(), version: meta.version ?? VERSION };
  const title = `biointel: ${r.panelA.genes.slice(0, 6).join(', ')} vs ${r.panelB.genes.slice(0, 6).join(', ')}`;
  return reportPage(title, m.version, html`${header(r, m)}
<nav class="toc" aria-label="Sections"><a href="#pathways">Pathways</a><a href="#drugs">Drugs</a><a href="#integrity">Evidence quality</a><a href="#sources">Sources and warnings</a></nav>
${pathways(r)}
${drugs(r)}
${evidence(r)}
${sources(r)}
<footer>Generated by biointel ${m.version} on ${m.generatedAt} from comparison snapshot <code>${r.snapshotId}</code>. This file loads nothing from the network.</footer>
`);
}

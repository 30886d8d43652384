// The drug-candidate table: tier, score, the six factors (value, weight, and the detail that
// justifies each), ADMET with the source of every value, evidence quality. Or the note that says
// why there are no candidates.
import { FACTOR_NAMES, FACTOR_WEIGHTS, type FactorName } from '../analysis/drug-scoring.js';
import { phaseText, withdrawalNotKnown } from '../analysis/drug-tiers.js';
import { claimText } from '../analysis/drug-targets.js';
import type { InsightsOutput } from '../tools/shared/panel-analysis/schema.js';
import { failedDrugSources, noDrugsText } from '../tools/shared/summary.js';
import { chemblUrl, html, join, link, pmidLinks, type SafeHtml } from './escape.js';
import { fixed } from './format.js';
import { meter } from './sections.js';

type Candidate = InsightsOutput['drugCandidates'][number];
type Sourced = { value: number; source: 'chembl' | 'pubchem' } | null;

export const FACTOR_LABELS: Record<FactorName, string> = {
  clinicalPhase: 'Clinical phase',
  targetDiseaseAssociation: 'Disease assoc.',
  mechanismDirectness: 'Mechanism',
  drugLikeness: 'Drug-likeness',
  literatureSupport: 'Literature',
  pathwayCentrality: 'Centrality',
};

const FACTOR_HELP: Record<FactorName, string> = {
  clinicalPhase: 'Highest clinical phase reached (4 = approved); halved when withdrawn',
  targetDiseaseAssociation: 'Open Targets association score of the best target gene with the disease',
  mechanismDirectness: "How directly the drug acts on a panel gene: curated directional mechanism > curated mechanism > interaction only; an action against the gene's role earns nothing",
  drugLikeness: 'QED (ChEMBL), rule-of-five violations beside it; unknown without a QED',
  literatureSupport: 'PubMed articles that mention the drug with the disease',
  pathwayCentrality: 'How central the target is in the panel: significant pathways containing it and STRING degree',
};

const SOURCE_NAMES = { chembl: 'ChEMBL', pubchem: 'PubChem' } as const;
// #, drug, tier, score, the factors, MW, LogP, HBD, HBA, QED, Lipinski, evidence.
const COLUMNS = 11 + FACTOR_NAMES.length;

export function drugsSection(r: InsightsOutput): SafeHtml {
  const head = html`<section id="drugs"><h2>Drug candidates</h2>`;
  if (r.drugCandidates.length === 0) {
    // A failed drug source is not "no drug": the same sentence as the MCP text and the terminal.
    const note = r.drugAnalysisNote ?? `Drug candidates: ${noDrugsText(r.sources)}.`;
    return html`${head}<p class="note drug-note${!r.drugAnalysisNote && failedDrugSources(r.sources).length ? ' warn' : ''}">${note}</p></section>`;
  }
  const factorHeads = FACTOR_NAMES.map((n) => html`<th class="num factor" title="${FACTOR_HELP[n]}. Weight ${fixed(FACTOR_WEIGHTS[n])}.">${FACTOR_LABELS[n]}<span class="w">×${fixed(FACTOR_WEIGHTS[n])}</span></th>`);
  const rows = r.drugCandidates.map((c, i) => drugRows(c, i + 1));
  return html`${head}<p class="muted">Tier I: approved for the disease (an approved indication for it, or for a disease below it). Tier II: approved elsewhere (repurposing) or phase 2–3 here. Tier III: earlier phase, interaction evidence only, or withdrawn. Score: weighted mean of the six factors (0–1, weight after ×); an unknown factor (n/a) is left out and the other weights renormalised. Hover a value, or open “Details”, for its evidence. ADMET from ChEMBL; <span class="src-pubchem">*</span> = from PubChem.</p>
<div class="table-wrap"><table class="drugs"><thead><tr><th class="num">#</th><th>Drug</th><th>Tier</th><th class="num">Score</th>${factorHeads}<th class="num" title="molecular weight, Da">MW</th><th class="num">LogP</th><th class="num">HBD</th><th class="num">HBA</th><th class="num">QED</th><th>Lipinski</th><th>Evidence</th></tr></thead>
<tbody>${rows}</tbody></table></div></section>`;
}

function drugRows(c: Candidate, rank: number): SafeHtml {
  const factors = FACTOR_NAMES.map((n) => {
    const f = c.factors[n];
    const title = `${FACTOR_LABELS[n]}: ${f.value === null ? 'unknown (left out of the score)' : `${fixed(f.value)} × weight ${fixed(f.weight)} → contributes ${fixed(f.contribution, 3)}`}. ${f.detail}`;
    return html`<td class="num factor${f.value === null ? ' missing' : ''}" data-factor="${n}" data-value="${f.value ?? ''}" title="${title}">${fixed(f.value)}</td>`;
  });
  const a = c.admet;
  const lipinski =
    a.lipinskiPass === null
      ? html`<td class="muted" title="${a.note ?? 'rule of five not computable'}">n/a</td>`
      : html`<td title="${a.lipinskiViolations?.value ?? '?'} violation(s) of MW ≤ 500, LogP ≤ 5, HBD ≤ 5, HBA ≤ 10; pass = at most one (${admetSources(c)})"><span class="badge ${a.lipinskiPass ? 'b-green' : 'b-red'}">${a.lipinskiPass ? 'pass' : 'fail'}</span> <span class="muted">${a.lipinskiViolations?.value ?? '?'}</span></td>`;
  const status = c.withdrawn ? 'withdrawn' : c.approved ? `approved${withdrawalNotKnown(c) ? ' · withdrawal not known' : ''}` : c.maxPhase === null ? 'phase unknown' : phaseText(c.maxPhase);
  // Beside the status, as the terminal table marks it: the reason is in the tier's tooltip and Details.
  const against = c.roleConflicts?.length ? ` · acts against the role of ${c.roleConflicts.map((x) => x.gene).join(', ')}` : '';
  const main = html`<tr class="drug" data-chembl="${c.chemblId ?? ''}"><td class="num">${rank}</td><td class="drug-name"><strong>${c.name}</strong><div class="small">${
    c.chemblId ? link(chemblUrl(c.chemblId), c.chemblId, `ChEMBL compound report card ${c.chemblId}`) : html`<span class="muted">no ChEMBL id</span>`
  } · ${status}${against}</div><div class="small muted">${c.targetGenes.join(', ')}${c.actionTypes.length ? ` · ${c.actionTypes.join('/').toLowerCase()}` : ''}</div>${interactionOnly(c)}</td><td title="${c.tierReason}"><span class="badge tier tier-${c.tier}">${c.tier}</span></td><td class="num score" title="${c.missingFactors.length ? `unknown factors left out: ${c.missingFactors.join(', ')}` : 'all six factors known'}"><strong>${fixed(c.score)}</strong>${meter(c.score)}</td>${factors}${sourced(a.molecularWeight, 0)}${sourced(a.logP, 2)}${sourced(a.hbd, 0)}${sourced(a.hba, 0)}${sourced(a.qed, 2)}${lipinski}<td title="${c.evidenceQualityReason}"><span class="badge eq-${c.evidenceQuality}">${c.evidenceQuality}</span></td></tr>`;
  const factorList = FACTOR_NAMES.map((n) => {
    const f = c.factors[n];
    return html`<li><strong>${FACTOR_LABELS[n]}</strong> ${f.value === null ? html`<span class="muted">n/a (left out)</span>` : html`${fixed(f.value)} × ${fixed(f.weight)} → ${fixed(f.contribution, 3)}`} — ${f.detail}</li>`;
  });
  const coverage = FACTOR_NAMES.reduce((sum, n) => sum + (c.factors[n].value === null ? 0 : c.factors[n].weight), 0);
  const renormalised = c.missingFactors.length
    ? html`<p class="muted">Unknown, left out: ${c.missingFactors.map((n) => FACTOR_LABELS[n as FactorName] ?? n).join(', ')}. The known weights are renormalised (÷ ${fixed(coverage)}), so the contributions add up to the score ${fixed(c.score)}.</p>`
    : html`<p class="muted">Contributions (value × weight) add up to the score ${fixed(c.score)}.</p>`;
  const detail = html`<tr class="drug-detail"><td colspan="${COLUMNS}"><details><summary>Details: ${c.name}</summary><div class="detail-grid"><div><p><strong>Tier ${c.tier}.</strong> ${c.tierReason}</p><ul class="factor-list">${factorList}</ul>${renormalised}</div><dl class="kv">${
    c.mechanisms.length ? html`<dt>Mechanisms</dt><dd>${c.mechanisms.join('; ')}</dd>` : ''
  }<dt>Evidence quality</dt><dd>${c.evidenceQuality}: ${c.evidenceQualityReason}</dd>${trialsAndLabel(c)}<dt>Sources</dt><dd>${c.sources.join(', ') || '—'}</dd><dt>ADMET sources</dt><dd>${admetSources(c)}${a.note ? html`<div class="muted">${a.note}</div>` : ''}</dd>${
    c.pmids.length ? html`<dt>PMIDs</dt><dd>${pmidLinks(c.pmids)}</dd>` : ''
  }</dl></div></details></td></tr>`;
  return join([main, detail]);
}

/** ClinicalTrials.gov and openFDA context, present for the top candidates only. */
function trialsAndLabel(c: Candidate): SafeHtml | string {
  const t = c.trials
    ? html`<dt>Trials in this disease</dt><dd>${c.trials.total ?? c.trials.nctIds.length} (ClinicalTrials.gov${c.trials.maxPhase === null ? '' : `, highest phase ${c.trials.maxPhase}`})${
        c.trials.nctIds.length ? html`: ${join(c.trials.nctIds.map((id) => link(`https://clinicaltrials.gov/study/${id}`, id)), ', ')}` : ''
      }</dd>`
    : '';
  const l =
    c.label === undefined
      ? ''
      : c.label === null
        ? html`<dt>FDA label</dt><dd class="muted">none found in openFDA</dd>`
        : html`<dt>FDA label</dt><dd>${link(c.label.url, c.label.boxedWarning ? 'boxed warning' : 'no boxed warning')}${c.label.boxedWarningText ? html`<div class="small">${c.label.boxedWarningText}</div>` : ''}</dd>`;
  return html`${t}${l}`;
}

function sourced(v: Sourced, digits: number): SafeHtml {
  if (v === null) return html`<td class="num muted" title="not available">n/a</td>`;
  return html`<td class="num" title="${SOURCE_NAMES[v.source]}">${fixed(v.value, digits)}${v.source === 'pubchem' ? html`<span class="src-pubchem">*</span>` : ''}</td>`;
}

function admetSources(c: Candidate): string {
  const a = c.admet;
  const named: [string, Sourced][] = [
    ['MW', a.molecularWeight],
    ['LogP', a.logP],
    ['HBD', a.hbd],
    ['HBA', a.hba],
    ['QED', a.qed],
  ];
  const known = named.filter((x): x is [string, NonNullable<Sourced>] => x[1] !== null);
  return known.length ? known.map(([k, v]) => `${k}: ${SOURCE_NAMES[v.source]}`).join(', ') : 'no ADMET values';
}

/** Genes only DGIdb claims link the drug to, said apart from its targets: often a biomarker of response or resistance. */
function interactionOnly(c: Candidate): SafeHtml | string {
  const claims = c.interactionOnly ?? [];
  if (!claims.length) return '';
  const text = claims.map((x) => `${x.gene} (${claimText(x)})`).join('; ');
  return html`<div class="small muted" data-interaction-only>DGIdb claims only, not targets: ${text}</div>`;
}

// Terminal rendering of svc_generate_insights: a markdown-like report that reads well in a
// terminal and pastes cleanly into notes.
import type { InsightsOutput } from '../../tools/shared/panel-analysis/schema.js';
import { pathwayLabel } from '../../analysis/pathway-names.js';
import { claimText } from '../../analysis/drug-targets.js';
import { withdrawalNotKnown } from '../../analysis/drug-tiers.js';
import { truncate as cut, pValue } from '../../text.js';
import { describeIntegrity, drugsIncompleteText, noDrugsText, noHypothesesText, noStatementsText, noStrategiesText } from '../../tools/shared/summary.js';
import { sourceFailed } from '../../source-status.js';
import { enrichmentLowPowerClause, enrichmentNotComputedNote, enrichmentUntestedNote, untestedList } from '../../tools/shared/panel-analysis/enrichment-status.js';
import { CIVIC_MAX_FIRST } from '../../sources/civic.js';
import { civicInDisease, failedForGene, genesFailed } from '../../tools/shared/panel-analysis/focus-gaps.js';
import { heading, style, table } from '../output.js';
import { STATUS_MARK } from './evidence-status.js';


/** No set at q <= 0.05: in the libraries that tested sets, hedged when the panel is too small to have power. */
function noneReached(r: InsightsOutput): string {
  const tested = r.enrichment.filter((e) => e.n > 0 && e.tested > 0);
  const lowPower = enrichmentLowPowerClause(r.enrichment, r.genes.length);
  return `None reached q <= 0.05 in the ${tested.length} librar${tested.length === 1 ? 'y' : 'ies'} tested (${tested.map((e) => e.library).join(', ')})${lowPower ? `, but ${lowPower}` : ''}.`;
}

export function renderInsights(r: InsightsOutput): string {
  const out: string[] = [];
  out.push(heading(`# ${r.evidenceBrief.headline}`), '');
  out.push(`Genes: ${r.genes.join(', ')}${r.unresolvedGenes.length ? `  (unresolved: ${r.unresolvedGenes.join(', ')})` : ''}`);
  out.push(`Disease: ${r.diseaseContext}${r.diseaseMatches.length ? ` -> ${r.diseaseMatches.map((d) => `${d.name} (${d.id})`).join(', ')}` : ''}`);
  out.push(`Quality ${r.qualityScore.toFixed(2)} | snapshot ${r.snapshotId} | audience ${r.audience}`, '');
  out.push(r.evidenceBrief.summary, '');

  out.push(heading('## Enriched pathways (q <= 0.05)'));
  const st = r.enrichmentStatus;
  if (st.state === 'not_computed') out.push(`NOT COMPUTED: ${enrichmentNotComputedNote(st)}`, ...st.failed.map((f) => `  ${f.library}: ${f.error}`), ...(st.fix ? [`Fix: ${st.fix}`] : []));
  else if (st.state === 'partial') out.push(`Not tested (failed): ${st.failed.map((f) => `${f.library} (${f.error})`).join('; ')}`);
  if (st.state !== 'not_computed') out.push(
    r.enrichedPathways.length
      ? table(
          r.enrichedPathways.slice(0, 15).map((p) => [cut(pathwayLabel(p.name), 60), p.library, `${p.k}/${p.K}`, pValue(p.q), cut(p.overlapGenes.join(','), 40)]),
          ['pathway', 'library', 'k/K', 'q', 'genes'],
        )
      : (enrichmentUntestedNote(r.enrichment) ?? noneReached(r)),
  );
  const notTested = enrichmentUntestedNote(r.enrichment) ? '' : untestedList(r.enrichment);
  if (st.state !== 'not_computed' && notTested) out.push(`Tested no set: ${notTested}.`);
  const x = r.enrichmentCrossCheck;
  out.push(x ? `g:Profiler (${x.version ?? 'version unknown'}) confirms ${x.confirmed} of ${x.checked} reported pathways (${x.significantTerms} significant terms of its own).` : 'g:Profiler cross-check unavailable.', '');

  if (r.focusGenes.length) {
    out.push(heading('## Focus genes'));
    // "?" where the source failed, for every gene or for this one (AlphaFold, CIViC and ClinPGx are
    // asked per gene); "-" where it has nothing for the gene (or was not asked for it).
    const none = (f: { symbol: string }, source: string) => (failedForGene(r, source, f.symbol) ? '?' : '-');
    out.push(
      table(
        r.focusGenes.map((f) => [
          f.symbol,
          cut(f.protein?.name ?? none(f, 'uniprot'), 34),
          f.protein ? f.protein.targetClasses.join(',') || '-' : none(f, 'uniprot'),
          f.structure ? `${f.structure.meanPlddt.toFixed(0)} (${f.structure.band})` : none(f, 'alphafold'),
          f.constraint?.loeuf == null ? none(f, 'gnomad') : `${f.constraint.loeuf.toFixed(2)}${f.constraint.lofIntolerant ? ' intolerant' : ''}`,
          f.clinicalEvidence ? civicCell(f.clinicalEvidence) : none(f, 'civic'),
          f.pharmacogenomics ? String(f.pharmacogenomics.annotations) : none(f, 'pharmgkb'),
        ]),
        ['gene', 'protein', 'class', 'pLDDT', 'LOEUF', 'CIViC', 'PGx'],
      ),
    );
    const symbols = r.focusGenes.map((f) => f.symbol);
    const unknown = ['uniprot', 'alphafold', 'gnomad', 'civic', 'pharmgkb'].flatMap((s) => {
      if (sourceFailed(r.sources, s)) return [`${s} failed`];
      const genes = genesFailed(r, s, symbols);
      return genes.length ? [`${s} failed for ${genes.join(', ')}`] : [];
    });
    out.push(...(unknown.length ? [`? = not known: ${unknown.join('; ')} (see Warnings)`] : []));
    const partly = r.focusGenes.some((f) => f.clinicalEvidence && civicInDisease(f.clinicalEvidence).read !== 'all');
    if (partly) out.push(`CIViC "here": items in this disease among those read; CIViC lists ${CIVIC_MAX_FIRST} a request, so "of first ${CIVIC_MAX_FIRST}" leaves the rest uncounted ("? here": not counted)`);
    out.push('');
  }

  out.push(heading('## Drug candidates'));
  if (r.drugAnalysisNote) out.push(r.drugAnalysisNote);
  else if (!r.drugCandidates.length) out.push(`Drug candidates: ${noDrugsText(r.sources)}.`);
  else {
    const incomplete = drugsIncompleteText(r.sources);
    if (incomplete) out.push(style('yellow', `Not a complete list${incomplete}.`));
    out.push(
      table(
        r.drugCandidates.slice(0, 15).map((d) => [
          `${d.name}${drugMarks(d)}`,
          d.tier,
          d.score.toFixed(2),
          d.maxPhase === null ? '-' : String(d.maxPhase),
          d.targetGenes.map((g) => (claimOnly(d).has(g) ? `${g}*` : g)).join(','),
          d.actionTypes.join(',') || '-',
          d.admet.lipinskiPass === null ? '-' : d.admet.lipinskiPass ? 'pass' : 'fail',
          d.evidenceQuality,
        ]),
        ['drug', 'tier', 'score', 'phase', 'targets', 'action', 'Lipinski', 'evidence'],
      ),
    );
    const shown = r.drugCandidates.slice(0, 15);
    if (shown.some((d) => d.targetGenes.some((g) => claimOnly(d).has(g)))) out.push('* linked by DGIdb claims alone (a biomarker or a case report): no source says the drug acts on it');
    for (const d of shown.filter((c) => c.interactionOnly?.some((x) => !c.targetGenes.includes(x.gene)))) {
      const apart = d.interactionOnly!.filter((x) => !d.targetGenes.includes(x.gene));
      out.push(`${d.name}: DGIdb claims only, not targets: ${apart.map((x) => `${x.gene} (${claimText(x)})`).join('; ')}`);
    }
    for (const d of shown.filter((c) => c.withdrawn)) out.push(`! ${d.name}: withdrawn (${d.withdrawnReason ?? 'source not named'})`);
    for (const d of shown.filter((c) => c.roleConflicts?.length)) out.push(`! ${d.name}: acts against its target's role: ${d.roleConflicts!.map((x) => x.reason).join('; ')}`);
    for (const d of r.drugCandidates.filter((c) => c.label?.boxedWarning)) out.push(`! ${d.name}: FDA boxed warning (${d.label!.url})`);
  }
  out.push('');

  // An empty section says why, as the HTML report does: a failed source is not "none".
  const none = (x: { text: string; failed: boolean }) => (x.failed ? style('yellow', x.text) : x.text);
  out.push(heading('## Therapeutic strategies'));
  if (!r.therapeuticStrategies.length) out.push(none(noStrategiesText(r)));
  for (const s of r.therapeuticStrategies) out.push(`- ${s.strategy}: ${s.rationale}`);
  out.push('', heading('## Hypotheses'));
  if (!r.hypotheses.length) out.push(none(noHypothesesText(r)));
  for (const h of r.hypotheses.slice(0, 8)) {
    out.push(`- ${h.id} [${h.confidenceLabel} ${h.confidence.toFixed(2)}${h.novel ? ', novel' : ''}] ${h.statement} ${h.rationale}${h.supportingPmids.length ? ` PMID ${h.supportingPmids.join(', ')}` : ''}`);
  }
  out.push('');
  if (r.preprints.length) {
    out.push(heading('## Preprints (not peer reviewed)'));
    for (const p of r.preprints) out.push(`- ${p.title} (${p.server ?? 'preprint'} ${p.date ?? ''}${p.publishedDoi ? `; published: ${p.publishedDoi}` : ''}) ${p.url}`);
    out.push('');
  }
  out.push(heading(`## Evidence brief (${r.evidenceBrief.audience})`));
  if (!r.evidenceBrief.statements.length) out.push(none(noStatementsText(r)));
  for (const s of r.evidenceBrief.statements) out.push(`${STATUS_MARK[s.status]} ${s.status}: ${s.text}`);
  out.push('', heading('## Integrity'), describeIntegrity(r.integrity));
  const failed = r.sources.filter((s) => s.status === 'failed');
  const partial = r.sources.filter((s) => s.status === 'partial');
  out.push(
    `Sources: ${r.sources.filter((s) => s.status === 'ok' || s.status === 'cached').length} answered, ${partial.length ? `${partial.length} partly (${partial.map((s) => `${s.id} ${s.failedCalls}/${s.calls} calls failed`).join(', ')}), ` : ''}${failed.length} failed, ${r.sources.filter((s) => s.status === 'skipped').length} skipped`,
  );
  if (r.warnings.length) out.push('', heading('## Warnings'), ...r.warnings.map((w) => `! ${w}`));
  return out.join('\n');
}

/** Items CIViC has for the gene, and how many of them are in the disease as far as they were read. */
function civicCell(c: NonNullable<InsightsOutput['focusGenes'][number]['clinicalEvidence']>): string {
  const here = civicInDisease(c);
  if (here.read === 'all') return `${c.evidenceItems} (${here.count} here)`;
  if (here.read === 'first') return `${c.evidenceItems} (${here.count} of first ${here.first} here)`;
  return `${c.evidenceItems} (? here)`;
}

/**
 * Marks after a drug's name in the table: withdrawn (or, approved, its withdrawal records not read),
 * or acting against a target's role. The row
 * once read "GEFITINIB III 0.49 4 EGFR - pass low", its withdrawal said nowhere on the page.
 */
function drugMarks(d: InsightsOutput['drugCandidates'][number]): string {
  const marks = [d.withdrawn ? 'withdrawn' : withdrawalNotKnown(d) ? 'withdrawal not known' : '', d.roleConflicts?.length ? 'role conflict' : ''].filter(Boolean);
  return marks.length ? ` [${marks.join(', ')}]` : '';
}

/** Genes only DGIdb claims link the drug to. */
function claimOnly(d: InsightsOutput['drugCandidates'][number]): Set<string> {
  return new Set((d.interactionOnly ?? []).map((x) => x.gene));
}

// The MCP text block of svc_generate_insights: what an assistant that reads only text needs, in a
// few lines. The structured content holds the same facts (and more); this is not a copy of it.
import { pathwayLabel } from '../../analysis/pathway-names.js';
import { enrichmentLowPowerClause, enrichmentUntestedNote, untestedList } from '../shared/panel-analysis/enrichment-status.js';
import { describeIntegrity, describeSources, diseaseLine, drugsIncompleteText, noDrugsText, noHypothesesText, noStatementsText } from '../shared/summary.js';
import type { InsightsAnswer } from './compact.js';

const fmtQ = (q: number) => (q < 0.001 ? q.toExponential(1) : q.toFixed(3));

export function summarizeInsights(a: InsightsAnswer): string {
  const lines: string[] = [];
  lines.push(`${a.evidenceBrief.headline} (snapshot ${a.snapshotId})`);
  lines.push(`Genes: ${a.genes.join(', ')}${a.unresolvedGenes.length ? `; unresolved: ${a.unresolvedGenes.join(', ')}` : ''}.`);
  lines.push(diseaseLine(a.diseaseContext, a.diseaseMatches));
  const st = a.enrichmentStatus;
  if (st.state === 'not_computed') {
    lines.push(`ENRICHMENT NOT COMPUTED: no gene-set library could be loaded (${st.failed.map((f) => f.library).join(', ') || 'none available'}). ${st.fix ?? ''}`.trim());
  } else {
    const total = a.enrichment.reduce((n, e) => n + e.significant, 0);
    // Display names ("Signaling by ERBB2", not a library's "Signaling-by-ERBB2"); ids stay in the JSON.
    const top = a.enrichedPathways.slice(0, 3).map((p) => `${pathwayLabel(p.name)} (${p.id}, ${p.library}, q=${fmtQ(p.q)})`);
    const untested = enrichmentUntestedNote(a.enrichment) !== undefined;
    // Libraries that tested no set are not counted as tested; a panel too small to have power hedges "none".
    const testedLibs = a.enrichment.filter((e) => e.n > 0 && e.tested > 0).length;
    const notTested = untested ? '' : untestedList(a.enrichment);
    const lowPower = enrichmentLowPowerClause(a.enrichment, a.genes.length);
    lines.push(
      total
        ? `Pathways: ${total} gene sets at q <= 0.05; top: ${top.join('; ')}.`
        : untested
          ? a.enrichment.every((e) => e.n === 0)
            ? `Pathways: NOT TESTED: no panel gene is in any of the ${a.enrichment.length} gene-set libraries (not a finding that none is enriched).`
            : `Pathways: NOT TESTED: ${untestedList(a.enrichment)} (not a finding that none is enriched).`
          : `Pathways: none at q <= 0.05 in ${testedLibs} librar${testedLibs === 1 ? 'y' : 'ies'} tested${lowPower ? `, but ${lowPower}` : ''}.`,
    );
    if (st.state === 'partial') lines.push(`Libraries not tested: ${st.failed.map((f) => f.library).join(', ')}.`);
    if (notTested) lines.push(`Libraries that tested no set: ${notTested}.`);
  }
  if (a.drugAnalysisNote) lines.push(`Drugs: ${a.drugAnalysisNote}`);
  else if (a.drugCandidates.length) {
    // A withdrawn drug and one acting against its target's role are marked where they are ranked:
    // "tier II, 0.73" alone read as a plain candidate.
    const top = a.drugCandidates.slice(0, 5).map((d) => {
      const marks = [d.withdrawn ? 'withdrawn' : d.withdrawn === null ? 'withdrawal not known' : '', d.roleConflict?.length ? `acts against the role of ${d.roleConflict.join(', ')}` : ''].filter(Boolean);
      return `${d.name} (tier ${d.tier}, ${d.score.toFixed(2)}${marks.map((m) => `, ${m}`).join('')})`;
    });
    lines.push(`Drug candidates: ${a.drugCandidatesTotal} ranked${drugsIncompleteText(a.sources)}; top: ${top.join(', ')}.`);
  } else lines.push(`Drug candidates: ${noDrugsText(a.sources)}.`);
  const h = a.hypotheses[0];
  if (h) lines.push(`Top hypothesis (${h.confidenceLabel}${h.novel ? ', novel' : ''}): ${h.statement}`);
  else lines.push(`Hypotheses: ${noHypothesesText(a).text}`);
  if (!a.evidenceBrief.statements.length) lines.push(`Evidence brief: ${noStatementsText(a).text}`);
  // A statement its own citations contradict is named: "grounded 0%" alone hid which, and that the
  // top hypothesis rested on it.
  const against = a.evidenceBrief.statements.filter((st) => st.status === 'contradicted' || st.status === 'contested');
  if (against.length) lines.push(`Evidence brief: ${against.length} of ${a.evidenceBrief.statements.length} statements contradicted by their own cited abstracts (${against.map((st) => `${st.id} ${st.status}`).join(', ')}).`);
  lines.push(describeIntegrity(a.integrity), `Quality ${a.qualityScore.toFixed(2)}. ${describeSources(a.sources)}`);
  if (a.warnings.length) lines.push(`Warnings (${a.warnings.length}): ${a.warnings.slice(0, 3).join(' | ')}${a.warnings.length > 3 ? ' | ...' : ''}`);
  if (a.more) lines.push(a.more);
  return lines.join('\n');
}

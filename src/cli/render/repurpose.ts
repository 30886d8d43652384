// Terminal rendering of svc_prioritize_repurposing: one block per candidate, with what a scientist
// weighs (why, where it is approved, trials already running here, safety), and what was left out.
import { withdrawalReading } from '../../analysis/drug-tiers.js';
import { checksText } from '../../analysis/repurposing.js';
import type { RepurposingCandidateOut, RepurposingOutput } from '../../tools/repurposing/schema.js';
import { alreadyApprovedSplit } from '../../tools/repurposing/summary.js';
import { describeIntegrity, describeSources, failedDrugSources, listAnd } from '../../tools/shared/summary.js';
import { heading, style } from '../output.js';

const FACTOR_LABEL: Record<keyof RepurposingCandidateOut['factors'], string> = {
  clinicalPhase: 'phase',
  targetDiseaseAssociation: 'association',
  mechanismDirectness: 'mechanism',
  drugLikeness: 'drug-likeness',
  literatureSupport: 'literature',
  pathwayCentrality: 'centrality',
};

export function renderRepurpose(r: RepurposingOutput): string {
  const out: string[] = [];
  out.push(heading(`# Repurposing candidates for ${r.diseaseContext}`), '');
  out.push(`Genes: ${r.genes.join(', ')}${r.unresolvedGenes.length ? `  (unresolved: ${r.unresolvedGenes.join(', ')})` : ''}`);
  if (r.diseaseMatches.length) out.push(`Disease: ${r.diseaseMatches.map((d) => `${d.name} (${d.id})`).join(', ')}`);
  const n = r.neighbourhood;
  if (n) {
    const string = [
      n.stringChecked ? '' : style('yellow', ' (STRING partners NOT checked: the source failed)'),
      n.pathwaysChecked === false ? style('yellow', ' (pathway members NOT searched: the enrichment could not run or tested nothing; see the warnings)') : '',
    ].join('');
    out.push(`Also searched: ${n.genes.length} gene${n.genes.length === 1 ? '' : 's'} beyond the panel${n.genes.length ? ` (${n.genes.slice(0, 12).join(', ')}${n.genes.length > 12 ? ', ...' : ''})` : ''}${string}`);
  }
  out.push(`Quality ${r.qualityScore.toFixed(2)} | snapshot ${r.snapshotId} | tier filter ${r.tierFilter}`, '');

  if (r.note) out.push(r.note, '');
  // An approval for a subtype is listed apart, with the subtype: not an approval for the disease as such.
  const { here, below, belowHeading } = alreadyApprovedSplit(r);
  if (here.length) out.push(`Already approved for ${r.diseaseContext} (not candidates): ${here.map((a) => `${a.name} (${a.indication}; ${a.source})`).join(', ')}`, '');
  if (below.length) out.push(`${belowHeading}: ${below.map(({ drug, subtype }) => `${drug.name} (${subtype}; ${drug.source})`).join(', ')}`, '');
  if (r.tierFilterNote) out.push(r.tierFilterNote, '');
  if (!r.note && r.candidates.length === 0) {
    const failed = failedDrugSources(r.sources);
    out.push(
      failed.length
        ? `No repurposing candidate among what the sources gave: ${listAnd(failed)} failed, so this is not a complete search.`
        : 'No repurposing candidate: no approved or late-stage drug acting on these genes that is not already approved here.',
      '',
    );
  }
  for (const c of r.candidates) out.push(...candidateLines(c), '');
  if (r.candidatesTotal > r.candidates.length) out.push(`${r.candidatesTotal - r.candidates.length} more candidate(s) not shown (top ${r.candidates.length}).`);
  const k = r.counts;
  if (!r.note) out.push(`Considered ${k.considered} drugs: ${k.alreadyApproved} already approved here, ${k.earlyStage} early-stage, ${k.unchecked} not checked (phase or indications unreadable), ${k.outsideTierFilter} outside the tier filter.`);

  const i = r.integrity;
  out.push(
    '',
    heading('## Integrity'),
    describeIntegrity(i),
    describeSources(r.sources),
  );
  if (r.warnings.length) out.push('', heading('## Warnings'), ...r.warnings.map((w) => `! ${w}`));
  return out.join('\n');
}

function candidateLines(c: RepurposingCandidateOut): string[] {
  const lines = [heading(`${c.rank}. ${c.name}${c.chemblId ? ` (${c.chemblId})` : ''}  tier ${c.tier}  score ${c.score.toFixed(2)}  ${c.status}`)];
  lines.push(`   Why: ${c.rationale}`);
  const targets = c.targets.map((t) => `${t.gene}${t.inPanel ? '*' : ''}${t.actionTypes.length ? ` (${t.actionTypes.join('/').toLowerCase()})` : ''}`);
  lines.push(`   Targets (* panel gene): ${targets.join(', ')}${c.targetsTotal > c.targets.length ? ` +${c.targetsTotal - c.targets.length} more` : ''}`);
  if (c.mechanisms.length) lines.push(`   Mechanism: ${c.mechanisms.join('; ')}`);
  if (c.approvedIndications.length) {
    lines.push(`   Approved for: ${c.approvedIndications.map((a) => a.name).join('; ')}${c.approvedIndicationsTotal > c.approvedIndications.length ? ` (+${c.approvedIndicationsTotal - c.approvedIndications.length} more)` : ''}`);
  }
  const text = checksText(c.trials, c.safety.boxedWarning);
  lines.push(`   Trials here: ${text.trials}`);
  const safety = [
    // Not withdrawn, with a reason: no record that would say was read (repurposing/output.ts).
    c.safety.withdrawn ? style('red', `WITHDRAWN (${c.safety.withdrawnReason ?? 'source'})`) : withdrawalReading(c.safety) === 'not known' ? style('yellow', `withdrawal ${c.safety.withdrawnReason}`) : '',
    c.safety.boxedWarning.status === 'present' ? style('red', text.boxedWarning) : text.boxedWarning,
    ...c.targets.filter((t) => t.roleConflict).map((t) => style('yellow', `role conflict: ${t.roleConflict}`)),
  ].filter(Boolean);
  lines.push(`   Safety: ${safety.join('; ')}`);
  const factors = (Object.keys(FACTOR_LABEL) as (keyof typeof FACTOR_LABEL)[]).map((f) => `${FACTOR_LABEL[f]} ${c.factors[f].value === null ? 'n/a' : c.factors[f].value!.toFixed(2)}`);
  lines.push(`   Score: ${factors.join(' · ')}`);
  const claim = c.targetClaim ? `; "${c.targetClaim.claim}" ${c.targetClaim.status}` : '';
  lines.push(`   Evidence: ${c.evidenceQuality} (${c.evidenceQualityReason})${c.pmids.length ? `; PMID ${c.pmids.slice(0, 5).join(', ')}` : ''}${claim}`);
  return lines;
}

// The MCP text block of svc_prioritize_repurposing: the candidates in a few lines for an assistant
// that reads only text (the structured content has every field). "Not checked" and "none" read
// differently here as in the JSON: a failed source is never a clean bill.
import { withdrawalReading } from '../../analysis/drug-tiers.js';
import { subtypeOf } from '../../analysis/indication-subtype.js';
import { describeIntegrity, describeSources, failedDrugSources, listAnd } from '../shared/summary.js';
import type { RepurposingAnswer } from './compact.js';

export function summarizeRepurposing(r: RepurposingAnswer): string {
  const lines: string[] = [`Repurposing candidates for ${r.genes.join(', ')} in ${r.diseaseContext} (tier filter ${r.tierFilter}).`];
  if (r.note) lines.push(r.note);
  else if (!r.candidates.length) {
    const failed = failedDrugSources(r.sources);
    lines.push(`No repurposing candidate within the tier filter${failed.length ? ` among what the sources gave (${listAnd(failed)} failed: not a complete search)` : ''}.`);
  }
  else {
    lines.push(`Top ${r.candidates.length} of ${r.candidatesTotal}:`);
    for (const c of r.candidates.slice(0, 10)) lines.push(candidateLine(c));
  }
  lines.push(...alreadyApprovedLines(r));
  if (r.tierFilterNote) lines.push(r.tierFilterNote);
  lines.push(`Quality score ${r.qualityScore.toFixed(2)}. ${describeIntegrity(r.integrity)}`, describeSources(r.sources));
  if (r.warnings.length) lines.push(`Warnings: ${r.warnings.join(' | ')}`);
  lines.push(r.more ?? `The full result is saved as snapshot ${r.snapshotId}.`);
  return lines.join('\n');
}

/**
 * The drugs left out as already approved: for the disease, and apart, for a subtype of it (tier I
 * too, docs/methods.md), each with the subtype. "Already approved for the disease: LAPATINIB" once
 * said so of a drug approved for breast cancer under the context "breast disease".
 */
function alreadyApprovedLines(r: Pick<RepurposingAnswer, 'alreadyApproved' | 'diseaseContext' | 'diseaseMatches'>): string[] {
  const { here, below, belowHeading } = alreadyApprovedSplit(r);
  return [
    ...(here.length ? [`Already approved for the disease (not candidates): ${here.map((a) => a.name).join(', ')}.`] : []),
    ...(below.length ? [`${belowHeading}: ${below.map(({ drug, subtype }) => `${drug.name} (${subtype})`).join(', ')}.`] : []),
  ];
}

/**
 * The already-approved drugs apart: for the disease itself, and for a subtype of it, with the
 * subtype; and the heading of the second group, which names the disease the subtypes are below
 * (the one Open Targets resolved the text to, not the text). The MCP text and the terminal share it.
 */
export function alreadyApprovedSplit<A extends { indication: string }>(r: { alreadyApproved: readonly A[]; diseaseContext: string; diseaseMatches: readonly { name: string }[] }): {
  here: A[];
  below: { drug: A; subtype: string }[];
  belowHeading: string;
} {
  const here: A[] = [];
  const below: { drug: A; subtype: string }[] = [];
  for (const drug of r.alreadyApproved) {
    const subtype = subtypeOf(drug.indication);
    if (subtype === null) here.push(drug);
    else below.push({ drug, subtype });
  }
  return { here, below, belowHeading: `Approved for a subtype of ${r.diseaseMatches[0]?.name ?? r.diseaseContext}, not for it as such (not candidates)` };
}

// "No US label" is not "no boxed warning": the label that would say was not found (the CLI says
// so too); both once printed nothing. A label read without one ('absent') prints nothing.
type Candidate = RepurposingAnswer['candidates'][number];
const BOXED: Record<Candidate['safety']['boxedWarning']['status'], (note: string | undefined) => string> = {
  'not-checked': () => 'boxed warning not checked',
  present: (note) => `FDA BOXED WARNING${note ? " (on a combination product's label)" : ''}`,
  'no-label': () => 'no US label (boxed warning not known)',
  absent: () => '',
};

function candidateLine(c: Candidate): string {
  const trials = c.trials.status === 'checked' ? `${c.trials.running ?? 0} running trial(s) here` : 'trials not checked';
  const bw = c.safety.boxedWarning;
  // Not withdrawn with a reason: no record that would say was read (output.ts), not "not withdrawn".
  const withdrawal = c.safety.withdrawn ? `WITHDRAWN${c.safety.withdrawnReason ? ` (${c.safety.withdrawnReason})` : ''}` : withdrawalReading(c.safety) === 'not known' ? 'withdrawal not checked' : '';
  const flags = [withdrawal, BOXED[bw.status](bw.note)].filter(Boolean);
  // An action against a target's role goes beside the rank, not after the rationale: it is why the
  // drug ranks below the others of its tier.
  const against = c.targets.filter((t) => t.roleConflict).map((t) => t.gene);
  const conflict = against.length ? `, ROLE CONFLICT: acts against the role of ${against.join(', ')}` : '';
  return `${c.rank}. ${c.name} - tier ${c.tier}, score ${c.score.toFixed(2)}${conflict}; ${c.rationale} ${trials}${flags.length ? `; ${flags.join('; ')}` : ''}.`;
}

// The MCP text block of svc_prioritize_repurposing: the candidates in a few lines for an assistant
// that reads only text (the structured content has every field). "Not checked" and "none" read
// differently here as in the JSON: a failed source is never a clean bill.
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
  if (r.alreadyApproved.length) lines.push(`Already approved for the disease (not candidates): ${r.alreadyApproved.map((a) => a.name).join(', ')}.`);
  if (r.tierFilterNote) lines.push(r.tierFilterNote);
  lines.push(`Quality score ${r.qualityScore.toFixed(2)}. ${describeIntegrity(r.integrity)}`, describeSources(r.sources));
  if (r.warnings.length) lines.push(`Warnings: ${r.warnings.join(' | ')}`);
  lines.push(r.more ?? `The full result is saved as snapshot ${r.snapshotId}.`);
  return lines.join('\n');
}

function candidateLine(c: RepurposingAnswer['candidates'][number]): string {
  const trials = c.trials.status === 'checked' ? `${c.trials.running ?? 0} running trial(s) here` : 'trials not checked';
  const bw = c.safety.boxedWarning;
  const boxed = bw.status === 'not-checked' ? 'boxed warning not checked' : bw.status === 'present' ? `FDA BOXED WARNING${bw.note ? ' (on a combination product\'s label)' : ''}` : '';
  const flags = [c.safety.withdrawn ? `WITHDRAWN${c.safety.withdrawnReason ? ` (${c.safety.withdrawnReason})` : ''}` : '', boxed, ...c.targets.flatMap((t) => (t.roleConflict ? [`role conflict on ${t.gene}`] : []))].filter(Boolean);
  return `${c.rank}. ${c.name} - tier ${c.tier}, score ${c.score.toFixed(2)}; ${c.rationale} ${trials}${flags.length ? `; ${flags.join('; ')}` : ''}.`;
}

// The MCP text block of svc_generate_validation_plan: the plan in a few lines for an assistant that
// reads only text. A section whose source failed says so; it never reads as "found nothing".
import { describeIntegrity, describeSources } from '../shared/summary.js';
import type { PlanOutput } from './schema.js';

const STAGE_NAME: Record<string, string> = { in_vitro: 'In vitro', in_vivo: 'In vivo', translational_clinical: 'Translational / clinical' };

export function summarizePlan(r: PlanOutput): string {
  const lines: string[] = [`Hypothesis: ${r.hypothesis}`];
  if (r.status === 'needs_input') {
    lines.push(`No plan made: ${r.message}`);
    return lines.join('\n');
  }
  lines.push(r.message);
  for (const s of r.stages) {
    lines.push(`${STAGE_NAME[s.stage] ?? s.stage}: ${s.title} (${s.assayType}; ${s.timeline}). Go: ${sentence(s.goNoGo.go)} Premise: ${premiseText(s.evidence, r.literature?.[s.stage])}.${s.buildsOn.gaps.length ? ` Gaps: ${s.buildsOn.gaps.join('; ')}.` : ''}`);
  }
  const section = (name: string, sec: { status: string; items: unknown[] }) => `${name} ${sec.status === 'found' ? sec.items.length : sec.status === 'none' ? 'none found' : sec.status}`;
  lines.push(`${section('Tool compounds', r.toolCompounds)}; ${section('cell models', r.models)}; ${section('trials', r.trials)}.`);
  const resistance = resistanceLine(r.resistance, r.recognised.mechanism?.primary);
  if (resistance) lines.push(resistance);
  if (r.hypothesisEvidence) lines.push(`The hypothesis against its literature: ${premiseText(r.hypothesisEvidence, r.literature?.hypothesis)}.`);
  lines.push(`Quality score ${r.qualityScore.toFixed(2)}. ${describeIntegrity(r.integrity)}`, describeSources(r.sources));
  if (r.warnings.length) lines.push(`Warnings: ${r.warnings.join(' | ')}`);
  if (r.snapshotId) lines.push(`Saved as snapshot ${r.snapshotId}.`);
  return lines.join('\n');
}

/**
 * A premise's verdict; that no literature was found to judge it against ("unsupported" alone read
 * as if articles had been weighed and found wanting); or that its search failed, which is not the
 * same as finding nothing. `literature` is the search behind the premise (count null: it failed).
 */
export function premiseText(e: { pmids: readonly string[]; status: string }, literature?: { count: number | null; notSearched?: string | undefined } | null): string {
  if (e.pmids.length) return e.status;
  if (literature?.notSearched) return `not judged: its literature was not searched (${literature.notSearched})`;
  return literature?.count === null ? 'not judged: its literature search failed' : 'no literature found to judge it against';
}

const sentence = (s: string) => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

/**
 * What CIViC says of the altered lines against the compounds: resistance named with its evidence,
 * "none listed" as an answer, and a failed CIViC as not known (never as "none").
 */
export function resistanceLine(sec: PlanOutput['resistance'], mechanism?: string | null): string | null {
  if (sec.status === 'found') {
    const each = sec.items.map((f) => `${f.modelName} (${f.variant}) resists ${f.compoundName}: CIViC ${f.evidence.slice(0, 2).join(', ')}, level ${f.level}, ${f.status}`);
    const role = mechanism === 'biomarker' ? 'They stay marker-positive lines: the plan asks how the marker changes response.' : 'These lines are resistance controls, not sensitive models.';
    return `Resistance: ${each.join('; ')}. ${role}`;
  }
  if (sec.status === 'none') return `Resistance: CIViC lists none for the altered lines' variants${sec.note ? ` (${sec.note})` : ''}.`;
  if (sec.status === 'failed') return `Resistance: not known, CIViC failed${sec.note ? ` (${sec.note})` : ''}; check the altered lines' variants before reading a no-go.`;
  return null;
}

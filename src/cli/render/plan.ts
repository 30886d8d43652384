// Terminal rendering of svc_generate_validation_plan.
import { compoundPhrase } from '../../analysis/validation-plan.js';
import type { PlanOutput } from '../../tools/validation-plan/schema.js';
import { truncate } from '../../text.js';
import { describeIntegrity, describeSources } from '../../tools/shared/summary.js';
import { premiseText, resistanceLine } from '../../tools/validation-plan/summary.js';
import { heading, style, table } from '../output.js';

const STAGE_NAME: Record<string, string> = { in_vitro: 'In vitro', in_vivo: 'In vivo', translational_clinical: 'Translational / clinical' };

export function renderPlan(r: PlanOutput): string {
  const lines: string[] = [`${heading('Hypothesis:')} ${r.hypothesis}`, ''];
  lines.push(heading('Recognised'), ...recognised(r), '');
  if (r.status === 'needs_input') {
    lines.push(style('yellow', r.message));
    if (r.warnings.length) lines.push('', heading('Warnings'), ...r.warnings.map((w) => `! ${w}`));
    return lines.join('\n');
  }
  lines.push(r.message, '');
  for (const s of r.stages) {
    lines.push(heading(`${s.order}. ${STAGE_NAME[s.stage] ?? s.stage}: ${s.title}`));
    lines.push(`   Assay: ${s.assayType}`);
    lines.push(`   Design: ${s.design}`);
    lines.push(`   Expected: ${s.expectedOutcome}`);
    lines.push('   Controls:', ...s.criticalControls.map((c) => `     - ${c}`));
    lines.push(`   Timeline: ${s.timeline}`);
    lines.push(`   ${style('green', 'Go')}: ${s.goNoGo.go}`);
    lines.push(`   ${style('red', 'No-go')}: ${s.goNoGo.noGo}`);
    const premise = s.evidence.pmids.length ? `${premiseText(s.evidence)}: PMID ${s.evidence.pmids.join(', ')}` : premiseText(s.evidence, r.literature?.[s.stage]);
    lines.push(`   Premise: ${s.evidence.statement} (${premise})`);
    for (const gap of s.buildsOn.gaps) lines.push(`   ${style('yellow', '!')} ${gap}`);
    lines.push('');
  }
  if (r.toolCompounds.items.length) {
    lines.push(heading('Tool compounds (ChEMBL)'));
    lines.push(table(r.toolCompounds.items.map((c) => [c.gene, compoundPhrase(c), c.actionType ?? c.kind, c.maxPhase === null ? '-' : String(c.maxPhase), c.withdrawn ? 'withdrawn' : c.withdrawn === null ? 'withdrawal ?' : ''])));
    // Blank read as "not withdrawn" where ChEMBL gave no flag.
    if (r.toolCompounds.items.some((c) => c.withdrawn === null)) lines.push('  withdrawal ? = ChEMBL gives no withdrawn flag for it: not known.');
    lines.push('');
  }
  if (r.models.items.length) {
    lines.push(heading('Cell-line models (Cellosaurus)'));
    lines.push(table(r.models.items.map((m) => [m.name, m.accession, m.role, truncate(m.variants.join('; ') || '-', 60), truncate(m.disease ?? '', 40)])));
    lines.push('');
  }
  const resistance = resistanceLine(r.resistance, r.recognised.mechanism?.primary);
  if (resistance) {
    lines.push(heading('Resistance of the altered lines (CIViC)'));
    if (r.resistance.items.length) lines.push(table(r.resistance.items.map((f) => [f.modelName, f.variant, f.compoundName, f.evidence.slice(0, 3).join(', '), `level ${f.level}`, f.status])));
    else lines.push(r.resistance.status === 'failed' ? style('yellow', resistance) : resistance);
    lines.push('');
  }
  if (r.trials.items.length) {
    lines.push(heading('Active trials (ClinicalTrials.gov)'));
    lines.push(table(r.trials.items.map((t) => [t.nctId, t.phase === null ? '-' : `phase ${t.phase}`, t.status ?? '', truncate(t.title, 70)])));
    lines.push('');
  }
  // The hypothesis itself against the literature found for it, as the MCP text says it.
  if (r.hypothesisEvidence) {
    const h = r.hypothesisEvidence;
    lines.push(`${heading('The hypothesis against its literature:')} ${premiseText(h, r.literature?.hypothesis)}${h.pmids.length ? ` (PMID ${h.pmids.join(', ')})` : ''}`, '');
  }
  const i = r.integrity;
  lines.push(`Quality ${r.qualityScore.toFixed(2)}  | snapshot ${r.snapshotId ?? '-'}`, describeIntegrity(i), describeSources(r.sources));
  if (r.warnings.length) lines.push('', heading('Warnings'), ...r.warnings.map((w) => `! ${w}`));
  return lines.join('\n');
}

function recognised(r: PlanOutput): string[] {
  const out: string[] = [];
  const rec = r.recognised;
  for (const g of rec.genes) out.push(`  gene  ${g.input} -> ${g.symbol ?? '(none)'}  [${g.how}${g.roles.length ? `; ${g.roles.join(', ')}` : ''}; from ${g.from}]`);
  for (const d of rec.drugs) out.push(`  drug  ${d.input} -> ${d.name ?? '(none)'}${d.targets.length ? ` acting on ${d.targets.join(', ')}` : ''}  [${d.how}]`);
  if (rec.disease) out.push(`  disease  ${rec.disease.input} -> ${rec.disease.name ?? '(none)'}${rec.disease.id ? ` (${rec.disease.id})` : ''}  [${rec.disease.how}]`);
  else out.push('  disease  (none recognised)');
  if (rec.mechanism) out.push(`  mechanism  ${rec.mechanism.primary}${rec.mechanism.also.length ? ` (also ${rec.mechanism.also.join(', ')})` : ''}  [from ${rec.mechanism.cues.map((c) => `"${c.phrase}"`).join(', ')}]`);
  else out.push('  mechanism  (none recognised)');
  return out;
}

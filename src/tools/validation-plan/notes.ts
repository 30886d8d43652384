// What a plan says about the hypothesis itself before its stages: a named drug ChEMBL does not
// know, a direction the text does not state (or that a fixed-direction plan tests the other way),
// a target the altered cells lack; and the disease the snapshot is found by.
import type { Mechanism } from '../../analysis/hypothesis-text.js';
import { directionWarnings, FOLLOWS_DIRECTION, type EffectReading } from '../../analysis/plan-direction.js';
import { targetAbsent, type Roles } from '../../analysis/validation-plan.js';
import type { Recognition } from './recognise.js';

export interface PlanNotes {
  warnings: string[];
  /** Said first in the message: the plan tests the opposite of the hypothesis' direction. */
  lead: string | null;
}

export function planNotes(rec: Pick<Recognition, 'drugs'>, mechanism: Mechanism, roles: Roles, direction: EffectReading): PlanNotes {
  const warnings = rec.drugs
    .filter((d) => !d.chemblId)
    .map((d) => `"${d.input}" is named by the hypothesis but its ChEMBL data are not known (${d.how}): the plan keeps it by name, with no target, action or potency, and puts no other drug in its place.`);
  const directionNotes = directionWarnings(mechanism, direction);
  warnings.push(...directionNotes);
  if (targetAbsent(mechanism, roles, direction.direction, direction.about ?? 'growth')) {
    warnings.push(
      `The hypothesis acts on ${roles.target} in ${roles.alteration} cells, which lack it: no inhibitor or knockout acts on a protein the cells do not have. The plan keeps the ${roles.alteration} lines as the target-absent control, not as the sensitive side; if a synthetic-lethal partner of ${roles.target} loss was meant, name it.`,
    );
  }
  // A fixed-direction plan that tests the other way says so first, as a denial does.
  const lead = directionNotes.length && !FOLLOWS_DIRECTION.includes(mechanism) ? directionNotes.join(' ') : null;
  return { warnings, lead };
}

/**
 * The disease a snapshot is found by: as typed, as the other tools save it ("NSCLC"), with the name
 * Open Targets matched after it when that differs, since a snapshot search matches part of this
 * text: "NSCLC (non-small cell lung carcinoma)" is found by either.
 */
export function savedDisease(d: Pick<NonNullable<Recognition['disease']>, 'input' | 'name'> | null): string {
  if (!d) return '';
  const typed = d.input.trim();
  return d.name && !typed.toLowerCase().includes(d.name.toLowerCase()) ? `${typed} (${d.name})` : typed;
}

/**
 * A prognostic hypothesis (a marker of survival or outcome, no treatment named) is not a predictive
 * one: the biomarker plan compares the response to a drug, which it does not name. Not planned: the
 * message says so, rather than inventing a drug response to test.
 */
export function prognosticNote(mechanism: string, agents: readonly string[], text: string): string | null {
  if (mechanism !== 'biomarker' || agents.length) return null;
  if (!/\b(?:surviv\w*|prognos\w*|outcomes?|recurrence|relapse|mortality|death)\b/i.test(text)) return null;
  return 'No validation plan: the hypothesis is prognostic (a marker of survival or outcome, with no treatment named), and this tool plans predictive markers by the response to a named drug. Test it as marker level against outcome in an annotated cohort with a cut-off fixed before validation, or name the treatment whose response the marker predicts.';
}

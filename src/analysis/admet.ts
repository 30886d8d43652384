// ADMET summary of a drug (DESIGN.md section 4): Lipinski's rule of five (MW <= 500, LogP <= 5,
// HBD <= 5, HBA <= 10), QED, MW and LogP, each value carrying the source it came from. ChEMBL's
// computed properties come first; PubChem fills what ChEMBL lacks. Biologics have no small-
// molecule properties: their ADMET says so instead of failing Lipinski. A property lookup that
// failed reads apart from one that answered without the drug: "not known", never "no properties".
import type { ChemblMolecule } from '../sources/chembl.js';
import type { CompoundProperties } from '../sources/pubchem.js';
import { lookedUp, lookupDrug, type DrugEvidence } from './drug-merge.js';

export interface Sourced<T> {
  value: T;
  source: 'chembl' | 'pubchem';
}

export interface Admet {
  molecularWeight: Sourced<number> | null;
  logP: Sourced<number> | null;
  hbd: Sourced<number> | null;
  hba: Sourced<number> | null;
  qed: Sourced<number> | null;
  /** ChEMBL's own num_ro5_violations when it has one, else counted here from the values above. */
  lipinskiViolations: { value: number; source: 'chembl' | 'computed' } | null;
  /** Lipinski pass allows at most one violation (the rule's own tolerance); null when unknown. */
  lipinskiPass: boolean | null;
  /** Why values are missing (e.g. an antibody), when they are. */
  note?: string;
}

export const LIPINSKI = { mw: 500, logP: 5, hbd: 5, hba: 10 } as const;

const SMALL_MOLECULE = /small molecule/i;
// ChEMBL's and Open Targets' "we do not know what it is": no type, not a biologic.
const NO_TYPE = /^\s*(unknown|unclassified)\s*$/i;

/**
 * How a drug's property lookups went, when not plainly read. 'failed': the source was asked and
 * failed, so its values are not known; 'not looked up': it was not asked for this drug. Absent: read,
 * or the drug has no id to ask with.
 */
export interface PropertyLookups {
  chembl?: 'failed' | 'not looked up';
  pubchem?: 'failed';
}

/**
 * A drug's lookups from the drug engine's input: ChEMBL molecules not read at all (`molecules`
 * absent: the call failed) for a drug with a ChEMBL id, or read without asking for it; PubChem
 * failed for it (`pubchemFailed`, by ChEMBL id or name, as `literatureFailed`).
 */
export function propertyLookups(
  drug: Pick<DrugEvidence, 'chemblIds' | 'name'>,
  input: { molecules?: ReadonlyMap<string, unknown>; pubchemFailed?: ReadonlyMap<string, string> },
): PropertyLookups {
  const out: PropertyLookups = {};
  if (drug.chemblIds.length) {
    if (!input.molecules) out.chembl = 'failed';
    else if (!lookedUp(input.molecules, drug)) out.chembl = 'not looked up';
  }
  if (lookupDrug(input.pubchemFailed, drug)) out.pubchem = 'failed';
  return out;
}

/**
 * A formula of several components ("C29H31N7O.CH4O3S", imatinib mesylate): PubChem's weight and
 * counts are then the salt's or the mixture's, not the parent's the schema promises.
 */
export function multiComponent(formula: string | null | undefined): boolean {
  return !!formula && formula.includes('.');
}

/**
 * `drugType` (e.g. Open Targets' "Antibody") names biologics that ChEMBL has no molecule record for.
 * `lookups` says which property lookups failed or were not made for this drug (propertyLookups).
 */
export function admetOf(molecule: ChemblMolecule | null | undefined, pubchem?: CompoundProperties | null, drugType?: string | null, lookups: PropertyLookups = {}): Admet {
  const p = molecule?.properties ?? null;
  // A salt's or mixture's record says nothing of the parent: none of its values are used.
  const salt = pubchem && multiComponent(pubchem.formula) ? pubchem.formula : null;
  const pc = salt ? null : (pubchem ?? null);
  const pick = (chembl: number | null | undefined, fallback: number | null | undefined): Sourced<number> | null => {
    if (chembl !== null && chembl !== undefined && Number.isFinite(chembl)) return { value: chembl, source: 'chembl' };
    if (fallback !== null && fallback !== undefined && Number.isFinite(fallback)) return { value: fallback, source: 'pubchem' };
    return null;
  };
  const mw = pick(p?.mwFreebase ?? p?.fullMwt, pc?.molecularWeight);
  const logP = pick(p?.cxLogp ?? p?.alogp, pc?.xlogp);
  const hbd = pick(p?.hbd, pc?.hbondDonors);
  const hba = pick(p?.hba, pc?.hbondAcceptors);
  const qed = pick(p?.qedWeighted, null);
  const known = [mw, logP, hbd, hba].filter((x) => x !== null).length;
  const type = typeName(molecule?.moleculeType) ?? typeName(drugType);
  // A biologic's rule-of-five is not judged, whatever values a name search found for it.
  const biologic = !p && type !== null && !SMALL_MOLECULE.test(type);
  const computed =
    known === 0 || biologic
      ? null
      : [mw && mw.value > LIPINSKI.mw, logP && logP.value > LIPINSKI.logP, hbd && hbd.value > LIPINSKI.hbd, hba && hba.value > LIPINSKI.hba].filter(Boolean).length;
  // ChEMBL's own count uses the same four rules; prefer it when it has one.
  const chemblCount = p?.numRo5Violations;
  const violations =
    chemblCount !== null && chemblCount !== undefined
      ? { value: chemblCount, source: 'chembl' as const }
      : computed === null
        ? null
        : { value: computed, source: 'computed' as const };
  const unknown = 4 - known;
  const admet: Admet = {
    molecularWeight: mw,
    logP,
    hbd,
    hba,
    qed,
    lipinskiViolations: violations,
    lipinskiPass: lipinskiVerdict(violations, unknown),
  };
  const notes: string[] = [];
  if (biologic) notes.push(`${type}: rule-of-five properties do not apply${known ? ' (the PubChem values are shown, not judged)' : ''}`);
  if (salt) notes.push(`PubChem's record is a salt or mixture (${salt}): its weight, LogP and H-bond counts are not the parent's, so they are not known here`);
  const missing = biologic ? null : lookupText(lookups);
  if (missing) notes.push(known === 0 ? `${missing}, so its properties are not known` : `${missing}, so QED and ChEMBL's values are not known`);
  if (!biologic && unknown > 0 && known > 0 && violations?.source === 'computed') {
    notes.push(
      admet.lipinskiPass === null
        ? `${unknown} of the four rule-of-five properties unavailable: ${violations.value} violation(s) among the known ones, so pass or fail is not known`
        : `${unknown} of the four rule-of-five properties unavailable; the verdict holds whatever they are`,
    );
  }
  if (!notes.length && known === 0 && !violations) notes.push('no computed properties available');
  if (notes.length) admet.note = notes.join('; ');
  return admet;
}

function typeName(t: string | null | undefined): string | null {
  return t && !NO_TYPE.test(t) ? t : null;
}

/** Which lookups failed or were not made, as the start of a sentence; null when all were read. */
function lookupText(l: PropertyLookups): string | null {
  const failed = [l.chembl === 'failed' ? 'ChEMBL molecule' : null, l.pubchem === 'failed' ? 'PubChem' : null].filter((x): x is string => x !== null);
  if (failed.length) return `the ${failed.join(' and ')} lookup${failed.length > 1 ? 's' : ''} failed`;
  if (l.chembl === 'not looked up') return 'its ChEMBL molecule was not looked up (only the first candidates are)';
  return null;
}

/**
 * Pass is at most one violation. ChEMBL's own count covers all four rules; a count made here from
 * partial values is a lower bound, so it decides only when the unknown properties cannot change
 * the verdict (two known violations fail; pass needs known + unknown <= 1). Otherwise null: a
 * molecule with only its weight known has not "passed".
 */
function lipinskiVerdict(violations: Admet['lipinskiViolations'], unknown: number): boolean | null {
  if (!violations) return null;
  if (violations.source === 'chembl' || unknown === 0) return violations.value <= 1;
  if (violations.value >= 2) return false;
  return violations.value + unknown <= 1 ? true : null;
}

/**
 * Drug-likeness 0-1 for the candidate score: QED (quantitative estimate of drug-likeness, Bickerton
 * et al. 2012, as ChEMBL computes it), null when unknown. Never a substitute such as
 * 1 - violations/4: that is another scale (triclosan, with no violation, would score 1.0 against
 * aspirin's QED 0.55). The rule-of-five violations are reported beside it.
 */
export function drugLikeness(admet: Admet): number | null {
  return admet.qed ? admet.qed.value : null;
}

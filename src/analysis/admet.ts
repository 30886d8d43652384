// ADMET summary of a drug (DESIGN.md section 4): Lipinski's rule of five (MW <= 500, LogP <= 5,
// HBD <= 5, HBA <= 10), QED, MW and LogP, each value carrying the source it came from. ChEMBL's
// computed properties come first; PubChem fills what ChEMBL lacks. Biologics have no small-
// molecule properties: their ADMET says so instead of failing Lipinski.
import type { ChemblMolecule } from '../sources/chembl.js';
import type { CompoundProperties } from '../sources/pubchem.js';

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

/**
 * `drugType` (e.g. Open Targets' "Antibody") names biologics that ChEMBL has no molecule record for.
 */
export function admetOf(molecule: ChemblMolecule | null | undefined, pubchem?: CompoundProperties | null, drugType?: string | null): Admet {
  const p = molecule?.properties ?? null;
  const pick = (chembl: number | null | undefined, fallback: number | null | undefined): Sourced<number> | null => {
    if (chembl !== null && chembl !== undefined && Number.isFinite(chembl)) return { value: chembl, source: 'chembl' };
    if (fallback !== null && fallback !== undefined && Number.isFinite(fallback)) return { value: fallback, source: 'pubchem' };
    return null;
  };
  const mw = pick(p?.mwFreebase ?? p?.fullMwt, pubchem?.molecularWeight);
  const logP = pick(p?.cxLogp ?? p?.alogp, pubchem?.xlogp);
  const hbd = pick(p?.hbd, pubchem?.hbondDonors);
  const hba = pick(p?.hba, pubchem?.hbondAcceptors);
  const qed = pick(p?.qedWeighted, null);
  const known = [mw, logP, hbd, hba].filter((x) => x !== null).length;
  const computed =
    known === 0
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
  const type = molecule?.moleculeType ?? drugType ?? null;
  const biologic = !p && type !== null && !SMALL_MOLECULE.test(type);
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
  if (biologic) admet.note = `${type}: rule-of-five properties do not apply`;
  else if (unknown > 0 && known > 0 && violations?.source === 'computed') {
    admet.note =
      admet.lipinskiPass === null
        ? `${unknown} of the four rule-of-five properties unavailable: ${violations.value} violation(s) among the known ones, so pass or fail is not known`
        : `${unknown} of the four rule-of-five properties unavailable; the verdict holds whatever they are`;
  } else if (known === 0 && !violations) admet.note = 'no computed properties available';
  return admet;
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

// An approval for a disease below the context (a subtype: its own id among the context's
// descendants in Open Targets' ontology) makes a drug tier I like one for the context itself
// (docs/methods.md, Tiers), but it is no approval for the context as such: every answer that
// lists it names the subtype ("breast cancer (a subtype of breast disease)"), as the target brief
// does. It once read "Already approved for the disease" with the subtype's bare name, and a tier
// reason "below or cross-referenced to the context disease", which does not tell a subtype from
// the same disease under another id.
import type { MatchedIndication } from './drug-indications.js';

/**
 * `via` of a per-disease row for a disease below the context (drug-indications.ts matchIndications
 * writes it for a descendant, never for a cross-reference or the context's own name), as the
 * target brief's indicationMatch does (top-drugs.ts).
 */
export const VIA_SUBTYPE = 'a subtype of the context disease';

/** The matched indication is for a subtype of the context, not the context or a cross-reference of it. */
export const isSubtypeRow = (m: Pick<MatchedIndication, 'level'>): boolean => m.level === 'below';

/** "breast cancer (a subtype of breast disease)": an approved indication named with where it sits. */
export const subtypeIndication = (name: string, diseaseName: string): string => `${name} (a subtype of ${diseaseName})`;

/** The subtype an indication written by subtypeIndication names, or null for any other indication. */
export function subtypeOf(indication: string): string | null {
  const m = /^(.+) \(a subtype of .+\)$/.exec(indication);
  return m ? m[1]! : null;
}

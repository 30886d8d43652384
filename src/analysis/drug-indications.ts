// Which of a drug's indications belong to the disease context, and at what phase. Only records
// that give a phase per disease can say "approved for this disease": Open Targets drug indications
// (drugs(chemblIds:) indications rows, maxClinicalStage per disease) and ChEMBL drug_indication
// (max_phase_for_ind). An Open Targets candidate row lists diseases with one stage per target,
// not per disease, so a disease found there only has phase null ("studied for, stage unknown").
//
// An indication belongs to the context when its disease id is a context id, a descendant of one,
// or a cross-reference of one (ChEMBL writes EFO:0003060 where Open Targets writes MONDO_0005233);
// a record without an id matches by exact name (the context text or a matched disease's name). A
// withdrawal for a disease above the context is kept too (VIA_ABOVE), with the approvals it outranks.
import { benignBeside } from './disease-hits.js';
import { VIA_SUBTYPE } from './indication-subtype.js';
import { isApprovedStage } from './clinical-candidates.js';
import type { DiseaseContext, DrugEvidence } from './drug-merge.js';
import type { ChemblIndication } from '../sources/chembl.js';
import type { DrugDetails } from '../sources/opentargets.js';

export type IndicationSource = 'Open Targets indications' | 'ChEMBL drug_indication' | 'Open Targets target row';

/** A context indication: the disease, the phase reached for it (null when unknown), and where it was read. */
export interface MatchedIndication {
  id: string | null;
  name: string;
  phase: number | null;
  /** Approved for this disease (Open Targets stage APPROVAL / PHASE_4, or ChEMBL max_phase_for_ind 4). */
  approved: boolean;
  source: IndicationSource;
  /** Why it counts for the context, in words: "the context disease", "a subtype of the context disease", ... */
  via: string;
  /** Where the disease sits: the context itself (an id, a cross-reference, the name), below it (a subtype), or above it. */
  level: Level;
  /** On a row below the context: the context disease it is below (the best search hit), as a subtype is named. */
  subtypeOf?: string;
  /**
   * Set on an indication withdrawn for the context, a disease below it or one above it (then `via`
   * is VIA_ABOVE): the disease as recorded. An Open Targets row at stage WITHDRAWAL, or an approval
   * another row gives, which that withdrawal outranks (then `approved` is false and `phase` null,
   * and the name says so; withdrawalFirst says which).
   */
  withdrawnFor?: string;
}

export interface ContextMatcher {
  ids: ReadonlySet<string>;
  related: ReadonlySet<string>;
  names: ReadonlySet<string>;
  /** Names of diseases below the context (narrower search hits): a record without an id matches one exactly as a subtype. */
  belowNames?: ReadonlySet<string>;
  /** Diseases above the context (never one of its own ids or relatives). */
  ancestors: ReadonlySet<string>;
  /**
   * The context's cross-references (the same disease under another id: ChEMBL's EFO:0000305 for
   * Open Targets' MONDO_0007254), told from its descendants by Open Targets' own spelling: dbXRefs
   * are written "EFO:0000305", ontology ids "MONDO_0004989".
   */
  xrefs: ReadonlySet<string>;
  /** The context disease by name (the best search hit, else the text): what a subtype is a subtype of. */
  diseaseName: string;
}

/**
 * Ids below the context that are not the ontology's descendants of it: search hits narrower than
 * the text ("triple-negative breast carcinoma" for "breast cancer") with their descendants and
 * cross-references. Below even when the ontology request failed; never the context.
 */

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
/** Ids in Open Targets' form: "EFO:0003060" -> "EFO_0003060"; MeSH in one case ("MeSH:D001943" -> "MESH_D001943"). */
export const normDiseaseId = (id: string) => id.trim().replace(':', '_').replace(/^mesh_/i, 'MESH_');

/** A ChEMBL mesh_id ("D001943") as Open Targets' dbXRefs write it, normalised ("MESH_D001943"). */
const meshRef = (meshId: string | null): string | null => (meshId?.trim() ? `MESH_${meshId.trim().toUpperCase()}` : null);

/**
 * Disease words of a name, order and inversion aside: MeSH writes "Carcinoma, Non-Small-Cell Lung"
 * and "Breast Neoplasms" where Open Targets writes "non-small cell lung carcinoma" and "breast
 * cancer". Malignancy words fold to "cancer", "neoplasm" and "tumour" too: MeSH has no other name
 * for a cancer ("Breast Neoplasms"), and its benign headings say so ("Neoplasms, Benign",
 * benignBeside). "non-small" and "pre-eclampsia" stay one word, whatever the dash.
 */
function diseaseWordSet(name: string): Set<string> {
  const folded = name
    .toLowerCase()
    .replace(/\b(carcinomas?|neoplasms?|tumou?rs?|malignanc(y|ies)|cancers)\b/g, 'cancer')
    .replace(/\b(non|pre)[\s\u2010-\u2015-]+/g, '$1');
  return new Set(folded.split(/[^a-z0-9]+/).filter(Boolean));
}

/** How a MeSH heading's words sit against a context name's: the same, fewer of them (broader), more (maybe a subtype), or neither. */
function headingFit(heading: string, m: ContextMatcher): 'same' | 'broader' | 'more' | null {
  const h = diseaseWordSet(heading);
  let fit: 'broader' | 'more' | null = null;
  for (const name of m.names) {
    const c = diseaseWordSet(name);
    const hInC = [...h].every((w) => c.has(w));
    const cInH = [...c].every((w) => h.has(w));
    // "Neoplasms, Benign" is neither the context "cancer" nor below it.
    if (benignBeside(h, c)) continue;
    if (hInC && cInH) return 'same';
    if (hInC && h.size) fit = 'broader';
    else if (cInH && c.size && !fit) fit = 'more';
  }
  return fit;
}

export function contextMatcher(disease: DiseaseContext): ContextMatcher {
  const ids = new Set(disease.ids.map(normDiseaseId));
  const related = new Set([...(disease.related ?? []), ...(disease.below ?? [])].map(normDiseaseId).filter((id) => !ids.has(id)));
  // One context disease may sit above another (breast carcinoma under breast cancer): that is the context.
  const ancestors = new Set((disease.ancestors ?? []).map(normDiseaseId).filter((id) => !ids.has(id) && !related.has(id)));
  const below = new Set((disease.below ?? []).map(normDiseaseId));
  const xrefs = new Set((disease.related ?? []).filter((id) => id.includes(':')).map(normDiseaseId).filter((id) => !below.has(id)));
  const diseaseName = disease.names?.find((n) => n.trim()) ?? disease.name.trim();
  const names = new Set([disease.name, ...(disease.names ?? [])].map(norm).filter(Boolean));
  const belowNames = new Set((disease.belowNames ?? []).map(norm).filter((n) => n && !names.has(n)));
  return { ids, related, names, belowNames, ancestors, xrefs, diseaseName };
}

/**
 * Approved indications for a disease above the context ("neoplasm" for "breast cancer": a
 * tissue-agnostic label such as pembrolizumab's, or one naming a class of cancers): the label may
 * already cover the context, so such a drug is no plain "approved for another indication". Those a
 * withdrawal outranked are still here: standingApprovals drops them.
 */
export function broaderApprovals(details: DrugDetails | null, chembl: readonly ChemblIndication[] | null, m: ContextMatcher): IndicationRef[] {
  // A ChEMBL row with a MeSH heading and no EFO id is above the context by its MeSH id (an
  // ancestor's cross-reference), or by its words ("Neoplasms" for breast cancer).
  const meshAbove = new Set(
    (chembl ?? [])
      .filter((i) => !i.efoId && i.meshHeading && (i.maxPhase ?? 0) >= 4)
      .filter((i) => { const mesh = meshRef(i.meshId); return mesh ? m.ancestors.has(mesh) : false; })
      .map((i) => i.meshHeading!),
  );
  for (const i of chembl ?? []) if (!i.efoId && i.meshHeading && (i.maxPhase ?? 0) >= 4 && !meshPlaced(i, m) && headingFit(i.meshHeading, m) === 'broader') meshAbove.add(i.meshHeading);
  return approvedIndications(details, chembl).filter((i) => {
    if (i.id === null) return i.source === 'ChEMBL drug_indication' && meshAbove.has(i.name);
    const id = normDiseaseId(i.id);
    if (m.ancestors.has(id)) return true;
    // ChEMBL's EFO id for a disease above the context is often only a cross-reference of an
    // ancestor (EFO_0000311 "cancer" where Open Targets lists MONDO_0004992), and ancestors'
    // cross-references are not fetched: a row the ontology does not place, whose name is made of
    // fewer of the context's own words ("cancer", "lung carcinoma" for NSCLC), is above it too.
    const placed = m.ids.has(id) || m.related.has(id) || m.xrefs.has(id);
    return i.source === 'ChEMBL drug_indication' && !placed && headingFit(i.name, m) === 'broader';
  });
}

/** A MeSH-only row placed against the context, or below it, by its MeSH id or its exact name. */
function meshPlaced(i: ChemblIndication, m: ContextMatcher): boolean {
  const mesh = meshRef(i.meshId);
  const level = (mesh ? levelOf(m, mesh, '') : null) ?? (i.meshHeading ? levelOf(m, null, i.meshHeading) : null);
  return level === 'context' || level === 'below';
}

/**
 * ChEMBL approvals recorded with a MeSH heading only (no EFO id) that cannot be placed against the
 * context: not its MeSH id, a relative's or an ancestor's, nor its name, but holding every word of
 * it ("Breast Cancer Lymphedema", "Triple Negative Breast Neoplasms" for breast cancer). Whether
 * such a label covers the context is not known: the drug is no plain "approved for another
 * indication" (the tier reason should say "approved for <heading> (MeSH), not placed against <context>: check").
 */
export function unplacedApprovals(chembl: readonly ChemblIndication[] | null, m: ContextMatcher): IndicationRef[] {
  return (chembl ?? [])
    .filter((i) => !i.efoId && i.meshHeading && (i.maxPhase ?? 0) >= 4 && !meshPlaced(i, m))
    .filter((i) => { const mesh = meshRef(i.meshId); return !(mesh && m.ancestors.has(mesh)) && headingFit(i.meshHeading!, m) === 'more'; })
    .map((i) => ({ name: i.meshHeading!, id: null, source: 'ChEMBL drug_indication' as const }));
}

/** Why a disease belongs to the context, or null when it does not. */
export function matchDisease(m: ContextMatcher, id: string | null, name: string): string | null {
  if (id) {
    const n = normDiseaseId(id);
    if (m.ids.has(n)) return 'the context disease';
    // A cross-reference is the context under another id; anything else related is below it.
    if (m.xrefs.has(n)) return 'a cross-reference of the context disease';
    if (m.related.has(n)) return VIA_SUBTYPE;
  }
  // Exact names only: "lung cancer" must not match "small cell lung cancer".
  if (m.names.has(norm(name))) return 'same name as the context';
  return m.belowNames?.has(norm(name)) ? VIA_SUBTYPE : null;
}

/** Where a record's disease sits: the context itself (an id, a cross-reference, the name), below it, or above it. */
export type Level = 'context' | 'below' | 'above';

function levelOf(m: ContextMatcher, id: string | null, name: string): Level | null {
  if (id) {
    const n = normDiseaseId(id);
    if (m.ids.has(n) || m.xrefs.has(n)) return 'context';
    if (m.related.has(n)) return 'below';
    if (m.ancestors.has(n)) return 'above';
  }
  if (m.names.has(norm(name))) return 'context';
  return m.belowNames?.has(norm(name)) ? 'below' : null;
}

/** `via` of a row for a disease above the context: only withdrawals and the approvals they outrank are kept. */
export const VIA_ABOVE = 'a broader disease that includes the context';

const WITHDRAWN_SUFFIX = ' (withdrawn for this indication)';

/** An Open Targets indication row at stage WITHDRAWAL (not an approval another row gives, outranked by one). */
export function isWithdrawalRow(m: Pick<MatchedIndication, 'source' | 'name' | 'withdrawnFor'>): boolean {
  return m.source === 'Open Targets indications' && !!m.withdrawnFor && m.name === `${m.withdrawnFor}${WITHDRAWN_SUFFIX}`;
}


/** Best record per disease and source, furthest phase first. */
export function matchIndications(
  drug: Pick<DrugEvidence, 'records'>,
  details: DrugDetails | null,
  chembl: readonly ChemblIndication[] | null,
  m: ContextMatcher,
): MatchedIndication[] {
  const out = new Map<string, MatchedIndication>();
  const offer = (row: MatchedIndication) => {
    const x = row.level === 'below' ? { ...row, subtypeOf: m.diseaseName } : row;
    const key = `${x.source}|${x.id ?? norm(x.name)}`;
    const prev = out.get(key);
    // A withdrawal is the record's latest word on that disease: no phase outranks it.
    if (!prev || (!prev.withdrawnFor && (x.withdrawnFor || (x.phase ?? -1) > (prev.phase ?? -1)))) out.set(key, x);
  };
  const viaOf = (level: Level, id: string | null, name: string, alt?: string | null) =>
    level === 'above' ? VIA_ABOVE : level === 'below' ? VIA_SUBTYPE : (matchDisease(m, id, name) ?? (alt ? matchDisease(m, null, alt) : null) ?? 'the context disease');
  for (const ind of details?.indications ?? []) {
    const level = levelOf(m, ind.diseaseId, ind.diseaseName);
    if (!level) continue;
    const via = viaOf(level, ind.diseaseId, ind.diseaseName);
    // Withdrawn for this indication: it reached the market here and left it, so no phase counts.
    if (ind.stage === 'WITHDRAWAL') offer({ id: ind.diseaseId, name: `${ind.diseaseName}${WITHDRAWN_SUFFIX}`, phase: null, approved: false, source: 'Open Targets indications', via, withdrawnFor: ind.diseaseName, level });
    else offer({ id: ind.diseaseId, name: ind.diseaseName, phase: ind.phase, approved: isApprovedStage(ind.stage), source: 'Open Targets indications', via, level });
  }
  for (const ind of chembl ?? []) {
    const name = ind.efoTerm ?? ind.meshHeading ?? 'unnamed disease';
    // Its MeSH id against the context's MeSH cross-references (Open Targets' dbXRefs "MESH:D001943");
    // a row with no EFO id also by its heading's words: ChEMBL's "Breast Neoplasms" row, approved,
    // once matched nothing and the drug read "no indication recorded for breast cancer".
    const mesh = meshRef(ind.meshId);
    const byMesh = mesh ? levelOf(m, mesh, '') : null;
    const sameWords = !ind.efoId && ind.meshHeading && headingFit(ind.meshHeading, m) === 'same';
    const level = levelOf(m, ind.efoId, name) ?? byMesh ?? (ind.meshHeading ? levelOf(m, null, ind.meshHeading) : null) ?? (sameWords ? 'context' : null);
    const via =
      level === 'below' ? VIA_SUBTYPE
      : level === 'context' && !matchDisease(m, ind.efoId, name) && byMesh ? `a cross-reference of the context disease (MeSH ${ind.meshId})`
      : level === 'context' && sameWords && !byMesh && !matchDisease(m, null, ind.meshHeading ?? '') ? `the context disease by its MeSH heading (${ind.meshHeading})`
      : level ? viaOf(level, ind.efoId, name, ind.meshHeading) : null;
    if (level && via) offer({ id: ind.efoId, name, phase: ind.maxPhase, approved: (ind.maxPhase ?? 0) >= 4, source: 'ChEMBL drug_indication', via, level });
  }
  for (const rec of drug.records) {
    if (rec.kind !== 'opentargets') continue;
    for (const d of rec.candidate.indications) {
      const via = matchDisease(m, d.id, d.name);
      if (via) offer({ id: d.id, name: d.name, phase: null, approved: false, source: 'Open Targets target row', via, level: levelOf(m, d.id, d.name) ?? 'context' });
    }
  }
  const rank = (x: MatchedIndication) => (x.approved ? 10 : 0) + (x.phase ?? -1);
  return withdrawalFirst([...out.values()]).sort((a, b) => rank(b) - rank(a) || a.name.localeCompare(b.name));
}

/**
 * An Open Targets withdrawal row outranks an approval row another record (or another id) gives for
 * the same disease (bevacizumab: its FDA breast cancer approval was revoked in 2011). ChEMBL's
 * max_phase_for_ind is the furthest phase ever reached, so it stays 4 after a withdrawal; such an
 * approval once made a drug tier I "Approved for breast cancer" beside Open Targets' WITHDRAWAL.
 * Which approvals a withdrawal outranks, whatever their source:
 * - one for the same disease id;
 * - for a withdrawal for the context (its id, a cross-reference, its name): any approval for the
 *   context (its ids, cross-references such as ChEMBL's EFO ids, its name);
 * - for a withdrawal for a disease above the context: a ChEMBL approval for a disease above it
 *   (its EFO ids cannot be told from Open Targets' ids for the same disease; an Open Targets row for
 *   another id above the context is another disease, a tissue-agnostic label, and stands).
 * An approval for a disease below the context (a subtype, its own id in Open Targets' ontology)
 * stands whichever source gives it, and so does one for the context under a withdrawal above it;
 * the tier reason names the withdrawal beside it. Rows above the context are kept only as
 * withdrawals and the approvals they outrank: an approval above the context never matches it.
 */
function withdrawalFirst(rows: readonly MatchedIndication[]): MatchedIndication[] {
  const withdrawn = rows.filter((x) => x.withdrawnFor && x.source === 'Open Targets indications');
  const outranks = (w: MatchedIndication, a: MatchedIndication) =>
    (w.id !== null && a.id !== null && normDiseaseId(w.id) === normDiseaseId(a.id)) ||
    (w.level === 'context' && a.level === 'context') ||
    (w.level === 'above' && a.level === 'above' && a.source !== 'Open Targets indications');
  return rows.flatMap((x) => {
    if (!x.approved || x.source === 'Open Targets target row' || !withdrawn.some((w) => outranks(w, x))) return x.level === 'above' && !x.withdrawnFor ? [] : [x];
    return [{ ...x, name: `${x.name} (${x.source} records its approval; Open Targets records the withdrawal)`, approved: false, phase: null, withdrawnFor: x.name }];
  });
}

/**
 * The approvals a withdrawal did not outrank: an approval row matchIndications marked outranked
 * (same source, disease and name) is no current approval to list or to call a broader label.
 */
export function standingApprovals<T extends IndicationRef>(refs: readonly T[], matching: readonly MatchedIndication[]): T[] {
  const outranked = matching.filter((x) => x.withdrawnFor && !isWithdrawalRow(x));
  const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : normDiseaseId(a) === normDiseaseId(b));
  return refs.filter((r) => !outranked.some((x) => x.source === r.source && x.withdrawnFor === r.name && same(x.id, r.id)));
}

/** Why Open Targets calls the drug withdrawn (a "Withdrawn" warning, or the stage WITHDRAWAL), or null. */
export function openTargetsWithdrawal(d: Pick<DrugDetails, 'warnings' | 'stage'> | null | undefined): string | null {
  const w = d?.warnings?.find((x) => x.type.trim().toLowerCase() === 'withdrawn');
  if (w) return `Open Targets drug warning: withdrawn${w.country ? ` in ${w.country}` : ''}${w.year ? ` (${w.year})` : ''}`;
  return d?.stage === 'WITHDRAWAL' ? 'Open Targets stage WITHDRAWAL' : null;
}

/** An approved indication of a drug, whatever the disease. */
export interface IndicationRef {
  name: string;
  id: string | null;
  source: Exclude<IndicationSource, 'Open Targets target row'>;
}

/** The drug's approved indications, whatever the disease (Open Targets first, then ChEMBL's other ones). */
export function approvedIndications(details: DrugDetails | null, chembl: readonly ChemblIndication[] | null): IndicationRef[] {
  const out: IndicationRef[] = [];
  const seen = new Set<string>();
  const offer = (x: IndicationRef) => {
    const keys = [norm(x.name), ...(x.id ? [normDiseaseId(x.id)] : [])];
    if (keys.some((k) => seen.has(k))) return;
    keys.forEach((k) => seen.add(k));
    out.push(x);
  };
  for (const i of details?.indications ?? []) if (isApprovedStage(i.stage)) offer({ name: i.diseaseName, id: i.diseaseId, source: 'Open Targets indications' });
  for (const i of chembl ?? []) {
    const name = i.efoTerm ?? i.meshHeading;
    if (name && (i.maxPhase ?? 0) >= 4) offer({ name, id: i.efoId, source: 'ChEMBL drug_indication' });
  }
  return out;
}

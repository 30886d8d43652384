// ChEMBL for svc_generate_validation_plan: a drug named in a hypothesis (molecule by synonym, which
// covers the preferred name, INN, USAN and trade names) and the potency of compounds on a target
// (activity). Functions on the shared client; the drug and target lookups of the panel tools are the
// Chembl class in chembl.ts, whose list and shape helpers these share.
//   GET /molecule.json?molecule_synonyms__molecule_synonym__iexact=<name>
//   GET /activity.json?target_chembl_id=<id>&pchembl_value__isnull=false&standard_type__in=IC50,Ki,Kd,EC50
//       [&molecule_chembl_id__in=<ids>] [&pchembl_value__gte=<p>&order_by=-pchembl_value]
// pchembl_value is -log10(molar) of the standardised IC50/Ki/Kd/EC50 (ChEMBL documentation).
import { listOf, PAGE_LIMIT, parseMoleculeList, SOURCE, chemblShape, type ChemblMolecule, type Page } from './chembl.js';
import type { UpstreamClient } from './http.js';
import { numeric, optStr } from './shape.js';

const { obj, str } = chemblShape;

/** Activity types whose pChEMBL measures potency on the target. */
export const POTENCY_TYPES = ['IC50', 'Ki', 'Kd', 'EC50'] as const;

export interface ChemblActivity {
  moleculeChemblId: string;
  parentMoleculeChemblId: string | null;
  moleculeName: string | null;
  targetChemblId: string | null;
  standardType: string | null;
  standardRelation: string | null;
  standardValue: number | null;
  standardUnits: string | null;
  /** -log10 molar potency; null when ChEMBL could not standardise the value. */
  pchembl: number | null;
  assayChemblId: string | null;
  documentChemblId: string | null;
  /** ChEMBL's flag for suspect values ("Outside typical range", ...): such rows are not potency evidence. */
  dataValidityComment: string | null;
}

/** Molecules one of whose synonyms is `name` (case-insensitive); [] when ChEMBL knows none. */
export async function chemblMoleculesByName(http: UpstreamClient, name: string, signal?: AbortSignal): Promise<ChemblMolecule[]> {
  const json = await http.json({
    source: SOURCE,
    path: '/molecule.json',
    query: { molecule_synonyms__molecule_synonym__iexact: name.trim(), limit: 20 },
    ...(signal ? { signal } : {}),
  });
  return parseMoleculeList(json).items;
}

export interface ActivityQuery {
  targetChemblId: string;
  /** Only these molecules (their parent and salt ids both count). */
  moleculeIds?: readonly string[];
  /** Only activities at least this potent, most potent first (research compounds of a target). */
  minPchembl?: number;
  limit?: number;
}

/** Potency measurements (IC50/Ki/Kd/EC50 with a pChEMBL value) on a target; one page. */
export async function chemblActivities(http: UpstreamClient, q: ActivityQuery, signal?: AbortSignal): Promise<ChemblActivity[]> {
  const ids = [...new Set((q.moleculeIds ?? []).map((id) => id.trim().toUpperCase()).filter(Boolean))];
  const json = await http.json({
    source: SOURCE,
    path: '/activity.json',
    query: {
      target_chembl_id: q.targetChemblId.trim(),
      pchembl_value__isnull: 'false',
      standard_type__in: POTENCY_TYPES.join(','),
      molecule_chembl_id__in: ids.length ? ids.join(',') : undefined,
      pchembl_value__gte: q.minPchembl,
      order_by: q.minPchembl === undefined ? undefined : '-pchembl_value',
      limit: Math.min(Math.max(q.limit ?? 200, 1), PAGE_LIMIT),
    },
    ...(signal ? { signal } : {}),
  });
  return parseActivityList(json).items;
}

export function parseActivityList(json: unknown): Page<ChemblActivity> {
  const { rows, total, hasNext } = listOf(json, 'activities');
  return { items: rows.map(parseActivity), total, hasNext };
}

export function parseActivity(raw: unknown): ChemblActivity {
  const a = obj(raw, 'activity');
  return {
    moleculeChemblId: str(a.molecule_chembl_id, 'activity.molecule_chembl_id'),
    parentMoleculeChemblId: optStr(a.parent_molecule_chembl_id),
    moleculeName: optStr(a.molecule_pref_name),
    targetChemblId: optStr(a.target_chembl_id),
    standardType: optStr(a.standard_type),
    standardRelation: optStr(a.standard_relation),
    standardValue: numeric(a.standard_value),
    standardUnits: optStr(a.standard_units),
    pchembl: numeric(a.pchembl_value),
    assayChemblId: optStr(a.assay_chembl_id),
    documentChemblId: optStr(a.document_chembl_id),
    dataValidityComment: optStr(a.data_validity_comment),
  };
}

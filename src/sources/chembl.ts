// ChEMBL REST: mechanisms of action (by target or molecule), targets by UniProt accession,
// drug indications (max_phase_for_ind per disease) and molecule properties for ADMET (MW, ALogP,
// QED, Ro5); drug names and potency for validation plans are in chembl-potency.ts. Lists of ids go in `__in` filters, ID_BATCH ids per request; a list longer than one
// page is read by fetching its remaining pages together once the first tells the total. Decimal properties arrive as strings and
// max_phase as "4.0" or 4, so every number goes through numeric(). An unknown id is a 404 with an
// empty text/html body: it means "not found" (null), not a failure.
// @see https://chembl.gitbook.io/chembl-interface-documentation/web-services/chembl-data-web-services
import { isNotFoundStatus } from '../errors.js';
import { chunk } from './batch.js';
import type { UpstreamClient } from './http.js';
import { numeric, optStr, shapeOf, type Obj } from './shape.js';

export const SOURCE = 'chembl';
/**
 * Ids per `__in` filter. ChEMBL ids are at most 13 characters with the comma, so 100 make a URL of
 * about 1.4 KB, far under what web servers take (8 KB is usual): the 100 drugs repurposing looks up
 * cost one request per endpoint, not two, and fit the 5-a-second pacing in one wave.
 */
const ID_BATCH = 100;
/** ChEMBL's largest page. */
export const PAGE_LIMIT = 1000;
/** Safety stop for paging: 10,000 rows per filter; a longer list is read partial and says so (allPages). */
const MAX_PAGES = 10;
/** Shape checks whose errors name ChEMBL (chembl-potency.ts reads the same answers). */
export const chemblShape = shapeOf(SOURCE, 'The ChEMBL answer format may have changed; run `npm run test:live` to check for drift.');
const { field, obj, arr, str } = chemblShape;

export interface ChemblMechanism {
  moleculeChemblId: string;
  parentMoleculeChemblId: string | null;
  targetChemblId: string | null;
  mechanismOfAction: string | null;
  actionType: string | null;
  maxPhase: number | null;
  directInteraction: boolean | null;
  diseaseEfficacy: boolean | null;
  refs: { type: string | null; id: string | null; url: string | null }[];
}

export interface ChemblTarget {
  targetChemblId: string;
  prefName: string | null;
  /** SINGLE PROTEIN, PROTEIN COMPLEX, PROTEIN FAMILY, ... */
  targetType: string | null;
  organism: string | null;
  taxId: number | null;
  accessions: string[];
}

/** One drug_indication row: the furthest phase the drug reached for one disease. */
export interface ChemblIndication {
  moleculeChemblId: string;
  parentMoleculeChemblId: string | null;
  /** EFO/MONDO/HP id in Open Targets' form (EFO_0003843; ChEMBL writes EFO:0003843). */
  efoId: string | null;
  efoTerm: string | null;
  meshId: string | null;
  meshHeading: string | null;
  /** max_phase_for_ind on ChEMBL's scale (4 approved for this indication). */
  maxPhase: number | null;
}

export interface ChemblProperties {
  /** Full molecular weight (Da), salt included. */
  fullMwt: number | null;
  mwFreebase: number | null;
  alogp: number | null;
  cxLogp: number | null;
  psa: number | null;
  qedWeighted: number | null;
  hba: number | null;
  hbd: number | null;
  rtb: number | null;
  numRo5Violations: number | null;
  aromaticRings: number | null;
  heavyAtoms: number | null;
  formula: string | null;
}

export interface ChemblMolecule {
  chemblId: string;
  prefName: string | null;
  moleculeType: string | null;
  /** 4 approved, 3..1 clinical phases, 0.5 early phase 1, 0 preclinical (ChEMBL's null); null unknown. */
  maxPhase: number | null;
  firstApproval: number | null;
  withdrawn: boolean | null;
  parentChemblId: string | null;
  /** Null for biologics such as antibodies: ChEMBL computes no properties for them. */
  properties: ChemblProperties | null;
}

export class Chembl {
  constructor(private readonly http: UpstreamClient) {}

  /** One molecule, or null when ChEMBL does not know the id. */
  async molecule(chemblId: string, signal?: AbortSignal): Promise<ChemblMolecule | null> {
    try {
      const json = await this.http.json({ source: SOURCE, path: `/molecule/${encodeURIComponent(chemblId.trim())}.json`, ...(signal ? { signal } : {}) });
      return parseMolecule(json);
    } catch (err) {
      if (isNotFoundStatus(err)) return null;
      throw err;
    }
  }

  /** Many molecules in few requests, keyed by upper-cased id; ids ChEMBL does not return map to null. */
  async molecules(chemblIds: readonly string[], signal?: AbortSignal): Promise<Map<string, ChemblMolecule | null>> {
    const ids = [...new Set(chemblIds.map((id) => id.trim().toUpperCase()).filter(Boolean))];
    const found = new Map<string, ChemblMolecule>();
    await Promise.all(
      chunk(ids, ID_BATCH).map(async (batch) => {
        const json = await this.http.json({
          source: SOURCE,
          path: '/molecule.json',
          query: { molecule_chembl_id__in: batch.join(','), limit: batch.length },
          ...(signal ? { signal } : {}),
        });
        for (const m of parseMoleculeList(json).items) found.set(m.chemblId, m);
      }),
    );
    return new Map(ids.map((id) => [id, found.get(id) ?? null]));
  }

  /** Every mechanism of action recorded against a ChEMBL target (e.g. CHEMBL203 for EGFR). */
  async mechanismsForTarget(targetChemblId: string, signal?: AbortSignal): Promise<ChemblMechanism[]> {
    return this.allPages('/mechanism.json', { target_chembl_id: targetChemblId.trim() }, parseMechanismList, signal);
  }

  /** Mechanisms of the given molecules, keyed by upper-cased id, the molecule's own or its parent's (an id with none maps to []). */
  async mechanismsForMolecules(chemblIds: readonly string[], signal?: AbortSignal): Promise<Map<string, ChemblMechanism[]>> {
    const ids = [...new Set(chemblIds.map((id) => id.trim().toUpperCase()).filter(Boolean))];
    const all = (
      await Promise.all(
        chunk(ids, ID_BATCH).map((batch) => this.allPages('/mechanism.json', { molecule_chembl_id__in: batch.join(',') }, parseMechanismList, signal)),
      )
    ).flat();
    return new Map(ids.map((id) => [id, all.filter((m) => m.moleculeChemblId.toUpperCase() === id || m.parentMoleculeChemblId?.toUpperCase() === id)]));
  }

  /** ChEMBL targets containing a UniProt accession: the single protein plus complexes and families. */
  async targetsByAccession(accession: string, signal?: AbortSignal): Promise<ChemblTarget[]> {
    return this.allPages('/target.json', { target_components__accession: accession.trim() }, parseTargetList, signal);
  }

  /** Targets containing any of the accessions, keyed by accession (one with none maps to []). */
  async targetsByAccessions(accessions: readonly string[], signal?: AbortSignal): Promise<Map<string, ChemblTarget[]>> {
    const ids = [...new Set(accessions.map((a) => a.trim().toUpperCase()).filter(Boolean))];
    const all = (
      await Promise.all(chunk(ids, ID_BATCH).map((batch) => this.allPages('/target.json', { target_components__accession__in: batch.join(',') }, parseTargetList, signal)))
    ).flat();
    return new Map(ids.map((id) => [id, all.filter((t) => t.accessions.includes(id))]));
  }

  /**
   * Indications of the given molecules, keyed by upper-cased id. A row counts for the molecule it
   * names and for its parent, so asking with a salt id or the parent id finds the same rows.
   * `unread`: molecules whose rows may be cut short (their batch's list passed MAX_PAGES, or a row
   * of theirs came from such a batch); their rows read are still in the map, but "no approval row"
   * says nothing of them, so callers drop them (readIndications) and count them as not read.
   */
  async drugIndications(chemblIds: readonly string[], signal?: AbortSignal): Promise<IndicationRows> {
    const ids = [...new Set(chemblIds.map((id) => id.trim().toUpperCase()).filter(Boolean))];
    const batches = await Promise.all(
      chunk(ids, ID_BATCH).map(async (batch) => ({ batch, ...(await this.readPages('/drug_indication.json', { molecule_chembl_id__in: batch.join(',') }, parseIndicationList, signal)) })),
    );
    const unread = new Set(batches.filter((b) => !b.complete).flatMap((b) => b.batch));
    // A parent asked in a whole batch still misses the unread rows of its salt asked in a cut one.
    for (const b of batches) if (!b.complete) for (const r of b.rows) if (r.parentMoleculeChemblId) unread.add(r.parentMoleculeChemblId);
    const all = batches.flatMap((b) => b.rows);
    const rows = new Map(ids.map((id) => [id, all.filter((r) => r.moleculeChemblId === id || r.parentMoleculeChemblId === id)]));
    return Object.assign(rows, { unread: new Set(ids.filter((id) => unread.has(id))) });
  }

  // The first page tells the total and the page size the server applied (ChEMBL caps `limit`);
  // the other pages are then fetched together, so a long list costs two request waves, not one
  // per page. Offsets are computed here rather than following page_meta.next, whose absolute path
  // would bypass a base-URL override. Past MAX_PAGES the rest is not read, and the client is told
  // (shortfall): the call reads partial with the counts, since a row not read (an indication) could
  // otherwise pass for one that does not exist.
  private async allPages<T>(path: string, filter: Record<string, string>, parse: (json: unknown) => Page<T>, signal?: AbortSignal): Promise<T[]> {
    return (await this.readPages(path, filter, parse, signal)).rows;
  }

  /** allPages, saying whether the list was read whole (`complete` false: cut at MAX_PAGES). */
  private async readPages<T>(
    path: string,
    filter: Record<string, string>,
    parse: (json: unknown) => Page<T>,
    signal?: AbortSignal,
  ): Promise<{ rows: T[]; complete: boolean }> {
    const page = async (offset: number, limit: number) =>
      parse(await this.http.json({ source: SOURCE, path, query: { ...filter, limit, offset }, ...(signal ? { signal } : {}) }));
    const first = await page(0, PAGE_LIMIT);
    if (!first.hasNext || !first.items.length) return { rows: first.items, complete: true };
    const size = first.limit && first.limit > 0 ? Math.min(first.limit, PAGE_LIMIT) : first.items.length;
    // Without a total the pages are walked one by one (still bounded by MAX_PAGES).
    if (first.total === null) {
      const out = [...first.items];
      let more = true;
      for (let n = 1; n < MAX_PAGES && more; n++) {
        const next = await page(n * size, size);
        out.push(...next.items);
        more = next.hasNext && next.items.length > 0;
      }
      if (more) this.http.shortfall(`${endpointOf(path)}: the first ${count(out.length)} rows read, more not read (paging stops at ${MAX_PAGES} pages; ChEMBL gave no total)`);
      return { rows: out, complete: !more };
    }
    const pages = Math.min(MAX_PAGES, Math.ceil(first.total / size));
    const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => page((i + 1) * size, size)));
    const out = [...first.items, ...rest.flatMap((p) => p.items)];
    const cut = out.length < first.total && Math.ceil(first.total / size) > MAX_PAGES;
    if (cut) this.http.shortfall(`${endpointOf(path)}: ${count(out.length)} of ${count(first.total)} rows read (paging stops at ${MAX_PAGES} pages)`);
    return { rows: out, complete: !cut };
  }
}

/** drugIndications' answer: rows by molecule, and the molecules whose rows may be cut short. */
export type IndicationRows = Map<string, ChemblIndication[]> & { unread: ReadonlySet<string> };

/**
 * The rows of the molecules whose indications were read whole: a molecule in `unread` has no key,
 * which the drug tools read as "indications not looked up" (held back, counted as unchecked), never
 * as "no indication recorded".
 */
export function readIndications(rows: IndicationRows): Map<string, ChemblIndication[]> {
  return new Map([...rows].filter(([id]) => !rows.unread.has(id)));
}

/** "ChEMBL drug_indication" for '/drug_indication.json'. */
function endpointOf(path: string): string {
  return `ChEMBL ${path.replace(/^\//, '').replace(/\.json$/, '')}`;
}

const count = (n: number): string => n.toLocaleString('en-US');

// ---------------------------------------------------------------- pure parsers

export interface Page<T> {
  items: T[];
  total: number | null;
  hasNext: boolean;
  /** The page size the server applied (page_meta.limit). */
  limit?: number | null;
}

/** One page of a ChEMBL list answer: its rows under `key` and page_meta. */
export function listOf(json: unknown, key: string): { rows: unknown[]; total: number | null; hasNext: boolean; limit: number | null } {
  const body = obj(json, 'ChEMBL answer');
  const rows = arr(field(body, key), key);
  const meta = body.page_meta && typeof body.page_meta === 'object' ? (body.page_meta as Obj) : {};
  return { rows, total: numeric(meta.total_count), hasNext: typeof meta.next === 'string' && meta.next !== '', limit: numeric(meta.limit) };
}

export function parseMechanismList(json: unknown): Page<ChemblMechanism> {
  const { rows, total, hasNext, limit } = listOf(json, 'mechanisms');
  return { items: rows.map(parseMechanism), total, hasNext, limit };
}

export function parseMechanism(raw: unknown): ChemblMechanism {
  const m = obj(raw, 'mechanism');
  const refs = m.mechanism_refs === null || m.mechanism_refs === undefined ? [] : arr(m.mechanism_refs, 'mechanism_refs');
  return {
    moleculeChemblId: str(m.molecule_chembl_id, 'mechanism.molecule_chembl_id'),
    parentMoleculeChemblId: optStr(m.parent_molecule_chembl_id),
    targetChemblId: optStr(m.target_chembl_id),
    mechanismOfAction: optStr(m.mechanism_of_action),
    actionType: optStr(m.action_type),
    maxPhase: moleculePhaseOf(m),
    directInteraction: flag(m.direct_interaction),
    diseaseEfficacy: flag(m.disease_efficacy),
    refs: refs.map((r) => {
      const ref = obj(r, 'mechanism_refs[]');
      return { type: optStr(ref.ref_type), id: optStr(ref.ref_id), url: optStr(ref.ref_url) };
    }),
  };
}

export function parseTargetList(json: unknown): Page<ChemblTarget> {
  const { rows, total, hasNext, limit } = listOf(json, 'targets');
  return { items: rows.map(parseTarget), total, hasNext, limit };
}

export function parseTarget(raw: unknown): ChemblTarget {
  const t = obj(raw, 'target');
  const components = t.target_components === null || t.target_components === undefined ? [] : arr(t.target_components, 'target_components');
  return {
    targetChemblId: str(t.target_chembl_id, 'target.target_chembl_id'),
    prefName: optStr(t.pref_name),
    targetType: optStr(t.target_type),
    organism: optStr(t.organism),
    taxId: numeric(t.tax_id),
    accessions: components.map((c) => optStr(obj(c, 'target_components[]').accession)).filter((a): a is string => a !== null),
  };
}

/** The SINGLE PROTEIN target built on exactly this accession, if ChEMBL has one. */
export function singleProteinTarget(targets: readonly ChemblTarget[], accession: string): ChemblTarget | null {
  return targets.find((t) => t.targetType === 'SINGLE PROTEIN' && t.accessions.includes(accession)) ?? null;
}

export function parseIndicationList(json: unknown): Page<ChemblIndication> {
  const { rows, total, hasNext, limit } = listOf(json, 'drug_indications');
  return { items: rows.map(parseIndication), total, hasNext, limit };
}

export function parseIndication(raw: unknown): ChemblIndication {
  const r = obj(raw, 'drug_indication');
  const efo = optStr(r.efo_id);
  return {
    moleculeChemblId: str(r.molecule_chembl_id, 'drug_indication.molecule_chembl_id').toUpperCase(),
    parentMoleculeChemblId: optStr(r.parent_molecule_chembl_id)?.toUpperCase() ?? null,
    efoId: efo ? efo.trim().replace(':', '_') : null,
    efoTerm: optStr(r.efo_term),
    meshId: optStr(r.mesh_id),
    meshHeading: optStr(r.mesh_heading),
    maxPhase: phaseOf(r.max_phase_for_ind),
  };
}

export function parseMoleculeList(json: unknown): Page<ChemblMolecule> {
  const { rows, total, hasNext, limit } = listOf(json, 'molecules');
  return { items: rows.map(parseMolecule), total, hasNext, limit };
}

export function parseMolecule(raw: unknown): ChemblMolecule {
  const m = obj(raw, 'molecule');
  const hierarchy = m.molecule_hierarchy && typeof m.molecule_hierarchy === 'object' ? (m.molecule_hierarchy as Obj) : {};
  const props = field(m, 'molecule_properties');
  return {
    chemblId: str(m.molecule_chembl_id, 'molecule.molecule_chembl_id'),
    prefName: optStr(m.pref_name),
    moleculeType: optStr(m.molecule_type),
    maxPhase: moleculePhaseOf(m),
    firstApproval: numeric(m.first_approval),
    withdrawn: typeof m.withdrawn_flag === 'boolean' ? m.withdrawn_flag : null,
    parentChemblId: optStr(hierarchy.parent_chembl_id),
    properties: props === null ? null : propertiesOf(obj(props, 'molecule_properties')),
  };
}

function propertiesOf(p: Obj): ChemblProperties {
  return {
    fullMwt: numeric(p.full_mwt),
    mwFreebase: numeric(p.mw_freebase),
    alogp: numeric(p.alogp),
    cxLogp: numeric(p.cx_logp),
    psa: numeric(p.psa),
    qedWeighted: numeric(p.qed_weighted),
    hba: numeric(p.hba),
    hbd: numeric(p.hbd),
    rtb: numeric(p.rtb),
    numRo5Violations: numeric(p.num_ro5_violations),
    aromaticRings: numeric(p.aromatic_rings),
    heavyAtoms: numeric(p.heavy_atoms),
    formula: optStr(p.full_molformula),
  };
}

/**
 * max_phase of a molecule (or of a mechanism's molecule). Since ChEMBL 32 a null there is a
 * preclinical compound (bioactivity data, no clinical development recorded) and -1 an unknown
 * phase (https://chembl.gitbook.io/chembl-interface-documentation/frequently-asked-questions/drug-and-compound-questions).
 * So a null the record carries is 0, "preclinical": ChEMBL answered. A negative value, or a
 * record without the field (a narrower selection), stays null: unknown.
 */
export function moleculePhaseOf(record: Obj): number | null {
  if (!('max_phase' in record)) return null;
  return record.max_phase === null ? 0 : phaseOf(record.max_phase);
}

/** max_phase is "4.0" (molecule records) or 4 (mechanisms); negative values mean unknown. */
export function phaseOf(v: unknown): number | null {
  const n = numeric(v);
  return n === null || n < 0 ? null : n;
}

/** ChEMBL flags are 0/1 integers. */
function flag(v: unknown): boolean | null {
  if (v === 1 || v === true) return true;
  if (v === 0 || v === false) return false;
  return null;
}

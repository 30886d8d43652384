// PubChem PUG-REST compound properties: the ADMET fallback for drugs ChEMBL lacks (MW, XLogP,
// H-bond donors/acceptors, TPSA, rotatable bonds). MolecularWeight is a string and XLogP is
// absent when PubChem has no XLogP3 value. An unknown name or CID is a 404 Fault: null.
// Names go in a POST form, so any character (commas, slashes, brackets) survives.
// @see https://pubchem.ncbi.nlm.nih.gov/docs/pug-rest
import { isNotFoundStatus } from '../errors.js';
import { chunk } from './batch.js';
import type { UpstreamClient } from './http.js';
import { numeric, optNum, optStr, shapeOf } from './shape.js';

const SOURCE = 'pubchem';
const CID_BATCH = 100;
const { field, obj, arr, num } = shapeOf(SOURCE, 'The PubChem answer format may have changed; run `npm run test:live` to check for drift.');

export const PROPERTIES = [
  'MolecularFormula', 'MolecularWeight', 'XLogP', 'TPSA', 'HBondDonorCount', 'HBondAcceptorCount',
  'RotatableBondCount', 'HeavyAtomCount', 'InChIKey',
].join(',');

export interface CompoundProperties {
  cid: number;
  formula: string | null;
  /** Da. */
  molecularWeight: number | null;
  /** Computed XLogP3; null when PubChem has none. */
  xlogp: number | null;
  tpsa: number | null;
  hbondDonors: number | null;
  hbondAcceptors: number | null;
  rotatableBonds: number | null;
  heavyAtoms: number | null;
  inchiKey: string | null;
  url: string;
}

export class PubChem {
  constructor(private readonly http: UpstreamClient) {}

  /** Compounds a name maps to (often one, sometimes several); null when PubChem knows none. */
  async byName(name: string, signal?: AbortSignal): Promise<CompoundProperties[] | null> {
    return this.properties('name', { name: name.trim() }, signal);
  }

  /** Properties by CID; CIDs PubChem does not return map to null. */
  async byCids(cids: readonly number[], signal?: AbortSignal): Promise<Map<number, CompoundProperties | null>> {
    const ids = [...new Set(cids.filter((c) => Number.isInteger(c) && c > 0))];
    const found = new Map<number, CompoundProperties>();
    await Promise.all(
      chunk(ids, CID_BATCH).map(async (batch) => {
        for (const c of (await this.properties('cid', { cid: batch.join(',') }, signal)) ?? []) found.set(c.cid, c);
      }),
    );
    return new Map(ids.map((id) => [id, found.get(id) ?? null]));
  }

  private async properties(namespace: 'name' | 'cid', form: Record<string, string>, signal?: AbortSignal): Promise<CompoundProperties[] | null> {
    try {
      const json = await this.http.json({
        source: SOURCE,
        path: `/compound/${namespace}/property/${PROPERTIES}/JSON`,
        method: 'POST',
        form,
        cache: true, // a property lookup is a read
        ...(signal ? { signal } : {}),
      });
      return parsePropertyTable(json);
    } catch (err) {
      if (isNotFoundStatus(err)) return null;
      throw err;
    }
  }
}

// ---------------------------------------------------------------- pure parsers

export function parsePropertyTable(json: unknown): CompoundProperties[] {
  const table = obj(field(obj(json, 'PubChem answer'), 'PropertyTable'), 'PropertyTable');
  return arr(table.Properties, 'PropertyTable.Properties').map((raw) => {
    const p = obj(raw, 'Properties[]');
    const cid = num(p.CID, 'Properties[].CID');
    return {
      cid,
      formula: optStr(p.MolecularFormula),
      molecularWeight: numeric(p.MolecularWeight),
      xlogp: optNum(p.XLogP),
      tpsa: optNum(p.TPSA),
      hbondDonors: optNum(p.HBondDonorCount),
      hbondAcceptors: optNum(p.HBondAcceptorCount),
      rotatableBonds: optNum(p.RotatableBondCount),
      heavyAtoms: optNum(p.HeavyAtomCount),
      inchiKey: optStr(p.InChIKey),
      url: `https://pubchem.ncbi.nlm.nih.gov/compound/${cid}`,
    };
  });
}

// PubChem PUG-REST compound properties: the ADMET fallback for drugs ChEMBL lacks (MW, XLogP,
// H-bond donors/acceptors, TPSA, rotatable bonds). MolecularWeight is a string and XLogP is
// absent when PubChem has no XLogP3 value. An unknown name or CID is a 404 Fault: null. A value
// that cannot be a property (a negative weight, a count sent as text) is drift, not "no value": it
// once read as null, or as a weight that passes Lipinski.
// Names go in a POST form, so any character (commas, slashes, brackets) survives.
// @see https://pubchem.ncbi.nlm.nih.gov/docs/pug-rest
import { isNotFoundStatus } from '../errors.js';
import { chunk } from './batch.js';
import type { UpstreamClient } from './http.js';
import { optStr, shapeOf } from './shape.js';

const SOURCE = 'pubchem';
const CID_BATCH = 100;
const { field, obj, arr, num, error } = shapeOf(SOURCE, 'The PubChem answer format may have changed; run `npm run test:live` to check for drift.');

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
      molecularWeight: measure(p.MolecularWeight, 'MolecularWeight', positive, true),
      xlogp: measure(p.XLogP, 'XLogP', () => true),
      tpsa: measure(p.TPSA, 'TPSA', nonNegative),
      hbondDonors: measure(p.HBondDonorCount, 'HBondDonorCount', count),
      hbondAcceptors: measure(p.HBondAcceptorCount, 'HBondAcceptorCount', count),
      rotatableBonds: measure(p.RotatableBondCount, 'RotatableBondCount', count),
      heavyAtoms: measure(p.HeavyAtomCount, 'HeavyAtomCount', count),
      inchiKey: optStr(p.InChIKey),
      url: `https://pubchem.ncbi.nlm.nih.gov/compound/${cid}`,
    };
  });
}

const positive = (n: number) => n > 0;
const nonNegative = (n: number) => n >= 0;
const count = (n: number) => Number.isInteger(n) && n >= 0;

/**
 * A property PubChem may leave out (none computed): absent or null is null. Anything else must be a
 * number (MolecularWeight comes as a decimal string) that the property can take, or the answer has
 * drifted and is refused.
 */
function measure(v: unknown, name: string, valid: (n: number) => boolean, decimalString = false): number | null {
  if (v === undefined || v === null) return null;
  const n = decimalString && typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || !valid(n)) throw error(`Properties[].${name} is not a possible value (${JSON.stringify(v).slice(0, 40)})`);
  return n;
}

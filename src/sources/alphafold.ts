// AlphaFold DB: the predicted structure of a UniProt accession and its mean pLDDT.
// Since the 2025 (v6) release `/prediction/{acc}` returns isoform models as well, and the
// canonical model is not necessarily first (P05067: index 2 of 10); clients that took [0] or
// asserted one element broke. No model is HTTP 404, reported here as null.
// @see https://alphafold.ebi.ac.uk/api-docs
import { isNotFoundStatus } from '../errors.js';
import type { UpstreamClient } from './http.js';
import { optNum, optStr, shapeOf, type Obj } from './shape.js';

const shape = shapeOf('alphafold', 'AlphaFold DB changed its prediction answer (array of models with entryId, globalMetricValue).');

export type PlddtBand = 'very_high' | 'confident' | 'low' | 'very_low';

export interface AlphaFoldModel {
  accession: string;
  entryId: string;
  gene: string | null;
  description: string | null;
  /** Mean pLDDT, 0-100 (`globalMetricValue`). */
  meanPlddt: number;
  plddtBand: PlddtBand;
  /** Fractions of residues per pLDDT band, 0-1; null when the answer lacks them. */
  fractions: { veryHigh: number | null; confident: number | null; low: number | null; veryLow: number | null };
  latestVersion: number | null;
  allVersions: number[];
  modelCreatedDate: string | null;
  sequenceStart: number | null;
  sequenceEnd: number | null;
  cifUrl: string | null;
  pdbUrl: string | null;
  bcifUrl: string | null;
  paeImageUrl: string | null;
  pageUrl: string;
  /** Other models in the answer (isoforms). */
  otherModels: number;
}

export class AlphaFold {
  constructor(private readonly http: UpstreamClient) {}

  /** The canonical model of `accession`, or null when AlphaFold DB has none. */
  async prediction(accession: string, signal?: AbortSignal): Promise<AlphaFoldModel | null> {
    let json: unknown;
    try {
      json = await this.http.json({
        source: 'alphafold',
        path: `/prediction/${encodeURIComponent(accession)}`,
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      if (isNotFoundStatus(err)) return null;
      throw err;
    }
    return parseAlphaFoldPrediction(json, accession);
  }
}

// ---------------------------------------------------------------- pure parsers

/** AFDB convention: >= 90 very high, 70-90 confident, 50-70 low, < 50 very low. */
export function plddtBand(plddt: number): PlddtBand {
  if (plddt >= 90) return 'very_high';
  if (plddt >= 70) return 'confident';
  if (plddt >= 50) return 'low';
  return 'very_low';
}

/**
 * Picks the canonical model: `uniprotAccession === accession`, else `entryId === AF-<acc>-F1`,
 * else the only non-isoform accession present (a secondary accession answered under its primary).
 * Null when the answer holds isoform models only.
 */
export function parseAlphaFoldPrediction(json: unknown, accession: string): AlphaFoldModel | null {
  const models = shape.arr(json, 'prediction answer').map((m, i) => shape.obj(m, `models[${i}]`));
  // No model is HTTP 404: an empty list with HTTP 200 is no answer to read as "no model".
  if (models.length === 0) throw shape.error('prediction answer is an empty list (AlphaFold DB answers 404 when it has no model)');
  const acc = accession.trim().toUpperCase();
  let chosen =
    models.find((m) => typeof m.uniprotAccession === 'string' && m.uniprotAccession.toUpperCase() === acc) ??
    models.find((m) => m.entryId === `AF-${acc}-F1`);
  if (!chosen) {
    const canonical = [...new Set(models.map((m) => m.uniprotAccession).filter((a): a is string => typeof a === 'string' && !a.includes('-')))];
    if (canonical.length === 1) chosen = models.find((m) => m.uniprotAccession === canonical[0]);
  }
  if (!chosen) return null;
  return parseModel(chosen, models.length - 1);
}

function parseModel(m: Obj, otherModels: number): AlphaFoldModel {
  const accession = shape.str(m.uniprotAccession, 'model.uniprotAccession');
  const meanPlddt = shape.num(m.globalMetricValue, 'model.globalMetricValue');
  return {
    accession,
    entryId: shape.str(m.entryId, 'model.entryId'),
    gene: optStr(m.gene),
    description: optStr(m.uniprotDescription),
    meanPlddt,
    plddtBand: plddtBand(meanPlddt),
    fractions: {
      veryHigh: optNum(m.fractionPlddtVeryHigh),
      confident: optNum(m.fractionPlddtConfident),
      low: optNum(m.fractionPlddtLow),
      veryLow: optNum(m.fractionPlddtVeryLow),
    },
    latestVersion: optNum(m.latestVersion),
    allVersions: Array.isArray(m.allVersions) ? m.allVersions.filter((v): v is number => typeof v === 'number') : [],
    modelCreatedDate: optStr(m.modelCreatedDate),
    sequenceStart: optNum(m.sequenceStart),
    sequenceEnd: optNum(m.sequenceEnd),
    cifUrl: optStr(m.cifUrl),
    pdbUrl: optStr(m.pdbUrl),
    bcifUrl: optStr(m.bcifUrl),
    paeImageUrl: optStr(m.paeImageUrl),
    pageUrl: `https://alphafold.ebi.ac.uk/entry/${accession}`,
    otherModels,
  };
}

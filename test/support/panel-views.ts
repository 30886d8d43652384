// Hand-built PanelViews for the unit tests of panel comparison and snapshot diffs.
import type { DrugView, PanelView, PathwayView } from '../../src/analysis/panel-view.js';

export function pathway(id: string, q: number, library = 'Reactome_2022', name = `${id} pathway`): PathwayView {
  return { id, name, library, q, overlapGenes: ['EGFR'] };
}

export function drug(name: string, tier: string, score: number, factors: Record<string, number | null> = {}): DrugView {
  return {
    name,
    chemblId: `CHEMBL_${name}`,
    tier,
    score,
    factors: Object.fromEntries(Object.entries(factors).map(([k, c]) => [k, { value: c, contribution: c }])),
    targetGenes: ['EGFR'],
  };
}

export function view(over: Partial<PanelView> = {}): PanelView {
  const pathways = over.pathways ?? [];
  return {
    snapshotId: 'snap_a',
    genes: ['EGFR', 'ERBB2'],
    diseaseContext: 'breast cancer',
    pathways,
    significantPathways: pathways.length,
    librariesTested: ['Reactome_2022', 'MSigDB_Hallmark_2020'],
    drugs: [],
    drugNote: null,
    drugsComplete: true,
    drugSourcesFailed: [],
    hypotheses: [],
    integrity: { pmidsChecked: true, hallucinated: 0, groundedRatio: 0.8, citeF1: 0.7, nliEnabled: true, entailmentMethod: 'nli' },
    qualityScore: 0.8,
    sources: [],
    ...over,
  };
}

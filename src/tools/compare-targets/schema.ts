// Input and output schemas of svc_compare_targets.
import { z } from 'zod';
import { diseaseContext, genePanel, provenance } from '../shared/schemas.js';
import { drugAbsence, integrityDeltas, listCounts, pathwayAbsence } from '../shared/comparison-schemas.js';

const panel = (label: 'A' | 'B') =>
  z
    .object({
      genes: genePanel,
      diseaseContext: diseaseContext.describe(`Disease or phenotype panel ${label} is studied in, e.g. "breast cancer".`),
    })
    .strict();

export const compareInput = z.strictObject({
  panelA: panel('A').describe('The first gene panel and its disease context'),
  panelB: panel('B').describe('The second panel and its disease (the same or another)'),
});

const tier = z.string().describe('Drug tier (I, II, III) in that panel’s analysis');

const oneSidePathway = z.object({
  id: z.string(),
  name: z.string(),
  library: z.string(),
  q: z.number(),
  overlapGenes: z.array(z.string()),
  otherSide: pathwayAbsence,
});

const oneSideDrug = z.object({
  name: z.string(),
  chemblId: z.string().nullable(),
  tier,
  score: z.number(),
  rank: z.number().int(),
  targetGenes: z.array(z.string()),
  otherSide: drugAbsence,
});

const side = z.object({
  snapshotId: z.string().describe('Snapshot of this panel’s full analysis (svc_get_snapshot, svc_diff_snapshots)'),
  genes: z.array(z.string()).describe('Resolved (HGNC-approved) symbols analysed'),
  unresolvedGenes: z.array(z.string()),
  diseaseContext: z.string(),
  qualityScore: z.number().nullable(),
});

export const compareOutput = z.object({
  snapshotId: z.string().describe('Snapshot of this comparison; it points to both panels’ snapshots'),
  panelA: side,
  panelB: side,
  summary: z.string().describe('A short comparison written from the numbers below, naming the largest differences'),
  genes: z.object({ shared: z.array(z.string()), aOnly: z.array(z.string()), bOnly: z.array(z.string()) }),
  sharedPathways: z
    .array(z.object({ id: z.string(), name: z.string(), library: z.string(), qA: z.number(), qB: z.number() }))
    .describe('Pathways significant (q <= 0.05) in both panels, with q on each side; strongest in both first'),
  uniquePathways: z.object({ a: z.array(oneSidePathway), b: z.array(oneSidePathway) }).describe('Pathways reported for one panel only, best first'),
  pathwayNote: z.string().optional().describe('Why pathways are not compared (enrichment failed)'),
  drugOverlap: z
    .object({
      shared: z.array(z.object({ name: z.string(), chemblId: z.string().nullable(), tierA: tier, tierB: tier, scoreA: z.number(), scoreB: z.number(), rankA: z.number().int(), rankB: z.number().int(), genesA: z.array(z.string()), genesB: z.array(z.string()) })),
      aOnly: z.array(oneSideDrug),
      bOnly: z.array(oneSideDrug),
    })
    .nullable()
    .describe('Drug candidates of both panels, shared or not, with tiers; null when withheld (see drugAnalysisNote)'),
  drugAnalysisNote: z.string().optional().describe('Why drug candidates are not compared (e.g. the free tier)'),
  qualityScore: z.object({ a: z.number().nullable(), b: z.number().nullable(), delta: z.number().nullable() }).describe('Quality score of each panel’s analysis, and B minus A'),
  groundedRatioDelta: z.number().nullable().describe('groundedRatio of B minus that of A; null when either was not computed'),
  integrityDeltas,
  counts: listCounts,
  more: z.string().optional().describe('How to get the items the lists above leave out'),
  ...provenance,
});

export type CompareInput = z.output<typeof compareInput>;
export type CompareOutput = z.input<typeof compareOutput>;

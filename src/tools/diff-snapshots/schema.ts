// Input and output schemas of svc_diff_snapshots.
import { z } from 'zod';
import { drugAbsence, integrityDeltas, listCounts, pathwayAbsence } from '../shared/comparison-schemas.js';
import { snapshotId } from '../shared/snapshot-schemas.js';

export const diffInput = z.strictObject({
  snapshotIdA: snapshotId.describe('The earlier analysis (of svc_generate_insights, or one side of svc_compare_targets)'),
  snapshotIdB: snapshotId.describe('The later analysis, compared against A'),
});

const pathwayChange = z.object({ id: z.string(), name: z.string(), library: z.string(), q: z.number(), overlapGenes: z.array(z.string()), otherSide: pathwayAbsence });
const drugPresence = z.object({ name: z.string(), chemblId: z.string().nullable(), tier: z.string(), score: z.number(), rank: z.number().int(), otherSide: drugAbsence });
const snapshotRef = z.object({ id: z.string(), createdAt: z.string(), tool: z.string(), geneCount: z.number().int(), diseaseContext: z.string() });

export const diffOutput = z.object({
  snapshotA: snapshotRef,
  snapshotB: snapshotRef,
  summary: z.string().describe('What changed, in a few sentences written from the lists below'),
  inputs: z.object({
    genesAdded: z.array(z.string()),
    genesRemoved: z.array(z.string()),
    diseaseChanged: z.object({ from: z.string(), to: z.string() }).nullable(),
  }),
  newPathways: z.array(pathwayChange).describe('Reported by B, not by A'),
  removedPathways: z.array(pathwayChange).describe('Reported by A, not by B'),
  qChanges: z
    .array(z.object({ id: z.string(), name: z.string(), library: z.string(), qBefore: z.number(), qAfter: z.number(), log10Change: z.number() }))
    .describe('Pathways reported by both whose q changed; largest change first (log10Change < 0: more significant in B)'),
  drugCandidateShifts: z
    .object({
      entered: z.array(drugPresence),
      left: z.array(drugPresence),
      changed: z.array(
        z.object({
          name: z.string(),
          chemblId: z.string().nullable(),
          tierBefore: z.string(),
          tierAfter: z.string(),
          rankBefore: z.number().int(),
          rankAfter: z.number().int(),
          scoreBefore: z.number(),
          scoreAfter: z.number(),
          scoreDelta: z.number(),
          factorMovedMost: z
            .object({ factor: z.string(), before: z.number().nullable(), after: z.number().nullable(), delta: z.number() })
            .nullable()
            .describe('The score factor whose contribution moved most'),
          why: z.string().optional(),
        }),
      ),
    })
    .nullable()
    .describe('Drug candidates that entered, left, or changed tier, rank or score; null when either analysis withheld them'),
  drugAnalysisNote: z.string().optional().describe('Why drug candidates are not compared'),
  hypothesisConfidenceChanges: z
    .array(
      z.object({
        genes: z.array(z.string()),
        statement: z.string(),
        confidenceBefore: z.number().nullable(),
        confidenceAfter: z.number().nullable(),
        delta: z.number().nullable(),
        labelBefore: z.string().nullable(),
        labelAfter: z.string().nullable(),
        why: z.string().optional().describe('what else differs: a part unknown, the evidence check, novelty'),
      }),
    )
    .describe('Hypotheses (matched by gene pair) whose confidence changed; null on the side where a hypothesis is absent'),
  qualityScoreDelta: z.number().nullable(),
  groundedRatioDelta: z.number().nullable(),
  integrityDeltas,
  sourceChanges: z
    .array(z.object({ id: z.string(), before: z.string(), after: z.string() }))
    .describe('Sources whose outcome differs: answered (ok or cached), failed, skipped, or absent'),
  counts: listCounts,
  more: z.string().optional().describe('How to get the items the lists above leave out'),
  warnings: z.array(z.string()),
});

export type DiffInput = z.output<typeof diffInput>;
export type DiffOutput = z.input<typeof diffOutput>;

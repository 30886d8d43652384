// svc_get_snapshot: one saved analysis. The ninth tool (DESIGN.md 2.1); ids come from analysis
// results (`snapshotId`) or from svc_search_snapshots.
//
// A full result can be ~25,000 tokens: too much for one answer. Without `section` the MCP answer is
// an overview (what was asked, and every section of the result with its size); with `section` it
// is that section, and a long list comes by pages (offset, limit). The CLI's `snapshots show --json`
// prints the whole snapshot.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { wholeNumber } from '../shared/schemas.js';
import { snapshotId, snapshotSummary } from '../shared/snapshot-schemas.js';
import { loadSnapshot } from '../shared/snapshots.js';
import { listSections, PAGE_LIMIT, readSection } from './sections.js';

const input = z.strictObject({
  snapshotId: snapshotId.describe('A snapshotId from an analysis result or svc_search_snapshots'),
  section: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)?$/, 'a section is a field name of the result, e.g. "drugCandidates" or "evidenceBrief.statements"')
    .optional()
    .describe('A section of the result, e.g. "drugCandidates" or "evidenceBrief.statements"; omit for an overview of all sections'),
  offset: wholeNumber('offset', 0, 1_000_000).optional().describe('First item of a list section (default 0)'),
  limit: wholeNumber('limit', 1, PAGE_LIMIT.max)
    .optional()
    .describe(`Items of a list section (1-${PAGE_LIMIT.max}; default: about 8 KB of JSON)`),
});

const page = z.object({ offset: z.number().int(), limit: z.number().int(), total: z.number().int(), next: z.number().int().nullable().describe('offset of the next page; null at the end') });
const sectionPart = {
  section: z.string().optional(),
  value: z.unknown().optional().describe('The section, or the page of a list section'),
  page: page.optional(),
};

const output = snapshotSummary.extend({
  inputs: z.record(z.string(), z.unknown()).optional().describe('The arguments the tool was called with'),
  result: z.record(z.string(), z.unknown()).optional().describe('The full result as it was returned'),
  ...sectionPart,
});

const answer = snapshotSummary.extend({
  inputs: z.record(z.string(), z.unknown()).optional().describe('The arguments the tool was called with'),
  sections: z
    .array(z.object({ name: z.string(), kind: z.enum(['list', 'object', 'value']), items: z.number().int().optional(), bytes: z.number().int() }))
    .optional()
    .describe('Overview: every section of the full result, with its size'),
  ...sectionPart,
  more: z.string().optional(),
});

type Full = z.input<typeof output>;
type Answer = z.input<typeof answer>;

export const getSnapshotTool = defineTool({
  name: 'svc_get_snapshot',
  title: 'Get a saved analysis',
  description:
    'Reads one saved analysis (snapshot): the tool that produced it, its inputs, time, genes, disease and quality. ' +
    'Without section: an overview listing every section of the full result with its size. With section: that ' +
    'section whole (lists paged by offset/limit). Ids come from analysis results (snapshotId) or svc_search_snapshots.',
  input,
  output,
  answer: { schema: answer, compact: overview },
  summarize: summarizeSnapshot,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  quota: 'none',
  async handler(args, { ctx }): Promise<Full> {
    const s = await loadSnapshot(ctx, args.snapshotId);
    const head = { id: s.id, createdAt: s.createdAt, tool: s.tool, genes: s.genes, diseaseContext: s.diseaseContext, qualityScore: s.qualityScore };
    if (args.section === undefined) return { ...head, inputs: s.inputs, result: s.result };
    return { ...head, ...readSection(s.result, args.section, args.offset, args.limit) };
  },
});

/** The MCP answer: a section as read, or, for the whole snapshot, the list of its sections. */
function overview(full: Full): Answer {
  const { result, ...rest } = full;
  if (!result) return rest;
  const sections = listSections(result);
  const example = sections.find((s) => s.kind === 'list' && (s.items ?? 0) > 0)?.name ?? sections[0]?.name ?? 'warnings';
  return { ...rest, sections, more: `Read one with svc_get_snapshot ${JSON.stringify({ snapshotId: full.id, section: example })}; lists page with offset and limit.` };
}

function summarizeSnapshot(a: Answer): string {
  const head = `Snapshot ${a.id}: ${a.tool}, ${a.createdAt}, ${a.genes.length} genes (${a.genes.slice(0, 8).join(', ')}${a.genes.length > 8 ? ', ...' : ''}), "${a.diseaseContext}", quality ${a.qualityScore.toFixed(2)}.`;
  if (a.sections) return [head, `Sections (name, items): ${a.sections.map((s) => (s.kind === 'list' ? `${s.name} (${s.items})` : s.name)).join(', ')}.`, a.more ?? ''].join('\n').trim();
  // A section is the data asked for: an assistant that reads only text needs it too.
  const data = JSON.stringify(a.value);
  if (a.page) {
    const { offset, total, next } = a.page;
    const shown = Array.isArray(a.value) ? a.value.length : 0;
    return `${head}\nSection ${a.section}: items ${shown ? `${offset + 1}-${offset + shown}` : 'none'} of ${total}${next === null ? '' : `; next page: offset ${next}`}.\n${data}`;
  }
  return `${head}\nSection ${a.section}:\n${data}`;
}

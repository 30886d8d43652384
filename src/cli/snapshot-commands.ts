// `biointel snapshots search|show|diff`: the snapshot tools from the terminal, through runTool so the
// validation, errors and exit codes are those of MCP (0 ok, 1 failure e.g. unknown id, 2 usage).
import type { Command } from 'commander';
import type { z } from 'zod';
import { diffSnapshotsTool } from '../tools/diff-snapshots/tool.js';
import { getSnapshotTool } from '../tools/get-snapshot/tool.js';
import { searchSnapshotsTool } from '../tools/search-snapshots/tool.js';
import { SEARCH_LIMIT } from '../tools/shared/snapshot-schemas.js';
import { heading, style, table, UsageError } from './output.js';
import { renderDiff } from './render/diff.js';
import { runTool, type GlobalFlags } from './run-tool.js';
import { truncate } from '../text.js';

type SearchResult = z.input<(typeof searchSnapshotsTool)['output']>;
type ShowResult = z.input<(typeof getSnapshotTool)['output']>;

export function addSnapshotCommands(program: Command): void {
  const snapshots = program.command('snapshots').description('Saved analyses: search them, show one, diff two');

  snapshots
    .command('search')
    .description('Find saved analyses by disease (partial, case-insensitive) and/or gene (exact after HGNC resolution), newest first')
    .option('--disease <text>', 'part of the disease context, e.g. "breast"')
    .option('--gene <symbol>', 'one gene symbol; aliases such as HER2 are resolved through HGNC')
    .option('--limit <n>', `how many to show (${SEARCH_LIMIT.min}-${SEARCH_LIMIT.max}, default ${SEARCH_LIMIT.default})`)
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExamples:\n  biointel snapshots search --disease breast\n  biointel snapshots search --gene HER2 --limit 50 --json\n')
    .action(async (opts: { disease?: string; gene?: string; limit?: string; json?: boolean }, cmd: Command) => {
      const args: Record<string, unknown> = {};
      if (opts.disease !== undefined) args.disease = opts.disease;
      if (opts.gene !== undefined) args.gene = opts.gene;
      if (opts.limit !== undefined) args.limit = parseLimit(opts.limit);
      process.exitCode = await runTool(searchSnapshotsTool, args, { ...cmd.optsWithGlobals<GlobalFlags>(), json: opts.json }, renderSearch);
    });

  snapshots
    .command('show')
    .description('Show one saved analysis: tool, inputs, time, quality and the fields of its result (--json: all of it)')
    .argument('<id>', 'snapshot id, e.g. snap_01jc4x9m2k7q8r3t5v6w7x8y9z')
    .option('--section <name>', 'one section of the result, e.g. drugCandidates or evidenceBrief.statements')
    .option('--offset <n>', 'first item of a list section (default 0)')
    .option('--limit <n>', 'items of a list section (default: about 8 KB of JSON)')
    .option('--json', 'print the whole snapshot (or the section) as JSON')
    .action(async (id: string, opts: { json?: boolean; section?: string; offset?: string; limit?: string }, cmd: Command) => {
      const args: Record<string, unknown> = { snapshotId: id };
      if (opts.section !== undefined) args.section = opts.section;
      if (opts.offset !== undefined) args.offset = wholeNumber('--offset', opts.offset);
      if (opts.limit !== undefined) args.limit = wholeNumber('--limit', opts.limit);
      process.exitCode = await runTool(getSnapshotTool, args, { ...cmd.optsWithGlobals<GlobalFlags>(), json: opts.json }, renderShow);
    });

  snapshots
    .command('diff')
    .description('What changed between two saved panel analyses, A (earlier) and B (later) (svc_diff_snapshots)')
    .argument('<idA>', 'the earlier snapshot id')
    .argument('<idB>', 'the later snapshot id')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExample:\n  biointel snapshots diff snap_01jc4x9m2k7q8r3t5v6w7x8y9z snap_01jd0a1b2c3d4e5f6g7h8j9k0m\n')
    .action(async (idA: string, idB: string, opts: { json?: boolean }, cmd: Command) => {
      process.exitCode = await runTool(diffSnapshotsTool, { snapshotIdA: idA, snapshotIdB: idB }, { ...cmd.optsWithGlobals<GlobalFlags>(), json: opts.json }, renderDiff);
    });
}

function wholeNumber(flag: string, value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`${flag}: expected a whole number, got "${value}"`);
  return Number(value);
}

function parseLimit(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`--limit: expected a whole number from ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}, got "${value}"`);
  return Number(value);
}

export function renderSearch(r: SearchResult): string {
  const lines: string[] = [];
  const filters = [
    r.query.disease ? `disease contains "${r.query.disease}"` : '',
    r.query.gene ? `gene ${r.query.gene}${r.query.geneInput && r.query.geneInput.toUpperCase() !== r.query.gene.toUpperCase() ? ` (from ${r.query.geneInput}, ${r.query.geneResolution})` : ''}` : '',
  ].filter(Boolean);
  const what = filters.length ? ` where ${filters.join(' and ')}` : '';
  if (r.snapshots.length === 0) {
    lines.push(`No saved analyses${what}.`);
  } else {
    lines.push(heading(`${r.snapshots.length} of ${r.total} saved ${r.total === 1 ? 'analysis' : 'analyses'}${what}, newest first`), '');
    lines.push(
      table(
        r.snapshots.map((s) => [s.id, shortTime(s.createdAt), s.tool, genesCell(s.genes), truncate(s.diseaseContext, 40), s.qualityScore.toFixed(2)]),
        ['id', 'created (UTC)', 'tool', 'genes', 'disease', 'quality'],
      ),
    );
    if (r.total > r.snapshots.length) lines.push('', `${r.total - r.snapshots.length} more: raise --limit (max ${SEARCH_LIMIT.max}) or narrow with --disease / --gene.`);
    lines.push('', 'Show one with: biointel snapshots show <id>');
  }
  if (r.warnings.length) lines.push('', heading('Warnings'), ...r.warnings.map((w) => style('yellow', `! ${w}`)));
  return lines.join('\n');
}

export function renderShow(s: ShowResult): string {
  const lines: string[] = [heading(`Snapshot ${s.id}`), ''];
  lines.push(
    table([
      ['tool', s.tool],
      ['created', `${s.createdAt} (UTC)`],
      ['quality', s.qualityScore.toFixed(2)],
      ['genes', `${s.genes.join(', ')} (${s.genes.length})`],
      ['disease', s.diseaseContext || '-'],
    ]),
  );
  if (s.section !== undefined) {
    const page = s.page ? ` (items ${s.page.offset + 1}-${s.page.offset + (Array.isArray(s.value) ? s.value.length : 0)} of ${s.page.total}${s.page.next === null ? '' : `; next: --offset ${s.page.next}`})` : '';
    lines.push('', heading(`Section ${s.section}${page}`), JSON.stringify(s.value, null, 2));
    return lines.join('\n');
  }
  lines.push('', heading('Inputs'));
  const inputs = Object.entries(s.inputs ?? {});
  lines.push(inputs.length ? indent(table(inputs.map(([k, v]) => [k, truncate(JSON.stringify(v) ?? 'undefined', 100)]))) : '  (none)');
  lines.push('', heading('Result'));
  const fields = Object.entries(s.result ?? {});
  lines.push(fields.length ? indent(table(fields.map(([k, v]) => [k, describeValue(v)]))) : '  (empty)');
  lines.push('', `The whole result: biointel snapshots show ${s.id} --json; one section: --section <name> [--offset n] [--limit n]`);
  return lines.join('\n');
}

/** One line about a result field: scalars as they are, containers by size and contents. */
function describeValue(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  if (typeof v === 'string') return truncate(v.replace(/\s+/g, ' '), 100);
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) {
    const n = `${v.length} item${v.length === 1 ? '' : 's'}`;
    const scalars = v.every((x) => typeof x === 'string' || typeof x === 'number');
    return scalars && v.length ? `${n}: ${truncate(v.slice(0, 8).join(', '), 80)}${v.length > 8 ? ', …' : ''}` : n;
  }
  const keys = Object.keys(v);
  return `object: ${truncate(keys.slice(0, 8).join(', '), 80)}${keys.length > 8 ? ', …' : ''}`;
}

function genesCell(genes: readonly string[]): string {
  const shown = genes.slice(0, 4).join(',');
  return genes.length > 4 ? `${shown} +${genes.length - 4}` : shown;
}

function shortTime(iso: string): string {
  return iso.replace('T', ' ').slice(0, 16);
}


function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

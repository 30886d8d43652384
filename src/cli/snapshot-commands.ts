// `biointel snapshots search|show|diff`: the snapshot tools from the terminal. Definitions only: the
// actions (snapshots.ts) load when they run.
import type { Command } from 'commander';
import { SEARCH_LIMIT } from '../store/search-limit.js';
import type { GlobalFlags } from './run-tool.js';

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
      const { searchSnapshots } = await import('./snapshots.js');
      process.exitCode = await searchSnapshots(opts, cmd.optsWithGlobals<GlobalFlags>());
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
      const { showSnapshot } = await import('./snapshots.js');
      process.exitCode = await showSnapshot(id, opts, cmd.optsWithGlobals<GlobalFlags>());
    });

  snapshots
    .command('diff')
    .description('What changed between two saved panel analyses, A (earlier) and B (later) (svc_diff_snapshots)')
    .argument('<idA>', 'the earlier snapshot id')
    .argument('<idB>', 'the later snapshot id')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExample:\n  biointel snapshots diff snap_01jc4x9m2k7q8r3t5v6w7x8y9z snap_01jd0a1b2c3d4e5f6g7h8j9k0m\n')
    .action(async (idA: string, idB: string, opts: { json?: boolean }, cmd: Command) => {
      const { diffSnapshots } = await import('./snapshots.js');
      process.exitCode = await diffSnapshots(idA, idB, opts, cmd.optsWithGlobals<GlobalFlags>());
    });
}

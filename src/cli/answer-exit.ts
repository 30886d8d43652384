// The exit code every analysis command run through runTool shares (verify keeps its own, 0/1/3):
// 0 a complete answer; 1 the question could not be answered (each command says when: e.g. pathway
// enrichment did not run, or tested nothing); 4 answered, but a source the answer used failed,
// failed in part or was late, so something may be missing from it. A CI script reading 0 must be
// able to trust that nothing was left out for a source being down.
import { SOURCES } from '../sources/registry.js';
import { EXIT } from './exit.js';

/** Why a command's question was not answered, with what fixes it when known. */
export type NotAnswered = string | { error: string; hint?: string | undefined };

interface SourceLike {
  id: string;
  status: string;
  late?: boolean | undefined;
}

/**
 * The sources that make an answer incomplete, in words ("DGIdb failed", "ChEMBL partly", "STRING
 * late"): failed, partial, or still out at the call's deadline. Skipped sources were not used.
 */
export function incompleteSources(sources: readonly SourceLike[]): string[] {
  return sources.flatMap((s) => {
    const how = s.late ? (s.status === 'partial' ? 'partly late' : 'late') : s.status === 'failed' ? 'failed' : s.status === 'partial' ? 'partly' : null;
    return how ? [`${sourceName(s.id)} ${how}`] : [];
  });
}

/** The registry's name without its gloss ("DGIdb (Drug-Gene Interaction database)" -> "DGIdb"). */
function sourceName(id: string): string {
  const name = SOURCES.find((s) => s.id === id)?.name;
  return name ? name.replace(/\s*\(.*\)$/, '') : id;
}

/**
 * The exit code of a printed answer: 1 when `couldNotAnswer` gives a reason (the command's own
 * check), said on stderr; else 4 when a source the answer used failed, failed in part or was late,
 * named on one stderr line; else 0.
 */
export function answerExitCode(result: unknown, couldNotAnswer?: NotAnswered | null): number {
  if (couldNotAnswer) {
    const { error, hint } = typeof couldNotAnswer === 'string' ? { error: couldNotAnswer, hint: undefined } : couldNotAnswer;
    process.stderr.write(`error: ${error}\n${hint ? `hint: ${hint}\n` : ''}`);
    return EXIT.failure;
  }
  const incomplete = [...incompleteSources(sourcesOf(result)), ...failedLibraries(result)];
  if (!incomplete.length) return EXIT.ok;
  process.stderr.write(`warning: incomplete answer: ${incomplete.join(', ')}\n`);
  return EXIT.incomplete;
}

/**
 * Gene-set libraries that could not be loaded while others were ("gene-set library mylab.gmt
 * failed"): a user's own GMT file is no source, yet the answer lacks its pathways just the same.
 */
function failedLibraries(result: unknown): string[] {
  const failed = (result as { enrichmentStatus?: { failed?: unknown } } | null)?.enrichmentStatus?.failed;
  if (!Array.isArray(failed)) return [];
  return failed.flatMap((f: { library?: unknown }) => (typeof f?.library === 'string' ? [`gene-set library ${f.library.split(/[\\/]/).pop()} failed`] : []));
}

/** The result's `sources[]` ([] for a result without one, e.g. a saved snapshot shown). */
function sourcesOf(result: unknown): SourceLike[] {
  const sources = (result as { sources?: unknown } | null)?.sources;
  if (!Array.isArray(sources)) return [];
  return sources.filter((s): s is SourceLike => typeof s === 'object' && s !== null && typeof s.id === 'string' && typeof s.status === 'string');
}

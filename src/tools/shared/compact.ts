// "Top N, counts of the rest, and how to get it": the one helper every compact default answer is
// built on (tools/<tool>/compact.ts). A model gets the items it reasons with; `omitted` says which
// lists were cut and by how much; `more` says where the rest is (a snapshot section, usually).
import { z } from 'zod';
import { ListCut, type ListCount } from './list-cut.js';

export type Omitted = ListCount;

/** Schema fields every compact answer carries. */
export const compactMeta = {
  omitted: z
    .record(z.string(), z.object({ shown: z.number().int(), total: z.number().int() }))
    .describe('Lists cut to their top items: shown of total, by section'),
  more: z.string().optional().describe('How to get the rest'),
};

/** Where the rest of a cut list can be read, given the cut sections (name -> what was shown). */
export type RestHint = (cut: ReadonlyMap<string, Omitted>) => string;

/**
 * Cuts lists for an answer that names what it cut in `omitted` (only the lists that lost items).
 * The cutting itself is ListCut's (list-cut.ts), which the tools that report every list's size in
 * `counts` use directly: one implementation of "first N, and how many in all".
 */
export class Compactor {
  private readonly lists = new ListCut();

  constructor(private readonly rest: RestHint) {}

  /** The first `n` items of `list`, each through `view`; the cut is recorded under `section`. */
  top<T, U>(section: string, list: readonly T[], n: number, view: (item: T) => U): U[] {
    return this.lists.take(section, list, n).map(view);
  }

  /** The `omitted` and `more` fields of the answer. */
  meta(): { omitted: Record<string, Omitted>; more?: string } {
    const cut = new Map(this.lists.cut().map((k) => [k, this.lists.counts[k]!]));
    const omitted = Object.fromEntries(cut);
    return cut.size ? { omitted, more: this.rest(cut) } : { omitted };
  }
}

/** The rest of a saved analysis: svc_get_snapshot by section, paged with offset and limit. */
export function snapshotRest(snapshotId: string): RestHint {
  return (cut) => {
    const first = [...cut.keys()][0]!;
    const call = JSON.stringify({ snapshotId, section: first });
    return `Full sections are in the snapshot: svc_get_snapshot ${call} (offset and limit page through long lists; any section named in omitted works the same).`;
  };
}

/** The number of decimals a model needs of a 0-1 score or ratio. */
export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** `s` cut at the first sentence end within `max` characters, else at a word boundary. */
export function oneLine(s: string, max = 160): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const sentence = flat.slice(0, max).match(/^.*?[.;](?=\s)/)?.[0];
  if (sentence && sentence.length >= max / 3) return sentence;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

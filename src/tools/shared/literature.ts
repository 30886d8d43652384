// Literature questions of the panel tools: gene + disease counts from PubMed, pair co-mentions from
// Europe PMC. Their PMIDs become citations that the integrity pipeline checks.
import type { GeneLiterature } from '../../analysis/evidence-brief.js';
import type { CandidatePair, PairLiterature } from '../../analysis/hypotheses.js';
import { pairKey } from '../../analysis/hypotheses.js';
import { CAPS, type Gather } from './gather.js';

/** A search term: one phrase, or the names of one thing (a gene's symbol and synonyms), any of which counts. */
export type Term = string | readonly string[];

const namesOf = (t: Term): readonly string[] => (typeof t === 'string' ? [t] : t);

/** Europe PMC query for records naming every term (any of a term's names) in title or abstract:
 * MEDLINE records (PMIDs) by default, or preprints (PPR). */
export function titleAbstractQuery(terms: readonly Term[], source: 'MED' | 'PPR' = 'MED'): string {
  const q = (t: string) => `"${t.replace(/"/g, '')}"`;
  const field = (t: Term) => `(${namesOf(t).map((n) => `TITLE:${q(n)} OR ABSTRACT:${q(n)}`).join(' OR ')})`;
  return [...terms.map(field), `SRC:${source}`].join(' AND ');
}

/** PubMed title/abstract clause for a gene: `EGFR[tiab]`, or `(ERBB2[tiab] OR "HER-2"[tiab] ...)`. */
export function tiabClause(names: readonly string[]): string {
  const one = (n: string) => (/^[A-Za-z0-9]+$/.test(n) ? `${n}[tiab]` : `"${n.replace(/"/g, '')}"[tiab]`);
  return names.length === 1 ? one(names[0]!) : `(${names.map(one).join(' OR ')})`;
}

export async function literature(g: Gather, terms: readonly Term[], pageSize: number): Promise<{ count: number | null; pmids: string[]; query: string }> {
  const query = titleAbstractQuery(terms);
  const r = await g.report.call('europepmc', () => g.call.ctx.sources.europepmc.search(query, { pageSize }, g.call.signal), {
    records: (x) => x.records.length,
  });
  if (!r) return { count: null, pmids: [], query };
  return { count: r.hitCount, pmids: r.records.map((x) => x.pmid).filter((p): p is string => Boolean(p)), query };
}

/**
 * Gene + disease literature from PubMed itself (count and the most relevant PMIDs): these PMIDs
 * become citations that the integrity pipeline then checks, and E-utilities spreads the load off
 * Europe PMC, which answers the pair and drug questions in the same round.
 */
export async function geneLiterature(
  g: Gather,
  symbols: readonly string[],
  disease: string,
  associations: ReadonlyMap<string, number | null>,
  names: ReadonlyMap<string, readonly string[]> = new Map(),
): Promise<GeneLiterature[]> {
  const cap = g.call.ctx.config.ncbiApiKey ? CAPS.literatureGenes : CAPS.literatureGenesWithoutKey;
  const genes = symbols.slice(0, cap);
  if (symbols.length > cap) {
    g.report.note('eutils', `gene literature counted for the first ${cap} of ${symbols.length} genes${g.call.ctx.config.ncbiApiKey ? '' : ` (${CAPS.literatureGenes} with an NCBI API key: PubMed allows 3 requests a second without one)`}`);
  }
  return Promise.all(
    genes.map(async (gene) => {
      // Retracted articles are no evidence (evidence/retraction.ts): not counted, not cited.
      const term = `${tiabClause(names.get(gene) ?? [gene])} AND "${disease.replace(/"/g, '')}"[tiab] NOT "retracted publication"[pt]`;
      const r = await g.report.call('eutils', () => g.call.ctx.sources.eutils.search(term, { retmax: 3 }, g.call.signal), { records: (x) => x.ids.length });
      return { gene, count: r ? r.count : null, pmids: r?.ids ?? [], association: associations.get(gene) ?? null };
    }),
  );
}

/** Pair + disease co-mentions, each gene searched by its names (`names`, symbol alone when absent). */
export async function pairLiterature(g: Gather, pairs: readonly CandidatePair[], disease: string, names: ReadonlyMap<string, readonly string[]> = new Map()): Promise<Map<string, PairLiterature>> {
  const out = new Map<string, PairLiterature>();
  await Promise.all(
    pairs.slice(0, CAPS.hypothesisPairs).map(async (p) => {
      const [a, b] = [names.get(p.a) ?? [p.a], names.get(p.b) ?? [p.b]];
      const lit = await literature(g, [a, b, disease], 3);
      out.set(pairKey(p.a, p.b), { coMentions: lit.count, pmids: lit.pmids, query: lit.query, searched: [a, b] });
    }),
  );
  return out;
}

// Literature questions of the panel tools: gene + disease counts from PubMed, pair co-mentions from
// Europe PMC. Their PMIDs become citations that the integrity pipeline checks.
import type { GeneLiterature } from '../../analysis/evidence-brief.js';
import type { CandidatePair, PairLiterature } from '../../analysis/hypotheses.js';
import { pairKey } from '../../analysis/hypotheses.js';
import { CAPS, type Gather } from './gather.js';

/** Europe PMC query for records naming every term in title or abstract: MEDLINE records (PMIDs) by
 * default, or preprints (PPR). */
export function titleAbstractQuery(terms: readonly string[], source: 'MED' | 'PPR' = 'MED'): string {
  const q = (t: string) => `"${t.replace(/"/g, '')}"`;
  return [...terms.map((t) => `(TITLE:${q(t)} OR ABSTRACT:${q(t)})`), `SRC:${source}`].join(' AND ');
}

export async function literature(g: Gather, terms: readonly string[], pageSize: number): Promise<{ count: number | null; pmids: string[]; query: string }> {
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
export async function geneLiterature(g: Gather, symbols: readonly string[], disease: string, associations: ReadonlyMap<string, number | null>): Promise<GeneLiterature[]> {
  const cap = g.call.ctx.config.ncbiApiKey ? CAPS.literatureGenes : CAPS.literatureGenesWithoutKey;
  const genes = symbols.slice(0, cap);
  if (symbols.length > cap) {
    g.report.note('eutils', `gene literature counted for the first ${cap} of ${symbols.length} genes${g.call.ctx.config.ncbiApiKey ? '' : ` (${CAPS.literatureGenes} with an NCBI API key: PubMed allows 3 requests a second without one)`}`);
  }
  return Promise.all(
    genes.map(async (gene) => {
      // Retracted articles are no evidence (evidence/retraction.ts): not counted, not cited.
      const term = `${gene}[tiab] AND "${disease.replace(/"/g, '')}"[tiab] NOT "retracted publication"[pt]`;
      const r = await g.report.call('eutils', () => g.call.ctx.sources.eutils.search(term, { retmax: 3 }, g.call.signal), { records: (x) => x.ids.length });
      return { gene, count: r ? r.count : null, pmids: r?.ids ?? [], association: associations.get(gene) ?? null };
    }),
  );
}

export async function pairLiterature(g: Gather, pairs: readonly CandidatePair[], disease: string): Promise<Map<string, PairLiterature>> {
  const out = new Map<string, PairLiterature>();
  await Promise.all(
    pairs.slice(0, CAPS.hypothesisPairs).map(async (p) => {
      const lit = await literature(g, [p.a, p.b, disease], 3);
      out.set(pairKey(p.a, p.b), { coMentions: lit.count, pmids: lit.pmids, query: lit.query });
    }),
  );
  return out;
}

// Source calls of svc_generate_insights. Each function asks one kind of question of the sources,
// records it in the SourceReport, and degrades (undefined / empty + warning) instead of throwing,
// except gene resolution, without which there is nothing to analyse.
import type { DrugCandidate, GeneDrugEvidence, LiteratureSupport } from '../analysis/drug-candidates.js';
import type { GeneLiterature, DrugLiterature } from '../analysis/evidence-brief.js';
import type { CandidatePair, Edge, PairLiterature } from '../analysis/hypotheses.js';
import { pairKey } from '../analysis/hypotheses.js';
import { InvalidInputError } from '../errors.js';
import type { ChemblMolecule } from '../sources/chembl.js';
import type { ResolvedSymbol } from '../sources/hgnc.js';
import type { DiseaseHit } from '../sources/opentargets.js';
import type { CompoundProperties } from '../sources/pubchem.js';
import type { SourceReport } from '../sources/report.js';
import type { ToolCall } from './define.js';

export interface Gather {
  call: ToolCall;
  report: SourceReport;
}

/** Caps on fan-out: each is a number of upstream requests an analysis may spend on one question. */
export const CAPS = {
  literatureGenes: 10,
  networkGenes: 200,
  drugsForLiterature: 6,
  drugTargetStatements: 3,
  hypothesisPairs: 8,
  chemblMolecules: 40,
  pubchemFallbacks: 5,
} as const;

export interface PanelGene {
  input: string;
  symbol: string | null;
  /** HGNC resolution (approved, previous, alias, ...) or 'unchecked' when HGNC could not be asked. */
  how: string;
  ensemblGeneId: string | null;
  /** First UniProt accession HGNC lists for the gene. */
  uniprotId: string | null;
}

export interface PanelResolution {
  results: PanelGene[];
  symbols: string[];
  unresolved: string[];
}

/** HGNC resolution; an empty remainder is an input error listing the unresolved genes. */
export async function resolvePanel(g: Gather, genes: readonly string[]): Promise<PanelResolution> {
  const resolution = await g.report.call('hgnc', () => g.call.ctx.sources.hgnc.resolveSymbols(genes), {
    records: (r) => r.symbols.length,
    degrades: 'gene symbols were used as given, without alias or previous-symbol resolution',
  });
  if (!resolution) {
    const symbols = [...new Set(genes.map((x) => x.trim().toUpperCase()))];
    return { results: symbols.map((s) => ({ input: s, symbol: s, how: 'unchecked', ensemblGeneId: null, uniprotId: null })), symbols, unresolved: [] };
  }
  if (resolution.symbols.length === 0) {
    throw new InvalidInputError('genes', `none of the genes could be resolved to an HGNC symbol: ${resolution.unresolved.join(', ')}`, 'Check the spelling, or use approved HGNC symbols (https://www.genenames.org).');
  }
  const results = resolution.results.map((r: ResolvedSymbol) => ({ input: r.input, symbol: r.symbol, how: r.how, ensemblGeneId: r.ensemblGeneId, uniprotId: r.uniprotIds[0] ?? null }));
  return { results, symbols: resolution.symbols, unresolved: resolution.unresolved };
}

/** Open Targets diseases for the context text: the best hit plus hits whose name contains the text. */
export async function matchDisease(g: Gather, text: string): Promise<DiseaseHit[]> {
  const hits = await g.report.call('opentargets', () => g.call.ctx.sources.opentargets.searchDiseases(text, { size: 10 }, g.call.signal), {
    degrades: 'the disease context could not be mapped to Open Targets diseases, so "indicated for" and association scores are unknown',
  });
  if (!hits?.length) return [];
  const needle = diseaseKey(text);
  const related = hits.filter((h) => {
    const name = diseaseKey(h.name);
    return name.includes(needle) || needle.includes(name);
  });
  return [hits[0]!, ...related.filter((h) => h.id !== hits[0]!.id)].slice(0, 5);
}

/** Disease names compared with the usual synonyms of malignancy folded together. */
export function diseaseKey(name: string): string {
  return name.toLowerCase().replace(/\b(carcinoma|neoplasms?|tumou?rs?|malignanc(y|ies)|cancers)\b/g, 'cancer').replace(/\s+/g, ' ').trim();
}

/** Same disease whatever the word order ("lung non-small cell carcinoma" = "non-small cell lung cancer"):
 * the words of one name all appear in the other, after diseaseKey's folding. */
export function sameDisease(a: string, b: string): boolean {
  const words = (x: string) => new Set(diseaseKey(x).split(/[\s,]+/).filter(Boolean));
  const [x, y] = [words(a), words(b)];
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  return small.size > 0 && [...small].every((w) => large.has(w));
}

export async function networkEdges(g: Gather, symbols: readonly string[]): Promise<Edge[]> {
  if (symbols.length < 2) {
    g.report.skip('string', 'fewer than two genes: no network');
    return [];
  }
  const rows = await g.report.call('string', () => g.call.ctx.sources.string.network(symbols.slice(0, CAPS.networkGenes), {}, g.call.signal), {
    degrades: 'interaction evidence is missing from hypotheses',
  });
  return (rows ?? []).map((r) => ({ a: r.partnerA, b: r.partnerB, score: r.score }));
}

/** Europe PMC query for records naming every term in title or abstract: MEDLINE records (PMIDs) by
 * default, or preprints (PPR). */
export function titleAbstractQuery(terms: readonly string[], source: 'MED' | 'PPR' = 'MED'): string {
  const q = (t: string) => `"${t.replace(/"/g, '')}"`;
  return [...terms.map((t) => `(TITLE:${q(t)} OR ABSTRACT:${q(t)})`), `SRC:${source}`].join(' AND ');
}

async function literature(g: Gather, terms: readonly string[], pageSize: number): Promise<{ count: number | null; pmids: string[]; query: string }> {
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
  const genes = symbols.slice(0, CAPS.literatureGenes);
  return Promise.all(
    genes.map(async (gene) => {
      const term = `${gene}[tiab] AND "${disease.replace(/"/g, '')}"[tiab]`;
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

/** Per gene: Open Targets candidates and disease association, DGIdb interactions. */
export async function drugEvidence(g: Gather, panel: PanelResolution, diseaseIds: readonly string[]): Promise<{ evidence: GeneDrugEvidence[]; associations: Map<string, number | null> }> {
  const bySymbol = new Map(panel.results.filter((r) => r.symbol).map((r) => [r.symbol!, r]));
  const ensembl = panel.symbols.map((s) => bySymbol.get(s)?.ensemblGeneId).filter((x): x is string => Boolean(x));
  const [contexts, interactions] = await Promise.all([
    g.report.call('opentargets', () => g.call.ctx.sources.opentargets.clinicalContexts(ensembl, { associations: 200 }, g.call.signal), {
      records: (m) => [...m.values()].reduce((s, c) => s + (c?.candidates.length ?? 0), 0),
      degrades: 'Open Targets drug and clinical candidates are missing',
    }),
    g.report.call('dgidb', () => g.call.ctx.sources.dgidb.interactions(panel.symbols, g.call.signal), {
      records: (m) => [...m.values()].reduce((s, x) => s + (x?.interactions.length ?? 0), 0),
      degrades: 'DGIdb drug-gene interactions are missing',
    }),
  ]);
  const ids = new Set(diseaseIds);
  const associations = new Map<string, number | null>();
  const evidence = panel.symbols.map((symbol): GeneDrugEvidence => {
    const id = bySymbol.get(symbol)?.ensemblGeneId;
    const ctx = id ? contexts?.get(id) : undefined;
    const assoc = ctx?.associations.filter((a) => ids.has(a.diseaseId)).sort((a, b) => b.score - a.score)[0];
    associations.set(symbol, ctx ? (assoc?.score ?? null) : null);
    return {
      gene: symbol,
      ...(ctx ? { association: assoc ? { score: assoc.score, diseaseId: assoc.diseaseId, diseaseName: assoc.diseaseName } : null, candidates: ctx.candidates } : {}),
      ...(interactions ? { interactions: interactions.get(symbol)?.interactions ?? [] } : {}),
    };
  });
  return { evidence, associations };
}

/** ChEMBL molecules (ADMET, phase, withdrawal) for the best-ranked drafts; PubChem where ChEMBL has no id. */
export async function drugDetails(g: Gather, drafts: readonly DrugCandidate[]): Promise<{ molecules: Map<string, ChemblMolecule | null>; pubchem: Map<string, CompoundProperties | null> }> {
  const ids = [...new Set(drafts.flatMap((d) => (d.chemblId ? [d.chemblId] : [])))].slice(0, CAPS.chemblMolecules);
  const missing = drafts.filter((d) => !d.chemblId).slice(0, CAPS.pubchemFallbacks);
  const [molecules, pubchem] = await Promise.all([
    ids.length
      ? g.report.call('chembl', () => g.call.ctx.sources.chembl.molecules(ids, g.call.signal), { degrades: 'ADMET properties from ChEMBL are missing' })
      : Promise.resolve(undefined),
    Promise.all(
      missing.map(async (d) => {
        const found = await g.report.call('pubchem', () => g.call.ctx.sources.pubchem.byName(d.name, g.call.signal), { degrades: `PubChem properties of ${d.name} are missing` });
        return [d.name, found?.[0] ?? null] as const;
      }),
    ),
  ]);
  if (!ids.length) g.report.skip('chembl', 'no candidate with a ChEMBL id');
  if (!missing.length) g.report.skip('pubchem', 'ChEMBL covered every candidate');
  return { molecules: molecules ?? new Map(), pubchem: new Map(pubchem) };
}

/** Drug + disease co-mentions (the literature factor) and drug + gene PMIDs (brief statements). */
export async function drugLiterature(g: Gather, drafts: readonly DrugCandidate[], disease: string): Promise<{ support: Map<string, LiteratureSupport>; statements: DrugLiterature[] }> {
  const top = drafts.slice(0, CAPS.drugsForLiterature);
  const support = new Map<string, LiteratureSupport>();
  const statements: DrugLiterature[] = [];
  await Promise.all(
    top.flatMap((d, i) => {
      const name = d.name.toLowerCase();
      const gene = d.targetGenes[0];
      const jobs = [
        literature(g, [name, disease], 5).then((lit) => {
          if (lit.count !== null) support.set(d.chemblId ?? d.name, { coMentions: lit.count, pmids: lit.pmids, query: lit.query });
        }),
      ];
      if (i < CAPS.drugTargetStatements && gene) {
        jobs.push(literature(g, [name, gene], 3).then((lit) => void (statements[i] = { drug: d.name, gene, pmids: lit.pmids })));
      }
      return jobs;
    }),
  );
  return { support, statements: statements.filter(Boolean) };
}

// UniProtKB REST: the reviewed human entry of a gene (name, mass, length, function, keywords,
// EC numbers, locations, families and domains). Requests always name their `fields` because a
// full entry runs to 1.5 MB (TP53); the JSON stays nested whatever `fields` asks for.
// `gene_exact:` also matches gene-name synonyms, so the entry is chosen by its own gene name.
// @see https://www.uniprot.org/help/api_queries
// @see https://www.uniprot.org/help/return_fields
import { isNotFoundStatus } from '../errors.js';
import { chunk } from './batch.js';
import type { UpstreamClient } from './http.js';
import { optNum, optStr, shapeOf, type Obj } from './shape.js';

const shape = shapeOf('uniprot', 'UniProt changed its entry JSON (results[] or primaryAccession).');

export const UNIPROT_FIELDS = [
  'accession',
  'id',
  'protein_name',
  'gene_names',
  'organism_id',
  'length',
  'mass',
  'cc_function',
  'ec',
  'keyword',
  'cc_subcellular_location',
  'protein_families',
  'ft_domain',
  'xref_alphafolddb',
].join(',');

/** Target classes a druggability assessment cares about, read from UniProt's own annotation. */
export type TargetClass = 'kinase' | 'gpcr' | 'ion_channel' | 'protease' | 'nuclear_receptor' | 'phosphatase' | 'transporter' | 'enzyme';

export interface UniProtEntry {
  accession: string;
  secondaryAccessions: string[];
  /** Mnemonic, e.g. BRAF_HUMAN. */
  uniprotId: string | null;
  reviewed: boolean;
  proteinName: string | null;
  geneName: string | null;
  geneSynonyms: string[];
  taxonId: number | null;
  /** Da, from `sequence.molWeight`. */
  molecularWeight: number | null;
  length: number | null;
  /** FUNCTION text with the "(PubMed:...)" citations taken out into `functionPmids`. */
  function: string | null;
  functionPmids: string[];
  keywords: { id: string | null; name: string; category: string | null }[];
  ecNumbers: string[];
  subcellularLocations: string[];
  /** SIMILARITY texts, e.g. "Belongs to the protein kinase superfamily. TKL Ser/Thr protein kinase family". */
  families: string[];
  /** Domain feature descriptions, e.g. "Protein kinase". */
  domains: string[];
  targetClasses: { class: TargetClass; evidence: string[] }[];
  alphafoldId: string | null;
  url: string;
}

export class UniProt {
  constructor(private readonly http: UpstreamClient) {}

  /** Reviewed entries of a species matching `gene_exact:` (names and synonyms). */
  async searchGene(symbol: string, options: { taxonId?: number; size?: number } = {}, signal?: AbortSignal): Promise<UniProtEntry[]> {
    return this.search(geneQuery(symbol, options.taxonId ?? 9606), options.size ?? 10, signal);
  }

  /** The reviewed human entry whose gene is `symbol`; null when UniProt has none. */
  async entryForGene(symbol: string, signal?: AbortSignal): Promise<UniProtEntry | null> {
    return pickEntryForGene(await this.searchGene(symbol, {}, signal), symbol);
  }

  /**
   * The reviewed human entry of each gene, GENES_PER_QUERY genes per request: one OR query names
   * each gene's accession (when HGNC gave one) and its gene name, so a panel costs one request
   * instead of one per gene. Each gene gets the entry holding its accession, else the one
   * entryForGene() would pick; null when UniProt has none.
   */
  async entriesForGenes(genes: readonly { symbol: string; accession?: string | null }[], signal?: AbortSignal): Promise<Map<string, UniProtEntry | null>> {
    const out = new Map<string, UniProtEntry | null>();
    await Promise.all(
      chunk(genes, GENES_PER_QUERY).map(async (batch) => {
        const entries = await this.search(batchQuery(batch, 9606), Math.min(500, batch.length * 10), signal);
        for (const g of batch) out.set(g.symbol, pickForGene(entries, g));
      }),
    );
    return out;
  }

  private async search(query: string, size: number, signal?: AbortSignal): Promise<UniProtEntry[]> {
    return this.http.json(
      {
        source: 'uniprot',
        path: '/uniprotkb/search',
        query: { query, format: 'json', fields: UNIPROT_FIELDS, size },
        ...(signal ? { signal } : {}),
      },
      parseUniProtSearch,
    );
  }

  /** One entry; null for an unknown (404) or obsolete (Inactive) accession. */
  async entryByAccession(accession: string, signal?: AbortSignal): Promise<UniProtEntry | null> {
    try {
      return await this.http.json(
        {
          source: 'uniprot',
          path: `/uniprotkb/${encodeURIComponent(accession)}.json`,
          query: { fields: UNIPROT_FIELDS },
          ...(signal ? { signal } : {}),
        },
        (json) => parseUniProtEntry(json),
      );
    } catch (err) {
      if (isNotFoundStatus(err)) return null;
      throw err;
    }
  }
}

// ---------------------------------------------------------------- pure parsers

/** Genes per batch query: keeps the URL well under the 8 KB servers accept. */
export const GENES_PER_QUERY = 50;

/** A query term: symbols with '-', '.', '@' (HLA-A, MT-CO1) must be quoted to stay one term. */
function term(value: string): string {
  const s = value.trim().replace(/"/g, '');
  return /^[A-Za-z0-9_]+$/.test(s) ? s : `"${s}"`;
}

export function geneQuery(symbol: string, taxonId: number): string {
  return `gene_exact:${term(symbol)} AND organism_id:${taxonId} AND reviewed:true`;
}

/** `(accession:P00533 OR gene_exact:EGFR OR gene_exact:FOO) AND organism_id:9606 AND reviewed:true`. */
export function batchQuery(genes: readonly { symbol: string; accession?: string | null }[], taxonId: number): string {
  const terms = genes.flatMap((g) => [...(g.accession ? [`accession:${term(g.accession)}`] : []), `gene_exact:${term(g.symbol)}`]);
  return `(${[...new Set(terms)].join(' OR ')}) AND organism_id:${taxonId} AND reviewed:true`;
}

/** The entry holding the gene's accession (primary or secondary), else the one named after the gene. */
export function pickForGene(entries: readonly UniProtEntry[], gene: { symbol: string; accession?: string | null }): UniProtEntry | null {
  const acc = gene.accession?.trim();
  const byAccession = acc ? entries.find((e) => e.accession === acc || e.secondaryAccessions.includes(acc)) : undefined;
  return byAccession ?? pickEntryForGene(entries, gene.symbol);
}

export function parseUniProtSearch(json: unknown): UniProtEntry[] {
  const body = shape.obj(json, 'search answer');
  const results = shape.arr(shape.field(body, 'results'), 'results');
  return results
    .map((r, i) => parseUniProtEntry(r, `results[${i}]`))
    .filter((e): e is UniProtEntry => e !== null);
}

/** An entry object (a `results[]` element or the body of /uniprotkb/{acc}.json); null if Inactive. */
export function parseUniProtEntry(json: unknown, what = 'entry'): UniProtEntry | null {
  const e = shape.obj(json, what);
  if (e.entryType === 'Inactive') return null;
  const accession = shape.str(e.primaryAccession, `${what}.primaryAccession`);
  const desc = obj(e.proteinDescription);
  const genes = arr(e.genes).filter(isObj);
  const sequence = obj(e.sequence);
  const comments = arr(e.comments).filter(isObj);
  const fn = functionText(comments);
  const keywords = arr(e.keywords)
    .filter(isObj)
    .flatMap((k) => (typeof k.name === 'string' ? [{ id: optStr(k.id), name: k.name, category: optStr(k.category) }] : []));
  const families = commentTexts(comments, 'SIMILARITY');
  const domains = arr(e.features)
    .filter(isObj)
    .filter((f) => f.type === 'Domain' && typeof f.description === 'string')
    .map((f) => f.description as string);
  const ecNumbers = ecNumbersOf(desc, comments);
  const entry: Omit<UniProtEntry, 'targetClasses'> = {
    accession,
    secondaryAccessions: arr(e.secondaryAccessions).filter((s): s is string => typeof s === 'string'),
    uniprotId: optStr(e.uniProtkbId),
    // "UniProtKB reviewed (Swiss-Prot)" vs "UniProtKB unreviewed (TrEMBL)".
    reviewed: typeof e.entryType === 'string' && e.entryType.includes('(Swiss-Prot)'),
    proteinName: proteinNameOf(desc),
    geneName: optStr(obj(genes[0]?.geneName).value),
    geneSynonyms: genes.flatMap((g) => arr(g.synonyms).filter(isObj).map((s) => s.value)).filter((s): s is string => typeof s === 'string'),
    taxonId: optNum(obj(e.organism).taxonId),
    molecularWeight: optNum(sequence.molWeight),
    length: optNum(sequence.length),
    function: fn.text,
    functionPmids: fn.pmids,
    keywords,
    ecNumbers,
    subcellularLocations: unique(
      comments
        .filter((c) => c.commentType === 'SUBCELLULAR LOCATION')
        .flatMap((c) => arr(c.subcellularLocations).filter(isObj))
        .map((l) => obj(l.location).value)
        .filter((v): v is string => typeof v === 'string'),
    ),
    families,
    domains: unique(domains),
    alphafoldId: optStr(arr(e.uniProtKBCrossReferences).filter(isObj).find((x) => x.database === 'AlphaFoldDB')?.id),
    url: `https://www.uniprot.org/uniprotkb/${accession}/entry`,
  };
  return { ...entry, targetClasses: targetClassesOf(entry) };
}

/** The entry whose own gene name is `symbol`; else the single entry listing it as a synonym. */
export function pickEntryForGene(entries: readonly UniProtEntry[], symbol: string): UniProtEntry | null {
  const want = symbol.trim().toUpperCase();
  const own = entries.find((e) => e.geneName?.toUpperCase() === want);
  if (own) return own;
  const bySynonym = entries.filter((e) => e.geneSynonyms.some((s) => s.toUpperCase() === want));
  return bySynonym.length === 1 ? (bySynonym[0] as UniProtEntry) : null;
}

/**
 * Removes citation-only parentheses such as "(PubMed:29259162, PubMed:31775019)" and returns
 * their PMIDs in order of appearance.
 */
export function stripPubmedCitations(text: string): { text: string; pmids: string[] } {
  const pmids: string[] = [];
  const stripped = text.replace(/\s*\(([^()]*)\)/g, (whole, inner: string) => {
    const parts = inner.split(/\s*,\s*/);
    if (!parts.every((p) => /^(PubMed:\d+|Ref\.\d+)$/.test(p))) return whole;
    for (const p of parts) if (p.startsWith('PubMed:')) pmids.push(p.slice(7));
    return '';
  });
  return { text: stripped.replace(/\s+([.,;])/g, '$1').replace(/\s{2,}/g, ' ').trim(), pmids: unique(pmids) };
}

const CLASS_RULES: { class: TargetClass; keywords: string[]; text?: RegExp }[] = [
  { class: 'kinase', keywords: ['Kinase', 'Serine/threonine-protein kinase', 'Tyrosine-protein kinase'], text: /\bprotein kinase\b/i },
  { class: 'gpcr', keywords: ['G-protein coupled receptor'], text: /G-protein coupled receptor/i },
  { class: 'ion_channel', keywords: ['Ion channel', 'Voltage-gated channel', 'Ligand-gated ion channel'], text: /\bion channel\b/i },
  {
    class: 'protease',
    keywords: ['Protease', 'Aminopeptidase', 'Carboxypeptidase', 'Metalloprotease', 'Serine protease', 'Thiol protease', 'Aspartyl protease'],
    text: /\bpeptidase\b/i,
  },
  { class: 'nuclear_receptor', keywords: [], text: /nuclear hormone receptor family/i },
  { class: 'phosphatase', keywords: ['Protein phosphatase'] },
  { class: 'transporter', keywords: ['Symport', 'Antiport', 'Ion transport'], text: /\b(?:transporter|solute carrier)\b/i },
];

/** Classes named by UniProt keywords, family (SIMILARITY) texts and domain names, with the words that matched. */
export function targetClassesOf(entry: Pick<UniProtEntry, 'keywords' | 'families' | 'domains' | 'ecNumbers'>): UniProtEntry['targetClasses'] {
  const keywordNames = new Set(entry.keywords.map((k) => k.name.toLowerCase()));
  const texts = [...entry.families, ...entry.domains];
  const out: UniProtEntry['targetClasses'] = [];
  for (const rule of CLASS_RULES) {
    const evidence = [
      ...rule.keywords.filter((k) => keywordNames.has(k.toLowerCase())).map((k) => `keyword: ${k}`),
      ...(rule.text ? texts.filter((t) => rule.text?.test(t)).map((t) => `annotation: ${t}`) : []),
    ];
    if (evidence.length > 0) out.push({ class: rule.class, evidence });
  }
  if (entry.ecNumbers.length > 0) out.push({ class: 'enzyme', evidence: entry.ecNumbers.map((ec) => `EC ${ec}`) });
  return out;
}

function proteinNameOf(desc: Obj): string | null {
  const recommended = optStr(obj(obj(desc.recommendedName).fullName).value);
  if (recommended) return recommended;
  // TrEMBL entries carry submission names instead of a recommended name.
  const submitted = arr(desc.submissionNames).filter(isObj)[0];
  return optStr(obj(submitted?.fullName).value);
}

function functionText(comments: Obj[]): { text: string | null; pmids: string[] } {
  const texts = comments.filter((c) => c.commentType === 'FUNCTION').flatMap((c) => arr(c.texts).filter(isObj));
  if (texts.length === 0) return { text: null, pmids: [] };
  const pmids: string[] = [];
  const parts: string[] = [];
  for (const t of texts) {
    if (typeof t.value !== 'string') continue;
    const s = stripPubmedCitations(t.value);
    parts.push(s.text);
    pmids.push(...s.pmids);
    // Evidence tags cite PubMed too when the text itself carries no inline citation.
    for (const ev of arr(t.evidences).filter(isObj)) if (ev.source === 'PubMed' && typeof ev.id === 'string') pmids.push(ev.id);
  }
  return { text: parts.join('\n') || null, pmids: unique(pmids) };
}

function commentTexts(comments: Obj[], type: string): string[] {
  return comments
    .filter((c) => c.commentType === type)
    .flatMap((c) => arr(c.texts).filter(isObj))
    .map((t) => t.value)
    .filter((v): v is string => typeof v === 'string');
}

/** EC numbers of the recommended/alternative names, domains (`includes`) and catalytic activities. */
function ecNumbersOf(desc: Obj, comments: Obj[]): string[] {
  const names = [desc.recommendedName, ...arr(desc.alternativeNames), ...arr(desc.includes).flatMap((i) => [obj(i).recommendedName])];
  const fromNames = names.flatMap((n) => arr(obj(n).ecNumbers).filter(isObj).map((e) => e.value));
  const fromReactions = comments.filter((c) => c.commentType === 'CATALYTIC ACTIVITY').map((c) => obj(c.reaction).ecNumber);
  return unique([...fromNames, ...fromReactions].filter((v): v is string => typeof v === 'string'));
}

function isObj(v: unknown): v is Obj {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function obj(v: unknown): Obj {
  return isObj(v) ? v : {};
}

function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

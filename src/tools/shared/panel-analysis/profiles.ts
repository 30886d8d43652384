// Profiles of the focus genes of an analysis (see analysis/focus-genes.ts): what the protein is and
// does (UniProt), how well its structure is predicted (AlphaFold), where the gene is (MyGene.info,
// Ensembl), how intolerant it is to loss of function (gnomAD), what clinical variant evidence exists
// (CIViC) and what pharmacogenomic annotations (ClinPGx). Every call degrades on failure: a profile
// field is null when its source had nothing or failed, and the report says which (a per-gene call's
// warning names the gene: focus-gaps.ts). CIViC and ClinPGx answer "nothing" with a count of 0, so
// their null among the first CLINICAL_PROFILE_GENES focus genes is a failed call.
// Three parts, so the analysis holds its citation check only for what carries PMIDs:
//   clinicalEvidenceOf (CIViC, whose evidence cites PMIDs: awaited before the check);
//   geneProfiles (UniProt, AlphaFold, MyGene.info, Ensembl, gnomAD) and pharmacogenomicsOf
//   (ClinPGx, 2 requests a second) carry none and are awaited beside it; withClinical joins them.
// AlphaFold at 5/s takes two windows for 8 focus genes, four when two panels are compared.
import type { FocusGene } from '../../../analysis/focus-genes.js';
import { CIVIC_MAX_FIRST, type CivicGeneEvidence } from '../../../sources/civic.js';
import type { EnsemblGene } from '../../../sources/ensembl.js';
import type { GeneConstraint } from '../../../sources/gnomad.js';
import type { ClinicalAnnotation } from '../../../sources/pharmgkb.js';
import { evidenceRank } from '../../../sources/pharmgkb.js';
import type { UniProtEntry } from '../../../sources/uniprot.js';
import { sameDisease } from '../disease.js';
import type { Gather } from '../gather.js';
import type { PanelGene } from '../panel.js';
import { lostForGene } from './focus-gaps.js';
import { truncate } from '../../../text.js';

/** Per-gene calls to CIViC and ClinPGx (which allows 2 requests a second) stop at this many focus genes. */
export const CLINICAL_PROFILE_GENES = 4;
const FUNCTION_CHARS = 400;
const TOP_ITEMS = 3;

/** One CIViC item shown for a focus gene: its variant, direction and therapy relation travel with it. */
export interface CivicTopItem {
  id: string;
  name: string;
  evidenceType: string;
  level: string;
  profile: string;
  significance: string;
  direction: string | null;
  disease: string | null;
  therapies: string[];
  therapyInteraction: string | null;
  pmid: string | null;
  url: string;
}

export interface GeneProfile {
  symbol: string;
  why: string;
  protein: { accession: string; name: string | null; function: string | null; targetClasses: string[]; ecNumbers: string[]; url: string } | null;
  structure: { entryId: string; meanPlddt: number; band: string; url: string } | null;
  gene: { entrezId: string | null; ensemblId: string | null; summary: string | null; biotype: string | null; location: string | null } | null;
  constraint: { pLI: number | null; loeuf: number | null; lofIntolerant: boolean | null; url: string } | null;
  clinicalEvidence: {
    evidenceItems: number;
    assertions: number;
    /**
     * Items in the disease among those read. CIViC lists at most CIVIC_MAX_FIRST a request: with
     * more, it counts the first read (a lower bound), and is null when none of those is in the
     * disease or the count cannot be bounded (not known, not 0).
     */
    inDiseaseContext: number | null;
    top: CivicTopItem[];
  } | null;
  pharmacogenomics: { annotations: number; top: { id: string; name: string; level: string | null; chemicals: string[]; url: string }[] } | null;
}

/** Protein, structure, gene and constraint of every focus gene; clinical fields are null until withClinical. */
export async function geneProfiles(g: Gather, focus: readonly FocusGene[], panel: ReadonlyMap<string, PanelGene>): Promise<GeneProfile[]> {
  const { sources } = g.call.ctx;
  const signal = g.call.signal;
  const symbols = focus.map((f) => f.symbol);
  if (symbols.length === 0) {
    for (const id of ['uniprot', 'alphafold', 'mygene', 'ensembl', 'gnomad'] as const) g.report.skip(id, 'no focus gene');
    return [];
  }
  // UniProt and MyGene.info answer the whole focus set in one request each; AlphaFold is asked per
  // accession, at once when HGNC gave it, after UniProt otherwise.
  const entriesP = g.report.call('uniprot', () => sources.uniprot.entriesForGenes(symbols.map((s) => ({ symbol: s, accession: panel.get(s)?.uniprotId ?? null })), signal), {
    records: (m) => [...m.values()].filter(Boolean).length,
    degrades: 'UniProt annotation of the focus genes is missing',
  });
  const [entries, models, mygene, ensembl, constraint] = await Promise.all([
    entriesP,
    Promise.all(symbols.map((s) => structureOf(g, s, panel.get(s)?.uniprotId ?? null, entriesP))),
    g.report.call('mygene', () => sources.mygene.bySymbols(symbols, signal), {
      records: (m) => [...m.values()].filter(Boolean).length,
      degrades: 'MyGene.info summaries of the focus genes are missing',
    }),
    g.report.call('ensembl', () => sources.ensembl.lookupSymbols(symbols, signal), {
      records: (m) => [...m.values()].filter(Boolean).length,
      degrades: 'gene biotype and location from Ensembl are missing',
    }),
    g.report.call('gnomad', () => sources.gnomad.constraint(symbols, signal), {
      records: (m) => [...m.values()].filter(Boolean).length,
      degrades: 'loss-of-function constraint (pLI, LOEUF) from gnomAD is missing',
    }),
  ]);
  return focus.map((f, i) => {
    const entry = entries?.get(f.symbol) ?? null;
    const model = models[i];
    return {
      symbol: f.symbol,
      why: f.why,
      protein: entry ? proteinOf(entry) : null,
      structure: model ? { entryId: model.entryId, meanPlddt: model.meanPlddt, band: model.plddtBand, url: model.pageUrl } : null,
      gene: geneOf(mygene?.get(f.symbol) ?? null, ensembl?.get(f.symbol) ?? null),
      constraint: constraintOf(constraint?.get(f.symbol) ?? null),
      clinicalEvidence: null,
      pharmacogenomics: null,
    };
  });
}

type ClinicalEvidence = NonNullable<GeneProfile['clinicalEvidence']>;
type Pharmacogenomics = NonNullable<GeneProfile['pharmacogenomics']>;

/** CIViC evidence of the first CLINICAL_PROFILE_GENES focus genes; a gene whose call failed is absent. */
export function clinicalEvidenceOf(g: Gather, focus: readonly FocusGene[], disease: string): Promise<Map<string, ClinicalEvidence>> {
  return perClinicalGene(g, focus, 'civic', (s) =>
    g.report.call('civic', () => g.call.ctx.sources.civic.geneEvidence(s, { first: CIVIC_MAX_FIRST }, g.call.signal), {
      records: (e) => e.evidence.length + e.assertions.length,
      degrades: lostForGene('civic', s),
    }).then((e) => e && clinicalOf(e, disease)),
  );
}

/** ClinPGx clinical annotations of the first CLINICAL_PROFILE_GENES focus genes; a gene whose call failed is absent. */
export function pharmacogenomicsOf(g: Gather, focus: readonly FocusGene[]): Promise<Map<string, Pharmacogenomics>> {
  return perClinicalGene(g, focus, 'pharmgkb', (s) =>
    g.report.call('pharmgkb', () => g.call.ctx.sources.pharmgkb.clinicalAnnotations({ gene: s }, g.call.signal), {
      degrades: lostForGene('pharmgkb', s),
    }).then((list) => list && pgxOf(list)),
  );
}

/**
 * One call per focus gene up to the cap, answered ones kept by symbol. A gene past the cap reads
 * null as a failed call does, so the source's entry says it was not asked.
 */
async function perClinicalGene<T>(g: Gather, focus: readonly FocusGene[], source: 'civic' | 'pharmgkb', ask: (symbol: string) => Promise<T | undefined>): Promise<Map<string, T>> {
  const genes = focus.slice(0, CLINICAL_PROFILE_GENES).map((f) => f.symbol);
  if (genes.length === 0) g.report.skip(source, 'no focus gene');
  if (focus.length > CLINICAL_PROFILE_GENES) {
    g.report.note(source, `asked for the first ${CLINICAL_PROFILE_GENES} of ${focus.length} focus genes; the others were not asked and read null`);
  }
  const answers = await Promise.all(genes.map(ask));
  return new Map(genes.flatMap((s, i) => (answers[i] === undefined ? [] : [[s, answers[i]!] as const])));
}

/** The profiles with their CIViC evidence and ClinPGx annotations (null where not asked or failed). */
export function withClinical(profiles: readonly GeneProfile[], civic: ReadonlyMap<string, ClinicalEvidence>, pgx: ReadonlyMap<string, Pharmacogenomics>): GeneProfile[] {
  return profiles.map((p) => ({ ...p, clinicalEvidence: civic.get(p.symbol) ?? null, pharmacogenomics: pgx.get(p.symbol) ?? null }));
}

/** AlphaFold's model of the gene's protein: HGNC's accession first, so it runs beside the UniProt batch. */
async function structureOf(g: Gather, symbol: string, hgncAccession: string | null, entries: Promise<Map<string, UniProtEntry | null> | undefined>) {
  const accession = hgncAccession ?? (await entries)?.get(symbol)?.accession ?? null;
  if (!accession) return null;
  const { sources } = g.call.ctx;
  return (await g.report.call('alphafold', () => sources.alphafold.prediction(accession, g.call.signal), { degrades: lostForGene('alphafold', symbol) })) ?? null;
}

function proteinOf(e: UniProtEntry): NonNullable<GeneProfile['protein']> {
  return {
    accession: e.accession,
    name: e.proteinName,
    function: e.function ? truncate(e.function, FUNCTION_CHARS) : null,
    targetClasses: e.targetClasses.map((t) => t.class),
    ecNumbers: e.ecNumbers,
    url: e.url,
  };
}

function geneOf(m: { entrezId: string; summary: string | null; ensemblGeneIds: string[] } | null, e: EnsemblGene | null): GeneProfile['gene'] {
  if (!m && !e) return null;
  return {
    entrezId: m?.entrezId ?? null,
    ensemblId: e?.id ?? m?.ensemblGeneIds[0] ?? null,
    summary: m?.summary ? truncate(m.summary, FUNCTION_CHARS) : null,
    biotype: e?.biotype ?? null,
    location: e ? `chr${e.chromosome}:${e.start}-${e.end}:${e.strand >= 0 ? '+' : '-'}` : null,
  };
}

function constraintOf(c: GeneConstraint | null): GeneProfile['constraint'] {
  if (!c) return null;
  return { pLI: c.pLI, loeuf: c.loeuf, lofIntolerant: c.lofIntolerant, url: `https://gnomad.broadinstitute.org/gene/${c.geneId ?? c.symbol}?dataset=gnomad_r4` };
}

export function clinicalOf(e: CivicGeneEvidence, disease: string): NonNullable<GeneProfile['clinicalEvidence']> {
  const inContext = (d: string | null) => d !== null && sameDisease(d, disease);
  // Evidence in the disease context first, then supporting evidence before evidence against, then by
  // level (A = validated ... E = inferential).
  const against = (x: { evidenceDirection: string | null }) => Number(x.evidenceDirection === 'DOES_NOT_SUPPORT');
  const ranked = [...e.evidence].sort((a, b) => Number(inContext(b.disease)) - Number(inContext(a.disease)) || against(a) - against(b) || a.evidenceLevel.localeCompare(b.evidenceLevel));
  // CIViC's disease filter is a substring match ("non-small cell lung cancer" misses its "Lung
  // Non-small Cell Carcinoma"), so the items are matched here, among those one request lists. With
  // more than that, 0 of those read is no finding (null), and a count > 0 is read as "at least"
  // only when evidenceItems shows more than one request lists (focus-gaps.ts, civicInDisease).
  const inDisease = e.evidence.filter((x) => inContext(x.disease)).length;
  const allRead = e.evidence.length >= e.totalEvidence;
  return {
    evidenceItems: e.totalEvidence,
    assertions: e.totalAssertions,
    inDiseaseContext: allRead || (inDisease > 0 && e.totalEvidence > CIVIC_MAX_FIRST) ? inDisease : null,
    top: ranked.slice(0, TOP_ITEMS).map((x) => ({
      id: String(x.id),
      name: x.name,
      evidenceType: x.evidenceType,
      level: x.evidenceLevel,
      profile: x.molecularProfile,
      significance: x.significance,
      // "Does not support" turns the significance around: it must travel with it.
      direction: x.evidenceDirection,
      disease: x.disease,
      therapies: x.therapies,
      therapyInteraction: x.therapyInteraction ?? null,
      pmid: x.pmid,
      url: x.url,
    })),
  };
}

export function pgxOf(list: readonly ClinicalAnnotation[]): NonNullable<GeneProfile['pharmacogenomics']> {
  const ranked = [...list].sort((a, b) => evidenceRank(b.levelOfEvidence) - evidenceRank(a.levelOfEvidence));
  return {
    annotations: list.length,
    top: ranked.slice(0, TOP_ITEMS).map((a) => ({ id: String(a.id), name: a.name, level: a.levelOfEvidence, chemicals: a.chemicals, url: a.url })),
  };
}


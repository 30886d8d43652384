// Fetching everything a target brief shows, each source as early as its inputs allow. Every call
// goes through the SourceReport, so a failing source leaves `undefined` (recorded in sources[] and
// warnings[]) and the brief goes on without it. Dependency graph, one round per dependent step:
//
//   round 1  HGNC resolve (symbol -> Ensembl id, UniProt accession)  |  Open Targets disease search
//   round 2  UniProt entry, AlphaFold, Reactome (accession) | Open Targets clinical context,
//            tractability, context-disease score (Ensembl id; + disease ids) | STRING,
//            ClinicalTrials.gov, DGIdb (symbol)
//            + the Open Targets ontology of the context diseases (descendants, cross-references)
//   round 3  ChEMBL molecules and drug_indication rows, and Open Targets drug details (per-disease
//            indications, withdrawal warnings) of the top drugs, in batched requests | PubMed esummary +
//            efetch for the cited statements (UniProt function PMIDs; DGIdb PMIDs of the top drugs)
//   round 4  PubChem, only for small molecules whose ChEMBL record lacks a Lipinski input
//
// So the critical path is 3 rounds (4 when the PubChem fallback is needed). HGNC's cascade adds
// requests inside round 1 for aliases and previous symbols (one per field tried); HGNC down adds a
// round (see gene.ts). A UniProt accession missing from HGNC is taken from the
// UniProt gene search, which puts AlphaFold and Reactome in round 3.
import { typedFirst } from '../../analysis/disease-hits.js';
import { diseaseMatcher, matchInteraction, needsPubchem, rankCandidates, withIndications, type DiseaseMatcher, type RankedCandidate } from '../../analysis/top-drugs.js';
import { enrich } from '../../analysis/enrichment.js';
import { wordLikeSymbol } from '../../analysis/gene-synonyms.js';
import type { LoadResult } from '../../genesets/service.js';
import type { AlphaFoldModel } from '../../sources/alphafold.js';
import type { PropertyLookups } from '../../analysis/admet.js';
import { readIndications, type ChemblIndication, type ChemblMolecule } from '../../sources/chembl.js';
import type { TrialSearch } from '../../sources/clinicaltrials.js';
import type { DrugGeneInteraction, GeneInteractions } from '../../sources/dgidb.js';
import type { DiseaseHit, DiseaseOntology, DrugDetails, TargetClinicalContext, Tractability } from '../../sources/opentargets.js';
import type { CompoundProperties } from '../../sources/pubchem.js';
import type { ReactomePathway } from '../../sources/reactome.js';
import type { SourceId } from '../../sources/registry.js';
import type { SourceReport } from '../../sources/report.js';
import type { StringInteraction } from '../../sources/string.js';
import type { UniProtEntry } from '../../sources/uniprot.js';
import type { ToolCall } from '../define.js';
import { resolveBriefGene, type BriefGene } from './gene.js';
import { briefIntegrity, briefStatements, type BriefIntegrity } from './integrity.js';
import { PATHWAY_LIBRARY } from './pathway-library.js';

// Named apart (pathway-library.ts) so the answer caches' keys can name it without loading the brief.
export { PATHWAY_LIBRARY };

/** Caps of the one-page brief (the totals are reported beside them). */
export const BRIEF_LIMITS = { associations: 10, diseaseHits: 10, partners: 10, trials: 10, pathways: 20 } as const;

/** `undefined` = the source failed or was skipped; `null` = it answered "none / unknown". */
export interface BriefData {
  gene: BriefGene;
  diseaseHits: DiseaseHit[] | undefined;
  matcher: DiseaseMatcher;
  entry: UniProtEntry | null | undefined;
  alphafold: AlphaFoldModel | null | undefined;
  clinical: TargetClinicalContext | null | undefined;
  tractability: Tractability[] | null | undefined;
  contextScore: number | null | undefined;
  partners: StringInteraction[] | null | undefined;
  pathways: ReactomePathway[] | null | undefined;
  /** BH q of each Reactome pathway (by stable id) for the gene and its STRING partners; undefined when not computed. */
  pathwayQ: Map<string, number> | undefined;
  trials: TrialSearch | undefined;
  /** Null when drugs are withheld (free tier). */
  drugs: { ranked: RankedCandidate[]; total: number; molecules: Map<string, ChemblMolecule | null> | undefined; pubchem: Map<string, CompoundProperties | null>; interactions: Map<string, DrugGeneInteraction | null> } | null;
  integrity: BriefIntegrity;
}

export async function gatherBrief(call: ToolCall, report: SourceReport, input: { gene: string; diseaseContext: string }): Promise<BriefData> {
  const s = call.ctx.sources;
  const signal = call.signal;
  const withDrugs = call.tier !== 'free';
  const step = (n: number, message: string) => call.progress.report(n, 5, message);

  // ---- round 1
  step(0, 'Resolving the gene symbol');
  const diseaseP = report
    .call('opentargets', () => s.opentargets.searchDiseases(input.diseaseContext, { size: BRIEF_LIMITS.diseaseHits }, signal), {
      degrades: 'the disease context could not be mapped to an Open Targets disease',
    })
    .then((hits) => hits && typedFirst(hits, input.diseaseContext));
  const gene = await resolveBriefGene(call, report, input.gene);
  // The Reactome library for pathway q-values (round 2): downloaded once, then read from disk.
  const reactomeLibP = call.ctx.genesets.load({ names: [PATHWAY_LIBRARY], report, ...(signal ? { signal } : {}) });
  const symbol = gene.symbol;
  const ens = gene.ensemblId;
  step(1, `Querying sources for ${symbol}`);

  // ---- round 2
  const uniprotDegrades = { degrades: 'no protein name, mass, function or druggable-family annotation' };
  const byGene = () => report.call('uniprot', () => s.uniprot.entryForGene(symbol, signal), uniprotDegrades);
  const acc = gene.uniprotAccession;
  // An accession HGNC still lists but UniProt made obsolete answers null: then search by gene.
  const entryP: Promise<UniProtEntry | null | undefined> =
    gene.entry !== undefined
      ? Promise.resolve(gene.entry)
      : acc
        ? report.call('uniprot', () => s.uniprot.entryByAccession(acc, signal), uniprotDegrades).then((e) => (e === null ? byGene() : e))
        : byGene();
  const accessionP = acc ? Promise.resolve(acc) : entryP.then((e) => e?.accession ?? null);
  // A non-coding gene has no protein: say so, or "not looked up" reads like an omission.
  const noProtein = gene.locusType && !/protein/i.test(gene.locusType) ? ` (HGNC locus type "${gene.locusType}": no protein product)` : '';
  const byAccession = <T>(source: SourceId, fn: (accession: string) => Promise<T>, degrades: string) =>
    accessionP.then((a) => (a ? report.call(source, () => fn(a), { degrades }) : skipped(report, source, `no UniProt accession for ${symbol}${noProtein}`)));
  const alphafoldP = byAccession('alphafold', (a) => s.alphafold.prediction(a, signal), 'no pLDDT');
  const pathwaysP = byAccession('reactome', (a) => s.reactome.pathwaysForProtein(a, 9606, signal), 'no pathways');
  const noEnsembl = `no Ensembl gene id for ${symbol}`;
  // Clinical context and tractability in one request: Open Targets is paced at 5 a second, and a
  // sixth question in the brief (drug details) waited a second for the window.
  const targetP = ens
    ? report.call('opentargets', () => s.opentargets.targetBrief(ens, { associations: BRIEF_LIMITS.associations }, signal), {
        degrades: 'no disease associations or drug candidates; druggability computed without tractability',
      })
    : skipped(report, 'opentargets', noEnsembl);
  const clinicalP = targetP.then((t) => (t === undefined ? undefined : (t?.clinical ?? null)));
  const tractabilityP = targetP.then((t) => (t === undefined ? undefined : (t?.tractability ?? null)));
  const contextP = diseaseP.then((hits) => {
    const top = hits?.[0];
    if (!ens || !top) return undefined;
    return report
      .call('opentargets', () => s.opentargets.associationScores(ens, [top.id], signal), { degrades: 'no association score with the disease context' })
      // null: Open Targets does not know the target, so it has no association (a measured 0).
      .then((m) => (m === undefined ? undefined : (m?.get(top.id) ?? 0)));
  });
  const partnersP = report.call('string', () => s.string.interactionPartners(symbol, { limit: BRIEF_LIMITS.partners }, signal), { degrades: 'no interaction partners' });
  // Trials are searched by the symbol as a word: one that is also an English word (MET) matches
  // trials using the word. They are still listed (the disease narrows them), with the caveat.
  const word = wordLikeSymbol(symbol);
  if (word) report.warnings.push(`Clinical trials are searched by the symbol: ${word}, so a listed trial may use the word rather than name the gene; check its interventions.`);
  const trialsP = report.call('clinicaltrials', () => s.clinicaltrials.activeTrials(symbol, input.diseaseContext, { pageSize: BRIEF_LIMITS.trials }, signal), {
    degrades: 'no clinical trials',
    records: (t) => t.trials.length,
  });
  // Descendants and cross-references of the context count as the context for "approved for".
  const ontologyP: Promise<DiseaseOntology[] | undefined> = withDrugs
    ? diseaseP.then((hits) => {
        // The narrower hits too: their descendants and cross-references are below the context.
        const m = diseaseMatcher(input.diseaseContext, hits);
        const ids = [...m.ids, ...m.below];
        return ids.length ? report.call('opentargets', () => s.opentargets.diseaseOntology(ids, signal), { degrades: 'indications for diseases below the context are not recognised' }) : undefined;
      })
    : Promise.resolve(undefined);
  const dgidbP: Promise<GeneInteractions | null | undefined> = withDrugs
    ? report
        .call('dgidb', () => s.dgidb.interactions([symbol], signal), { degrades: 'no interaction types for the top drugs', records: (m) => [...m.values()].reduce((n, g) => n + (g?.interactions.length ?? 0), 0) })
        .then((m) => (m === undefined ? undefined : (m.get(symbol) ?? null)))
    : skipped(report, 'dgidb', 'drug candidates are withheld for the free tier');

  // ---- round 3: drugs (ChEMBL, as soon as Open Targets answers) and the integrity check
  const [clinical, diseaseHits] = await Promise.all([clinicalP, diseaseP]);
  step(2, 'Ranking drugs and checking citations');
  const provisional = diseaseMatcher(input.diseaseContext, diseaseHits);
  const ranking = withDrugs ? (clinical ? rankCandidates(clinical.candidates, provisional) : { top: [], total: 0 }) : null;
  const indicationsP = ranking ? drugIndications(call, report, ranking.top) : Promise.resolve(null);
  const interactionsP = dgidbP.then((g) => new Map((ranking?.top ?? []).map((r) => [r.candidate.drugId, matchInteraction(r.candidate, g?.interactions ?? [])])));
  const admetP = ranking ? drugProperties(call, report, ranking.top) : Promise.resolve(null);
  if (!ranking) {
    skipped(report, 'chembl', 'drug candidates are withheld for the free tier');
    skipped(report, 'pubchem', 'drug candidates are withheld for the free tier');
  }
  const integrityP = Promise.all([entryP, interactionsP]).then(([entry, interactions]) =>
    briefIntegrity(
      call,
      report,
      briefStatements(
        symbol,
        entry ? { text: entry.function, pmids: entry.functionPmids } : null,
        (ranking?.top ?? []).map((r) => {
          const i = interactions.get(r.candidate.drugId) ?? null;
          return { name: r.candidate.name, interactionTypes: i?.interactionTypes.map((t) => t.type) ?? [], pmids: i?.pmids ?? [] };
        }),
      ),
    ),
  );
  const [entry, alphafold, pathways, tractability, contextScore, partners, trials, interactions, admet, integrity, ontology, indications] = await Promise.all([
    entryP, alphafoldP, pathwaysP, tractabilityP, contextP, partnersP, trialsP, interactionsP, admetP, integrityP, ontologyP, indicationsP,
  ]);
  const matcher = diseaseMatcher(input.diseaseContext, diseaseHits, ontology);
  const pathwayQ = neighbourhoodQ(symbol, partners, await reactomeLibP, report);
  step(4, 'Assembling the brief');
  const ranked = ranking && indications ? withIndications(ranking.top, matcher, indications.details, indications.chembl) : (ranking?.top ?? []);
  const drugs = ranking && admet ? { ranked: ranked.map((r) => withLookups(r, admet)), total: ranking.total, interactions, molecules: admet.molecules, pubchem: admet.pubchem } : null;
  return { gene, diseaseHits, matcher, entry, alphafold, clinical, tractability, contextScore, partners, pathways, pathwayQ, trials, drugs, integrity };
}

/**
 * A pathway's qValue in a brief: Benjamini-Hochberg q of the pathway in an over-representation test
 * of the gene together with its STRING partners against Reactome_2022 (the enrichment engine of
 * svc_generate_insights). It says whether the gene's neighbourhood concentrates in that pathway.
 */
function neighbourhoodQ(symbol: string, partners: StringInteraction[] | null | undefined, libs: LoadResult, report: SourceReport): Map<string, number> | undefined {
  const lib = libs.libraries[0]?.library;
  if (!lib) {
    report.warnings.push(`pathway q-values unavailable: ${libs.failures[0]?.error ?? 'Reactome library not loaded'}`);
    return undefined;
  }
  if (!partners?.length) {
    report.warnings.push('pathway q-values unavailable: no STRING partners to form a neighbourhood');
    return undefined;
  }
  const panel = [symbol, ...partners.map((p) => (p.partnerA === symbol ? p.partnerB : p.partnerA))];
  return new Map(enrich(panel, lib).rows.map((r) => [r.id, r.q]));
}

/**
 * ChEMBL molecules and PubChem properties of the top drugs. `molecules` undefined: the ChEMBL call
 * failed; in `pubchem`, null is "PubChem does not know the name" and no key "not asked", while
 * `pubchemFailed` holds the drugs whose PubChem call failed.
 */
interface DrugProperties {
  molecules: Map<string, ChemblMolecule | null> | undefined;
  pubchem: Map<string, CompoundProperties | null>;
  pubchemFailed: Set<string>;
}

/** The drug with the property lookups that failed for it, so its ADMET says "not known" (admet.ts). */
function withLookups(r: RankedCandidate, p: DrugProperties): RankedCandidate {
  const lookups: PropertyLookups = {
    ...(p.molecules === undefined ? { chembl: 'failed' as const } : {}),
    ...(p.pubchemFailed.has(r.candidate.drugId) ? { pubchem: 'failed' as const } : {}),
  };
  return Object.keys(lookups).length ? { ...r, propertyLookups: lookups } : r;
}

/** ChEMBL molecules of the top drugs (round 3), then PubChem by name only where needed (round 4). */
async function drugProperties(call: ToolCall, report: SourceReport, ranked: readonly RankedCandidate[]): Promise<DrugProperties> {
  const s = call.ctx.sources;
  const pubchem = new Map<string, CompoundProperties | null>();
  const pubchemFailed = new Set<string>();
  if (ranked.length === 0) {
    skipped(report, 'chembl', 'no drug candidates to describe');
    skipped(report, 'pubchem', 'no drug candidates to describe');
    return { molecules: undefined, pubchem, pubchemFailed };
  }
  const molecules = await report.call('chembl', () => s.chembl.molecules(ranked.map((r) => r.candidate.drugId), call.signal), {
    degrades: 'ADMET of the top drugs from PubChem only',
    records: (m) => [...m.values()].filter(Boolean).length,
  });
  const missing = ranked.filter((r) => needsPubchem(r.candidate, molecules?.get(r.candidate.drugId.toUpperCase())));
  if (missing.length === 0) skipped(report, 'pubchem', 'ChEMBL had the properties of every small-molecule drug');
  await Promise.all(
    missing.map(async (r) => {
      const found = await report.call('pubchem', () => s.pubchem.byName(r.candidate.name, call.signal), { degrades: `no PubChem properties for ${r.candidate.name}` });
      // undefined: the call failed, which is not "PubChem has no record" (null).
      if (found === undefined) pubchemFailed.add(r.candidate.drugId);
      else pubchem.set(r.candidate.drugId, found?.[0] ?? null);
    }),
  );
  return { molecules, pubchem, pubchemFailed };
}

/** Per-disease indications of the top drugs (round 3): Open Targets drug details and ChEMBL drug_indication, each one batched request. */
async function drugIndications(
  call: ToolCall,
  report: SourceReport,
  ranked: readonly RankedCandidate[],
): Promise<{ details: Map<string, DrugDetails | null> | undefined; chembl: Map<string, ChemblIndication[]> | undefined }> {
  if (!ranked.length) return { details: undefined, chembl: undefined };
  const s = call.ctx.sources;
  const ids = ranked.map((r) => r.candidate.drugId);
  const [details, chembl] = await Promise.all([
    report.call('opentargets', () => s.opentargets.drugs(ids, call.signal), { degrades: 'per-disease indications and withdrawal warnings of the top drugs from Open Targets are missing' }),
    // A drug whose rows were cut at ChEMBL's paging cap has no key: its indications read "not checked".
    report.call('chembl', () => s.chembl.drugIndications(ids, call.signal), { degrades: 'ChEMBL indications of the top drugs are missing' }).then((rows) => rows && readIndications(rows)),
  ]);
  return { details, chembl };
}

function skipped(report: SourceReport, source: SourceId, reason: string): Promise<undefined> {
  report.skip(source, reason);
  return Promise.resolve(undefined);
}

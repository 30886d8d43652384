// The data a validation plan builds on, fetched once the hypothesis is recognised. Each part degrades
// on its own: a failed source leaves a Section with status "failed" (and a warning), an answer
// with nothing in it a Section with status "none", never an empty success.
//   tool compounds: ChEMBL target (UniProt accession) -> mechanisms -> molecules + activities (potency);
//                   without a mechanism-annotated drug, the most potent compounds in activity data
//   models:         Cellosaurus lines of the disease carrying a variation in the altered genes, and
//                   disease lines without one (comparisons)
//   trials:         ClinicalTrials.gov active trials of the genes and recognised drugs in the disease
//   resistance:     CIViC predictive evidence on the altered lines' protein changes (resistance to
//                   the tool compounds is matched once both are known: analysis/plan-resistance.ts)
//   literature:     Europe PMC (title/abstract) for the hypothesis and each stage
import { ALTERATION_KIND_WORDS, cellosaurusDiseaseNames, mechanismCompounds, potencyByCompound, researchCompounds, selectModelsOfKind, type AlterationKind, type CellModel, type ToolCompound } from '../../analysis/plan-data.js';
import { resistanceQueries } from '../../analysis/plan-resistance.js';
import type { LiteratureKey, LiteratureRef, Section, TrialRef } from '../../analysis/validation-plan.js';
import { cellLineQuery, type CellLine } from '../../sources/cellosaurus.js';
import type { CivicResistance } from '../../sources/civic.js';
import { singleProteinTarget } from '../../sources/chembl.js';
import { chemblActivities } from '../../sources/chembl-potency.js';
import { ACTIVE_STATUSES, type TrialSearch } from '../../sources/clinicaltrials.js';
import type { Gather } from '../shared/gather.js';
import { literature, type Term } from '../shared/literature.js';

export const PLAN_CAPS = { compoundGenes: 2, mechanismMolecules: 12, modelGenes: 2, modelRowsPerGene: 6, modelRows: 10, trialQueries: 3, trials: 6, pmidsPerStep: 3, resistanceProfiles: 6 } as const;

/** Research compounds (no curated mechanism) are those at least this potent: 100 nM. */
const RESEARCH_MIN_PCHEMBL = 7;

type GeneRef = { symbol: string; uniprotId: string | null };

/** Tool compounds of the genes; `named` (ChEMBL ids of drugs the hypothesis names) come first on their target. */
export async function toolCompounds(g: Gather, genes: readonly GeneRef[], wantInhibitory: boolean, named: readonly string[] = []): Promise<Section<ToolCompound>> {
  const asked = genes.slice(0, PLAN_CAPS.compoundGenes);
  const results = await Promise.all(asked.map((gene) => compoundsOf(g, gene, wantInhibitory, named)));
  const items = results.flatMap((r) => r.items);
  const notes = results.flatMap((r) => (r.note ? [r.note] : []));
  const source = 'ChEMBL';
  if (items.length) return { status: 'found', source, items, ...(notes.length ? { note: notes.join('; ') } : {}) };
  if (results.length && results.every((r) => r.failed)) return { status: 'failed', source, items, note: notes.join('; ') };
  if (!results.length) return { status: 'skipped', source, items, note: 'no gene to look up' };
  return { status: 'none', source, items, note: notes.join('; ') };
}

async function compoundsOf(g: Gather, gene: GeneRef, wantInhibitory: boolean, named: readonly string[]): Promise<{ items: ToolCompound[]; note?: string; failed?: boolean }> {
  const { chembl } = g.call.ctx.sources;
  const signal = g.call.signal;
  const acc = gene.uniprotId;
  if (!acc) return { items: [], note: `${gene.symbol}: no UniProt accession to find its ChEMBL target (HGNC lists none, or was not reachable)` };
  const targets = await g.report.call('chembl', () => chembl.targetsByAccession(acc, signal), { degrades: `tool compounds for ${gene.symbol} are missing` });
  if (!targets) return { items: [], note: `${gene.symbol}: ChEMBL target lookup failed`, failed: true };
  const target = singleProteinTarget(targets, acc);
  if (!target) return { items: [], note: `${gene.symbol}: ChEMBL has no single-protein target for ${acc}` };
  const id = target.targetChemblId;
  const mechanisms = await g.report.call('chembl', () => chembl.mechanismsForTarget(id, signal), { degrades: `drugs acting on ${gene.symbol} are missing` });
  if (!mechanisms) return { items: [], note: `${gene.symbol}: ChEMBL mechanisms failed`, failed: true };
  if (!mechanisms.length) {
    const activities = await g.report.call('chembl', () => chemblActivities(g.call.ctx.http, { targetChemblId: id, minPchembl: RESEARCH_MIN_PCHEMBL, limit: 50 }, signal), {
      degrades: `research compounds for ${gene.symbol} are missing`,
    });
    if (!activities) return { items: [], note: `${gene.symbol}: ChEMBL activities failed`, failed: true };
    const items = researchCompounds(gene.symbol, id, activities);
    return items.length
      ? { items, note: `${gene.symbol}: no drug with a curated mechanism; research compounds by potency (pChEMBL ≥ ${RESEARCH_MIN_PCHEMBL})` }
      : { items, note: `${gene.symbol} (${id}): no drug with a curated mechanism and no compound with pChEMBL ≥ ${RESEARCH_MIN_PCHEMBL}` };
  }
  const parentOf = new Map(mechanisms.map((m) => [m.moleculeChemblId.toUpperCase(), (m.parentMoleculeChemblId ?? m.moleculeChemblId).toUpperCase()]));
  const byPhase = [...mechanisms].sort((a, b) => (b.maxPhase ?? -1) - (a.maxPhase ?? -1));
  const parents = [...new Set(byPhase.map((m) => parentOf.get(m.moleculeChemblId.toUpperCase())!))].slice(0, PLAN_CAPS.mechanismMolecules);
  const forms = [...new Set([...parents, ...byPhase.filter((m) => parents.includes(parentOf.get(m.moleculeChemblId.toUpperCase())!)).map((m) => m.moleculeChemblId.toUpperCase())])];
  const [molecules, activities] = await Promise.all([
    g.report.call('chembl', () => chembl.molecules(parents, signal), { degrades: `names and phases of ${gene.symbol} compounds are missing` }),
    g.report.call('chembl', () => chemblActivities(g.call.ctx.http, { targetChemblId: id, moleculeIds: forms, limit: 1000 }, signal), {
      degrades: `potency of ${gene.symbol} compounds is missing`,
    }),
  ]);
  const items = mechanismCompounds(gene.symbol, id, mechanisms.filter((m) => parents.includes(parentOf.get(m.moleculeChemblId.toUpperCase())!)), molecules ?? new Map(), potencyByCompound(activities ?? [], parentOf), wantInhibitory, named);
  return activities === undefined ? { items, note: `${gene.symbol}: potency unknown (ChEMBL activities failed)` } : { items };
}

/**
 * `variant`: a variant the setting names ("T790M"): only lines carrying it are altered. `setting`: the
 * plan's setting ("EGFR-deficient"), which the note names: it may come from a cue, not the text's words.
 */
export async function cellModels(g: Gather, diseaseNames: readonly string[] | null, alteredGenes: readonly string[], kind: AlterationKind = 'any', variant: string | null = null, setting: string | null = null): Promise<Section<CellModel>> {
  const source = 'Cellosaurus';
  if (!diseaseNames?.length) return { status: 'skipped', source, items: [], note: 'no disease recognised: add diseaseContext to get disease models' };
  const names = cellosaurusDiseaseNames(diseaseNames, 5);
  const { cellosaurus } = g.call.ctx.sources;
  const search = (query: string, rows: number, what: string) =>
    g.report.call('cellosaurus', () => cellosaurus.search(query, { rows }, g.call.signal), { degrades: `${what} are missing`, records: (r) => r.length });
  const genes = alteredGenes.slice(0, PLAN_CAPS.modelGenes);
  const answers = await Promise.all([
    ...genes.map((gene) => search(cellLineQuery(names, gene), PLAN_CAPS.modelRowsPerGene, `cell lines carrying ${gene} variations`)),
    search(cellLineQuery(names), PLAN_CAPS.modelRows, 'disease cell lines'),
  ]);
  const answered = answers.filter((a): a is CellLine[] => a !== undefined);
  if (!answered.length) return { status: 'failed', source, items: [], note: 'every Cellosaurus search failed' };
  const { models: items, otherKind } = selectModelsOfKind(answered, genes, undefined, kind, variant);
  const what = variant ? `${genes.join('/')} ${variant}` : `${genes.join('/')} ${ALTERATION_KIND_WORDS[kind]}`;
  const partial = answered.length < answers.length ? 'some Cellosaurus searches failed' : undefined;
  // Lines with a variation of another kind than the hypothesis names are left out, and said so.
  const others = otherKind.length
    ? `${otherKind.length} line${otherKind.length === 1 ? '' : 's'} with other ${genes.join('/')} variations left out, not the ${ALTERATION_KIND_WORDS[kind]} the ${setting ?? `${genes.join('/')}`} setting asks for: ${otherKind
        .slice(0, 3)
        .map((o) => `${o.name} (${o.variants.slice(0, 2).join(', ')})`)
        .join(', ')}${otherKind.length > 3 ? ', ...' : ''}`
    : undefined;
  if (!items.length) {
    const none = otherKind.length
      ? `no line of the disease with a curated ${what}, and none without a ${genes.join('/')} variation to compare with`
      : `no human cell line with a disease label matching ${names.map((n) => `"${n}"`).join(', ')}`;
    return { status: 'none', source, items, note: [none, others].filter(Boolean).join('; ') };
  }
  const altered = items.some((m) => m.role === 'altered');
  const note = [partial, altered ? undefined : `no line of the disease with a curated ${what}`, others].filter(Boolean).join('; ');
  return { status: 'found', source, items, ...(note ? { note } : {}) };
}

/**
 * CIViC's resistance evidence for each protein change the altered lines carry ("EGFR T790M"), asked
 * as soon as the models are known (beside ChEMBL's mechanisms). A failed call leaves its profile
 * undefined; `notAsked` lists profiles over the cap.
 */
export async function resistanceEvidence(g: Gather, models: Section<CellModel>): Promise<{ answers: Map<string, CivicResistance | undefined>; notAsked: string[] }> {
  const queries = resistanceQueries(models.items);
  const asked = queries.slice(0, PLAN_CAPS.resistanceProfiles);
  const notAsked = queries.slice(PLAN_CAPS.resistanceProfiles).map((q) => `${q.gene} ${q.variant}`);
  if (!asked.length) {
    const why = models.status === 'failed' ? `no models to check (${models.source} failed)` : models.items.some((m) => m.role === 'altered') ? 'the altered lines list no protein change to look up' : 'no cell line carrying the alteration to look up';
    g.report.skip('civic', why);
    return { answers: new Map(), notAsked };
  }
  const { civic } = g.call.ctx.sources;
  const found = await Promise.all(
    asked.map((q) =>
      g.report.call('civic', () => civic.resistanceEvidence(q.gene, q.variant, g.call.signal), {
        degrades: `whether lines carrying ${q.gene} ${q.variant} resist the tool compounds is unknown`,
        records: (r: CivicResistance) => r.items.length,
      }),
    ),
  );
  return { answers: new Map(asked.map((q, i) => [`${q.gene} ${q.variant}`, found[i]])), notAsked };
}

export async function activeTrials(g: Gather, disease: string | null, genes: readonly string[], drugs: readonly string[]): Promise<Section<TrialRef>> {
  const source = 'ClinicalTrials.gov';
  if (!disease) return { status: 'skipped', source, items: [], note: 'no disease recognised: add diseaseContext to find trials' };
  const ct = g.call.ctx.sources.clinicaltrials;
  const queries = [
    ...drugs.map((drug) => () => ct.search({ condition: disease, intervention: drug, statuses: ACTIVE_STATUSES, pageSize: 5 }, g.call.signal)),
    ...genes.map((gene) => () => ct.activeTrials(gene, disease, { pageSize: 5 }, g.call.signal)),
  ].slice(0, PLAN_CAPS.trialQueries);
  const answers = await Promise.all(queries.map((q) => g.report.call('clinicaltrials', q, { degrades: 'active trials are missing', records: (t: TrialSearch) => t.trials.length })));
  const answered = answers.filter((a): a is TrialSearch => a !== undefined);
  if (!answered.length) return { status: 'failed', source, items: [], note: 'every ClinicalTrials.gov search failed' };
  const seen = new Map<string, TrialRef>();
  for (const t of answered.flatMap((a) => a.trials)) {
    if (!seen.has(t.nctId)) seen.set(t.nctId, { nctId: t.nctId, title: t.title, phase: t.phase, status: t.status, interventions: t.interventions.map((i) => i.name).slice(0, 3), url: t.url });
  }
  const items = [...seen.values()].sort((a, b) => (b.phase ?? 0) - (a.phase ?? 0)).slice(0, PLAN_CAPS.trials);
  const what = [...drugs, ...genes].slice(0, PLAN_CAPS.trialQueries).join(', ');
  if (!items.length) return { status: 'none', source, items, note: `no recruiting or active trial of ${what} in ${disease}` };
  return { status: 'found', source, items, ...(answered.length < answers.length ? { note: 'some ClinicalTrials.gov searches failed' } : {}) };
}

/**
 * The literature behind the hypothesis and each step. `notSearched` (a gene symbol that is an
 * English word: analysis/gene-synonyms.ts) skips every search, each saying why.
 */
export async function planLiterature(g: Gather, terms: Record<LiteratureKey, Term[]>, notSearched: string | null = null): Promise<Record<LiteratureKey, LiteratureRef>> {
  const keys = Object.keys(terms) as LiteratureKey[];
  // The terms, not Europe PMC's query syntax: shorter to read, and the syntax is documented once.
  const written = (t: Term) => (typeof t === 'string' ? t : t.join(' or '));
  const query = (k: LiteratureKey) => terms[k].map(written).join(' + ');
  if (notSearched) {
    g.report.skip('europepmc', notSearched);
    return Object.fromEntries(keys.map((k): [LiteratureKey, LiteratureRef] => [k, { query: query(k), count: null, pmids: [], notSearched }])) as Record<LiteratureKey, LiteratureRef>;
  }
  const found = await Promise.all(keys.map((k) => literature(g, terms[k], PLAN_CAPS.pmidsPerStep)));
  return Object.fromEntries(keys.map((k, i) => [k, { query: query(k), count: found[i]!.count, pmids: found[i]!.pmids }])) as Record<LiteratureKey, LiteratureRef>;
}

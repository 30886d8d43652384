// What a hypothesis is about, as the sources recognise it: gene words through HGNC (symbols, aliases,
// previous symbols), drug words through ChEMBL synonyms (then their targets and actions through Open
// Targets and ChEMBL mechanisms), the disease through the Open Targets search, and the mechanism from
// the text (or from a recognised drug's action). Each recognition says how it was made.
//
// Rounds: 1. HGNC | ChEMBL synonyms | Open Targets disease search; 2. targets and actions of the
// recognised drugs; 3. HGNC for drug targets the text did not name (only when there are some).
import { geneTokens, mentionRoles, perturbedMention, primaryMechanism, readHypothesis, type GeneRole, type Mechanism, type TextReading } from '../../analysis/hypothesis-text.js';
import { isInhibitory } from '../../analysis/plan-data.js';
import { statedSetting } from '../../analysis/plan-direction.js';
import type { ChemblMolecule } from '../../sources/chembl.js';
import { chemblMoleculesByName } from '../../sources/chembl-potency.js';
import type { DiseaseHit } from '../../sources/opentargets.js';
import type { ResolvedSymbol, SymbolResolution } from '../../sources/hgnc.js';
import { normaliseSymbol } from '../../sources/hgnc.js';
import { typedFirst } from '../../analysis/disease-hits.js';
import { bestAndRelated } from '../shared/disease.js';
import type { Gather } from '../shared/gather.js';

/** Caps on what one hypothesis may ask of the sources. */
export const RECOGNITION_CAPS = { textGenes: 8, drugs: 3, drugTargets: 2 } as const;

export interface RecognisedGene {
  input: string;
  symbol: string | null;
  /** HGNC: approved | alias | previous | ambiguous | withdrawn | not_found; unchecked (HGNC unreachable); drug_target. */
  how: string;
  from: 'text' | 'geneContext' | 'drug';
  roles: GeneRole[];
  /** Its state in the text's own words (analysis/plan-direction.ts statedSetting); not in the answer. */
  setting: GeneRole | null;
  /** The variant the text names after it ("T790M"); not in the answer. */
  variant?: string | null;
  /** The text does the loss to it ("EGFR knockdown"); not in the answer. */
  perturbed?: boolean;
  ensemblId: string | null;
  uniprotId: string | null;
  /** For an ambiguous alias: the genes it names. */
  candidates?: string[];
}

export interface RecognisedDrug {
  input: string;
  chemblId: string | null;
  name: string | null;
  maxPhase: number | null;
  targets: string[];
  actionTypes: string[];
  how: string;
}

export interface RecognisedDisease {
  input: string;
  from: 'diseaseContext' | 'text';
  /** What was searched (an abbreviation is expanded: NSCLC -> non-small cell lung carcinoma). */
  query: string;
  id: string | null;
  name: string | null;
  /** Names of the best Open Targets hits, for the model search. */
  names: string[];
  how: string;
}

export interface RecognisedMechanism {
  primary: Mechanism;
  also: Mechanism[];
  cues: { mechanism: Mechanism; phrase: string }[];
  from: 'text' | 'drug';
}

export interface Recognition {
  genes: RecognisedGene[];
  drugs: RecognisedDrug[];
  disease: RecognisedDisease | null;
  mechanism: RecognisedMechanism | null;
  /** Agents the hypothesis names besides its genes: drug names (recognised or not) and "<word> inhibitors". */
  agents: string[];
  /** The words that deny the effect ("does not"), or null: the plan then tests for the effect. */
  negation: string | null;
  /** A denial of part of the hypothesis only ("does not reduce X but increases Y"); not in the answer. */
  partialNegation?: string | null;
}

export interface PlanInput {
  hypothesis: string;
  geneContext?: string[] | undefined;
  diseaseContext?: string | undefined;
}

export async function recognise(g: Gather, input: PlanInput): Promise<Recognition> {
  const reading = readHypothesis(input.hypothesis);
  const textTokens = geneTokens(reading).slice(0, RECOGNITION_CAPS.textGenes);
  const context = [...new Set(input.geneContext ?? [])];
  const diseaseAsked = input.diseaseContext
    ? { input: input.diseaseContext, from: 'diseaseContext' as const, query: input.diseaseContext }
    : reading.disease
      ? { input: reading.disease.text, from: 'text' as const, query: reading.disease.query }
      : null;

  const [resolution, drugHits, diseaseHits] = await Promise.all([
    resolveWords(g, [...textTokens, ...context]),
    Promise.all(reading.drugs.slice(0, RECOGNITION_CAPS.drugs).map((d) => drugByName(g, d.token))),
    diseaseAsked
      ? g.report.call('opentargets', () => g.call.ctx.sources.opentargets.searchDiseases(diseaseAsked.query, { size: 10 }, g.call.signal), {
          degrades: 'the disease could not be recognised, so models and trials are not disease-specific',
        })
      : Promise.resolve(undefined),
  ]);

  const drugs = await drugTargets(g, drugHits);
  const genes = genesOf(input.hypothesis, reading, textTokens, context, resolution);
  await addDrugTargets(g, genes, drugs);
  return {
    genes,
    drugs,
    disease: diseaseAsked ? diseaseOf(diseaseAsked, diseaseHits) : null,
    mechanism: mechanismOf(reading, drugs),
    agents: agentsOf(input.hypothesis, reading, drugs),
    negation: reading.negation,
    partialNegation: reading.partialNegation ?? null,
  };
}

async function resolveWords(g: Gather, words: readonly string[]): Promise<SymbolResolution | undefined | null> {
  if (!words.length) return null;
  return g.report.call('hgnc', () => g.call.ctx.sources.hgnc.resolveSymbols(words, g.call.signal), {
    records: (r) => r.symbols.length,
    degrades: 'gene words were used as typed, without alias or previous-symbol resolution',
  });
}

/** The molecule a drug word names: the parent form, most advanced first; null when ChEMBL knows none. */
async function drugByName(g: Gather, word: string): Promise<{ word: string; molecule: ChemblMolecule | null | undefined }> {
  const found = await g.report.call('chembl', () => chemblMoleculesByName(g.call.ctx.http, word, g.call.signal), {
    degrades: `"${word}" could not be looked up as a drug name`,
  });
  if (!found) return { word, molecule: found };
  const parents = found.filter((m) => !m.parentChemblId || m.parentChemblId === m.chemblId);
  const pick = [...(parents.length ? parents : found)].sort((a, b) => (b.maxPhase ?? -1) - (a.maxPhase ?? -1))[0];
  return { word, molecule: pick ?? null };
}

async function drugTargets(g: Gather, hits: readonly { word: string; molecule: ChemblMolecule | null | undefined }[]): Promise<RecognisedDrug[]> {
  const { opentargets, chembl } = g.call.ctx.sources;
  return Promise.all(
    hits.map(async ({ word, molecule }): Promise<RecognisedDrug> => {
      if (molecule === undefined) return { input: word, chemblId: null, name: null, maxPhase: null, targets: [], actionTypes: [], how: 'not checked: ChEMBL failed' };
      if (molecule === null) return { input: word, chemblId: null, name: null, maxPhase: null, targets: [], actionTypes: [], how: 'not a ChEMBL drug name' };
      const id = molecule.chemblId;
      const [indications, mechanisms] = await Promise.all([
        g.report.call('opentargets', async () => (await opentargets.drugs([id], g.call.signal)).get(id) ?? null, { degrades: `the targets of ${word} are unknown` }),
        g.report.call('chembl', () => chembl.mechanismsForMolecules([id], g.call.signal), { degrades: `the action of ${word} is unknown` }),
      ]);
      const actionTypes = [...new Set((mechanisms?.get(id) ?? []).flatMap((m) => (m.actionType ? [m.actionType] : [])))];
      const targets = indications?.targetSymbols ?? [];
      const how = `ChEMBL synonym (${id})${targets.length ? `; targets from Open Targets` : indications === undefined ? '; targets unknown (Open Targets failed)' : '; no target in Open Targets'}`;
      return { input: word, chemblId: id, name: molecule.prefName ?? indications?.name ?? null, maxPhase: molecule.maxPhase, targets, actionTypes, how };
    }),
  );
}

function genesOf(text: string, reading: TextReading, textTokens: readonly string[], context: readonly string[], resolution: SymbolResolution | undefined | null): RecognisedGene[] {
  const byInput = new Map<string, ResolvedSymbol>((resolution?.results ?? []).map((r) => [normaliseSymbol(r.input), r]));
  const out: RecognisedGene[] = [];
  const mentions = (token: string) => reading.genes.filter((m) => m.token.toUpperCase() === token.toUpperCase());
  const rolesOf = (token: string) => [...new Set(mentions(token).flatMap((m) => mentionRoles(text, m, reading.cues)))];
  const settingOf = (token: string) => mentions(token).map((m) => statedSetting(text, m)).find((r) => r !== null) ?? null;
  const variantOf = (token: string) => mentions(token).find((m) => m.variant)?.variant ?? null;
  const perturbedOf = (token: string) => mentions(token).some((m) => perturbedMention(text, m, reading.cues));
  for (const [from, words] of [['text', textTokens], ['geneContext', context]] as const) {
    for (const word of words) {
      const r = byInput.get(normaliseSymbol(word));
      const roles = from === 'text' ? rolesOf(word) : [];
      const setting = from === 'text' ? settingOf(word) : null;
      const extra = from === 'text' ? { variant: variantOf(word), perturbed: perturbedOf(word) } : {};
      if (resolution === undefined) {
        // HGNC unreachable: the word is used as typed (upper case), and the answer says so.
        out.push({ input: word, symbol: normaliseSymbol(word), how: 'unchecked', from, roles, setting, ...extra, ensemblId: null, uniprotId: null });
        continue;
      }
      out.push({
        input: word,
        symbol: r?.symbol ?? null,
        how: r?.how ?? 'not_found',
        from,
        roles,
        setting,
        ...extra,
        ensemblId: r?.ensemblGeneId ?? null,
        uniprotId: r?.uniprotIds[0] ?? null,
        ...(r?.candidates.length ? { candidates: r.candidates } : {}),
      });
    }
  }
  // One entry per symbol: a gene named in the text and in geneContext keeps the text's roles.
  const seen = new Map<string, RecognisedGene>();
  return out.filter((gene) => {
    if (!gene.symbol) return true;
    const first = seen.get(gene.symbol);
    if (!first) {
      seen.set(gene.symbol, gene);
      return true;
    }
    first.roles = [...new Set([...first.roles, ...gene.roles])];
    first.setting ??= gene.setting;
    first.variant ??= gene.variant;
    return false;
  });
}

/** Genes the recognised drugs act on: added (resolved through HGNC) unless the text named them. */
async function addDrugTargets(g: Gather, genes: RecognisedGene[], drugs: readonly RecognisedDrug[]): Promise<void> {
  const known = new Set(genes.flatMap((x) => (x.symbol ? [x.symbol] : [])));
  const wanted: { symbol: string; inhibitory: boolean; drug: string }[] = [];
  for (const d of drugs) {
    const inhibitory = d.actionTypes.some(isInhibitory);
    for (const symbol of d.targets.slice(0, RECOGNITION_CAPS.drugTargets)) {
      const existing = genes.find((x) => x.symbol === symbol);
      if (existing && inhibitory && !existing.roles.includes('inhibited') && !existing.roles.includes('lost')) existing.roles.push('inhibited');
      if (!known.has(symbol) && !wanted.some((w) => w.symbol === symbol)) wanted.push({ symbol, inhibitory, drug: d.name ?? d.input });
    }
  }
  if (!wanted.length) return;
  const resolution = await resolveWords(g, wanted.map((w) => w.symbol));
  for (const w of wanted) {
    const r = resolution?.results.find((x) => x.symbol === w.symbol || normaliseSymbol(x.input) === w.symbol);
    genes.push({
      input: w.symbol,
      symbol: w.symbol,
      how: `drug_target (of ${w.drug.toLowerCase()}, Open Targets)`,
      from: 'drug',
      roles: w.inhibitory ? ['inhibited'] : [],
      setting: null,
      ensemblId: r?.ensemblGeneId ?? null,
      uniprotId: r?.uniprotIds[0] ?? null,
    });
  }
}

function diseaseOf(asked: { input: string; from: 'diseaseContext' | 'text'; query: string }, found: DiseaseHit[] | undefined): RecognisedDisease {
  // The hit named as typed is the disease asked, wherever the search ranked it (typedFirst).
  const hits = found && typedFirst(found, asked.query);
  const best = hits?.[0];
  const expanded = asked.query !== asked.input ? ` (abbreviation expanded to "${asked.query}")` : '';
  const which = best && best !== found?.[0] ? `the hit named as typed (the search ranked "${found![0]!.name}" first)` : 'best hit';
  const how =
    hits === undefined ? `not recognised: Open Targets failed${expanded}` : best ? `Open Targets disease search, ${which}${expanded}` : `not recognised: Open Targets found no disease for "${asked.query}"`;
  const related = bestAndRelated(hits ?? [], asked.query);
  const names = [...new Set([...related, ...(hits ?? []).slice(0, 3)].map((h) => h.name))];
  return { ...asked, id: best?.id ?? null, name: best?.name ?? null, names, how };
}

function mechanismOf(reading: TextReading, drugs: readonly RecognisedDrug[]): RecognisedMechanism | null {
  const fromText = primaryMechanism(reading.cues);
  if (fromText) return { ...fromText, cues: reading.cues.map((c) => ({ mechanism: c.mechanism, phrase: c.phrase })), from: 'text' };
  const inhibitor = drugs.find((d) => d.actionTypes.some(isInhibitory) && d.targets.length);
  if (!inhibitor) return null;
  const action = inhibitor.actionTypes.find(isInhibitory)!;
  return { primary: 'inhibition', also: [], cues: [{ mechanism: 'inhibition', phrase: `${(inhibitor.name ?? inhibitor.input).toLowerCase()}: ${action} (ChEMBL mechanism)` }], from: 'drug' };
}

/**
 * The drugs the hypothesis names (ChEMBL's name, or the word as written when ChEMBL does not know
 * it: a plan about cetuximab stays about cetuximab), then "<word> inhibitors" for each inhibited
 * gene word ("PI3K inhibition" -> "PI3K inhibitors").
 */
function agentsOf(text: string, reading: TextReading, drugs: readonly RecognisedDrug[]): string[] {
  const named = drugs.map(drugName);
  const inhibited = reading.genes.filter((m) => mentionRoles(text, m, reading.cues).includes('inhibited')).map((m) => `${m.token} inhibitors`);
  return [...new Set([...named, ...inhibited])];
}

/** How the plan names a drug of the hypothesis: ChEMBL's name, else the word as written (lower case). */
export function drugName(d: Pick<RecognisedDrug, 'name' | 'input' | 'chemblId'>): string {
  return (d.chemblId ? (d.name ?? d.input) : d.input).toLowerCase();
}

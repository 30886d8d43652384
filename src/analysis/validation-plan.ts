// A validation plan assembled from what was recognised in a hypothesis and what the sources hold
// (pure): in vitro, then in vivo, then translational clinical. The mechanism chooses the
// experimental logic (plan-templates*.ts); genes, compounds, models, trials and literature fill it.
// Where a source failed or found nothing, the step says so in `gaps` instead of naming data it
// does not have.
import type { Mechanism } from './hypothesis-text.js';
import type { Direction } from './plan-direction.js';
import { alterationKind, invertedSetting, markerPhrase, planRoles, targetAbsent, targetLostSetting, type PlanGene, type Roles } from './plan-roles.js';
import { ALTERATION_KIND_WORDS, isInhibitory, type CellModel, type ToolCompound } from './plan-data.js';
import { resistantLines, type ResistanceFinding } from './plan-resistance.js';
import { literatureTerms, STAGE_IDS, templates, type Cast, type LiteratureTerm, type StageId, type StageTemplate, type Templates } from './plan-templates.js';

export { STAGE_IDS, type StageId } from './plan-templates.js';
export { alterationKind, planRoles, targetAbsent, type PlanGene, type Roles } from './plan-roles.js';

export type SectionStatus = 'found' | 'none' | 'failed' | 'skipped';

/** One kind of data the plan builds on, and what became of asking for it. */
export interface Section<T> {
  status: SectionStatus;
  /** The source(s) asked. */
  source: string;
  items: T[];
  /** Why it is empty, failed or skipped. */
  note?: string;
}

export interface TrialRef {
  nctId: string;
  title: string;
  phase: number | null;
  status: string | null;
  interventions: string[];
  url: string;
}

export interface LiteratureRef {
  query: string;
  /** Null when the literature source could not be searched, or was not (`notSearched`). */
  count: number | null;
  pmids: string[];
  /** Why it was not searched (a gene symbol that is an English word); absent when it was. */
  notSearched?: string;
}

export type LiteratureKey = 'hypothesis' | StageId;

export interface PlanFacts {
  mechanism: Mechanism;
  genes: PlanGene[];
  /** Agents the hypothesis names besides the target: its drugs as named, "PI3K inhibitors" for an inhibited word. */
  agents: string[];
  /** Drugs the hypothesis names that ChEMBL did not recognise (or could not be asked about): named as written, never replaced. */
  unrecognisedDrugs?: readonly string[];
  /** The direction of the effect the hypothesis states (plan-direction.ts), or null. */
  direction: Direction | null;
  /** Whether that direction is of growth or of the response to an agent (plan-direction.ts). */
  about?: 'growth' | 'response';
  disease: string | null;
  compounds: Section<ToolCompound>;
  models: Section<CellModel>;
  trials: Section<TrialRef>;
  /** CIViC resistance of the altered lines to the tool compounds (analysis/plan-resistance.ts). */
  resistance: Section<ResistanceFinding>;
  literature: Record<LiteratureKey, LiteratureRef>;
}

export interface Stage extends Omit<StageTemplate, 'go' | 'noGo' | 'rationale'> {
  stage: StageId;
  order: number;
  goNoGo: { go: string; noGo: string };
  /** Ids of the data this step uses (details in the plan's toolCompounds, models, trials), and what is missing. */
  buildsOn: { toolCompounds: string[]; models: string[]; trials: string[]; pmids: string[]; gaps: string[] };
  /** The premise of the step, to be checked against its PMIDs. */
  rationale: { statement: string; pmids: string[] };
}

/** The Europe PMC terms of the hypothesis and each stage (gathered before the plan is assembled). */
/** `disease`: its names, any of which counts (as typed and as matched), or null without one. */
export function planLiteratureTerms(mechanism: Mechanism, roles: Roles, disease: LiteratureTerm | null): Record<LiteratureKey, LiteratureTerm[]> {
  return literatureTerms(mechanism, { T: roles.target, B: roles.partner }, disease);
}

export function assemblePlan(facts: PlanFacts): { roles: Roles; stages: Stage[] } {
  const roles = planRoles(facts.mechanism, facts.genes, facts.direction, facts.about);
  const { cast, resistant, altered, comparison } = castOf(facts, roles);
  const written = withResistanceControls(templates(facts.mechanism, cast), resistant);
  const t = targetAbsent(facts.mechanism, roles, facts.direction, facts.about) ? withAbsentTarget(written, cast) : written;
  const compounds = facts.compounds.items;
  const inVivoCompounds = [...compounds].sort((a, b) => (b.maxPhase ?? -1) - (a.maxPhase ?? -1)).slice(0, 2);
  const ids = {
    in_vitro: { toolCompounds: compounds.map((c) => c.chemblId), models: facts.models.items.map((m) => m.accession), trials: [] as string[] },
    in_vivo: { toolCompounds: inVivoCompounds.map((c) => c.chemblId), models: [altered[0], comparison[0]].flatMap((m) => (m ? [m.accession] : [])), trials: [] as string[] },
    translational_clinical: { toolCompounds: compounds.filter((c) => (c.maxPhase ?? 0) >= 2).map((c) => c.chemblId), models: [] as string[], trials: facts.trials.items.map((x) => x.nctId) },
  };
  const stages = STAGE_IDS.map((id, i): Stage => {
    const s = t[id];
    const lit = facts.literature[id];
    return {
      stage: id,
      order: i + 1,
      title: s.title,
      assayType: s.assayType,
      design: s.design,
      expectedOutcome: s.expectedOutcome,
      criticalControls: s.criticalControls,
      timeline: s.timeline,
      goNoGo: { go: s.go, noGo: s.noGo },
      buildsOn: { ...ids[id], pmids: lit.pmids, gaps: gaps(id, facts) },
      rationale: { statement: s.rationale, pmids: lit.pmids },
    };
  });
  return { roles, stages };
}

/**
 * The cast of the templates. Altered lines that CIViC says resist a compound the design names are
 * left out of the sensitive side (they would fail its go criterion for a reason the plan did not
 * name) and returned as `resistant`, to be used as resistance controls; not in a biomarker plan,
 * whose question is how the marker changes response.
 */
function castOf(facts: PlanFacts, roles: Roles): { cast: Cast; resistant: Map<string, ResistanceFinding[]>; altered: CellModel[]; comparison: CellModel[] } {
  const T = roles.target;
  const D = facts.disease ?? 'the disease';
  const onTarget = facts.compounds.items.filter((c) => c.gene === T);
  const named = (onTarget.length ? onTarget : facts.compounds.items).slice(0, 2);
  // A biomarker plan asks how the marker changes response: its marker-positive lines stay, whatever
  // they resist (the section still lists it).
  const resistant = facts.mechanism === 'biomarker' ? new Map<string, ResistanceFinding[]>() : resistantLines(facts.resistance.items, named.map((c) => c.chemblId));
  const { altered, comparison } = sides(facts.models.items, roles, resistant);
  const inverted = invertedSetting(roles);
  const variant = roles.setting.variant;
  const genesOf = (ms: CellModel[]) => [...new Set(ms.flatMap((m) => m.carries))].join('/');
  const kindWords = variant ?? ALTERATION_KIND_WORDS[alterationKind(roles)];
  // Lines that carry the gene's alteration, and lines without it: in a setting without the
  // alteration ("KRAS-wild-type") the lines without it are the sensitive side.
  const carrying = (ms: CellModel[]) => `${ms.slice(0, 3).map((m) => m.name).join(', ')} (${genesOf(ms.slice(0, 3))} ${kindWords} listed by Cellosaurus)`;
  const lacking = (ms: CellModel[]) => `${ms.slice(0, inverted ? 3 : 2).map((m) => m.name).join(', ')} (no ${variant ? roles.alteration : `${roles.altered.join('/')} ${inverted ? kindWords : 'variation'}`} listed by Cellosaurus)`;
  // A drug the hypothesis names keeps its place even when ChEMBL does not know it: another drug is
  // never put in its stead, and the plan says what is not known of it.
  const unknown = facts.unrecognisedDrugs?.[0];
  const unknownNote = ' (not a ChEMBL drug name: its targets, action and potency are not known here)';
  const tools = named.map(compoundPhrase).join(' and ');
  const drug = facts.agents[0] ?? null;
  const cast: Cast = {
    T,
    B: roles.partner,
    D,
    alteration: roles.alteration,
    setting: roles.setting,
    marker: markerPhrase(roles),
    targetLost: targetLostSetting(roles),
    direction: facts.direction,
    compounds: unknown ? `${unknown}${unknownNote}${tools ? ` and, as ${T} tool compounds, ${tools}` : ''}` : tools || `a selective ${T} inhibitor`,
    potencyKnown: !unknown && named.some((c) => c.potency !== null),
    lead: unknown ?? (named[0] ? displayName(named[0]) : `a selective ${T} inhibitor`),
    drug,
    drugNote: drug ? (facts.unrecognisedDrugs?.includes(drug) ? unknownNote : '') : named[0] && facts.mechanism === 'biomarker' ? ' (a tool compound standing in: the hypothesis names no drug)' : '',
    altered: altered.length ? (inverted ? lacking(altered) : carrying(altered)) : inverted ? `${D} lines that are ${roles.alteration}` : `${D} lines carrying the ${roles.alteration} alteration`,
    comparison: comparison.length ? (inverted ? carrying(comparison) : lacking(comparison)) : inverted ? `${D} lines carrying the ${roles.altered.join('/')} ${kindWords} (none listed here)` : `${D} lines without it`,
    alteredOne: altered[0]?.name ?? `a ${roles.alteration} ${D} model`,
    comparisonOne: comparison[0]?.name ?? (inverted ? `a ${D} model carrying the ${roles.altered.join('/')} ${kindWords}` : `a ${D} model without the alteration`),
    reviewTrials: reviewTrialsText(facts.trials),
  };
  return { cast, resistant, altered, comparison };
}

/**
 * The sensitive (`altered`) and comparison sides of the models. In a setting without the alteration
 * ("KRAS-wild-type", "ERBB2-negative") they swap: the lines that carry it are the comparison.
 */
function sides(models: readonly CellModel[], roles: Roles, resistant: ReadonlyMap<string, unknown>): { altered: CellModel[]; comparison: CellModel[] } {
  const carrying = models.filter((m) => m.role === 'altered');
  const lacking = models.filter((m) => m.role === 'comparison');
  if (invertedSetting(roles)) return { altered: lacking.filter((m) => !resistant.has(m.accession)), comparison: carrying };
  return { altered: carrying.filter((m) => !resistant.has(m.accession)), comparison: lacking };
}

/** The translational step's clause about active trials, from what the trial search gave. */
export function reviewTrialsText(trials: Pick<Section<TrialRef>, 'status' | 'items'>): string {
  if (trials.items.length) return `review the ${trials.items.length} active trial(s) listed`;
  if (trials.status === 'failed') return 'search ClinicalTrials.gov yourself (it could not be searched here)';
  if (trials.status === 'skipped') return 'search ClinicalTrials.gov (not searched here)';
  return 'look beyond ClinicalTrials.gov (it lists no active trial here)';
}

/**
 * Lines that resist the named compounds join the in vitro design as resistance controls, with the
 * curated evidence, whatever the mechanism: "NCI-H1975 (EGFR T790M: CIViC lists resistance to
 * gefitinib, EID2257) is expected to resist: a resistance control, not a sensitive model."
 */
function withResistanceControls(t: Templates, resistant: ReadonlyMap<string, ResistanceFinding[]>): Templates {
  if (!resistant.size) return t;
  const phrases = [...resistant.values()].map((fs) => {
    const byVariant = new Map<string, ResistanceFinding[]>();
    for (const f of fs) byVariant.set(f.variant, [...(byVariant.get(f.variant) ?? []), f]);
    const why = [...byVariant].map(([variant, list]) => `${variant}: CIViC lists resistance to ${list.map((f) => `${f.compoundName} (${f.evidence.slice(0, 2).join(', ')})`).join(' and ')}`);
    return `${fs[0]!.modelName} (${why.join('; ')})`;
  });
  const names = [...resistant.values()].map((fs) => fs[0]!.modelName).join(', ');
  const sentence = ` Keep ${phrases.join(' and ')} as ${resistant.size > 1 ? 'resistance controls' : 'a resistance control'}: expected to resist, not a sensitive model.`;
  return {
    ...t,
    in_vitro: {
      ...t.in_vitro,
      design: `${t.in_vitro.design}${sentence}`,
      criticalControls: [...t.in_vitro.criticalControls, `Resistance control: ${names} (a variant CIViC lists as predicting resistance to the compound); a response there questions the compound's selectivity or the line's genotype`],
    },
  };
}

/**
 * The expectations of a plan whose target the altered lines lack (targetAbsent): those lines are
 * the target-absent control, and only lines that have the target can respond.
 */
function withAbsentTarget(t: Templates, c: Cast): Templates {
  const absent = `${c.alteration} lines lack ${c.T}`;
  return {
    in_vitro: {
      ...t.in_vitro,
      expectedOutcome: `${absent}, so an on-target ${c.T} inhibitor or knockout should spare them: they are the target-absent control, and a response there is off-target. Only lines that have ${c.T} (${c.comparison}) can respond.`,
      go: `Lines that have ${c.T} respond, with the ${c.T} pathway suppressed, and ${c.alteration} lines do not`,
      noGo: `${c.alteration} lines respond as much as lines that have ${c.T}: the effect is not through ${c.T}`,
    },
    in_vivo: { ...t.in_vivo, expectedOutcome: `Any response is in the model that has ${c.T}; the ${c.alteration} model, lacking ${c.T}, is the target-absent control.` },
    translational_clinical: {
      ...t.translational_clinical,
      design: `Do not select patients by ${c.alteration} status for this: their tumours lack ${c.T}. Decide which tumours have ${c.T} and respond in the in vitro stage first; then ${c.reviewTrials}.`,
      expectedOutcome: `Not testable as stated: ${c.alteration} tumours lack ${c.T}.`,
      go: `The in vitro stage shows on-target responses in tumours that have ${c.T}, to select patients by`,
      noGo: `No line that has ${c.T} responds on target`,
    },
  };
}

function displayName(c: ToolCompound): string {
  return c.name ? c.name.toLowerCase() : c.chemblId;
}

/**
 * "gefitinib (CHEMBL939, IC50 ≈ 3.16 nM, n=24)". Every plan acts on its target with inhibitory
 * compounds, so a compound that is not a curated inhibitor says so where the design names it: a
 * potent research compound may bind without inhibiting, and a curated agonist does the opposite.
 */
export function compoundPhrase(c: ToolCompound): string {
  const name = c.name ? `${c.name.toLowerCase()} (${c.chemblId}` : `${c.chemblId} (`;
  const sep = c.name ? ', ' : '';
  const potency = c.potency ? `${sep}${c.potency.type} ≈ ${formatNm(c.potency.nM)}, n=${c.potency.n}` : `${sep}potency not in ChEMBL`;
  const action = c.kind === 'research' || !c.actionType ? '; action not curated: confirm it inhibits' : isInhibitory(c.actionType) ? '' : `; a curated ${c.actionType.toLowerCase()}, not an inhibitor`;
  return `${name}${potency}${action})`;
}

export function formatNm(nM: number): string {
  return nM >= 1000 ? `${Number((nM / 1000).toPrecision(3))} µM` : `${nM} nM`;
}

/** What a stage lacks, and why: never silent about a failed or empty source. */
function gaps(stage: StageId, facts: PlanFacts): string[] {
  const out: string[] = [];
  const section = (s: Section<unknown>, what: string) => {
    if (s.status === 'found') return;
    const why = s.note ? `: ${s.note}` : '';
    if (s.status === 'failed') out.push(`${what} not named from data: ${s.source} failed${why}`);
    else if (s.status === 'none') out.push(`${what}: ${s.source} found none${why}`);
    else out.push(`${what} not looked up${why}`);
  };
  if (stage !== 'translational_clinical') section(facts.compounds, 'tool compounds');
  if (stage !== 'translational_clinical') section(facts.models, 'cell-line models');
  // Comparison lines alone are no contrast: say that no line carries the alteration, and why.
  if (stage !== 'translational_clinical' && facts.models.status === 'found' && !facts.models.items.some((m) => m.role === 'altered')) {
    out.push(`cell-line models carrying the alteration: Cellosaurus lists none${facts.models.note ? `: ${facts.models.note}` : ''}`);
  }
  if (stage === 'translational_clinical') section(facts.trials, 'active trials');
  // Found nothing is an answer (no curated resistance); a failed CIViC leaves the models unchecked.
  if (stage === 'in_vitro' && facts.resistance.status === 'failed') out.push(`resistance of the altered lines not checked: CIViC failed${facts.resistance.note ? `: ${facts.resistance.note}` : ''}`);
  const lit = facts.literature[stage];
  if (lit.notSearched) out.push(`literature: not searched for ${lit.query} (${lit.notSearched})`);
  else if (lit.count === null) out.push(`literature: Europe PMC could not be searched for ${lit.query}`);
  else if (lit.pmids.length === 0) out.push(`literature: no article found for ${lit.query}`);
  return out;
}

/** Which inputs a plan still needs: a gene, and a mechanism. */
export function missingInputs(genes: readonly PlanGene[], mechanism: Mechanism | null): ('gene' | 'mechanism')[] {
  return [...(genes.length ? [] : (['gene'] as const)), ...(mechanism ? [] : (['mechanism'] as const))];
}

/** The message for a hypothesis without a gene or a mechanism: what was tried, and what to add. */
export function needsInputMessage(missing: readonly ('gene' | 'mechanism')[], tried: { unresolved: readonly string[]; ambiguous: readonly { input: string; candidates: readonly string[] }[] }): string {
  const parts: string[] = ['No validation plan: a plan needs a gene and the mechanism asked about.'];
  if (missing.includes('gene')) {
    const notes = [
      ...tried.unresolved.map((u) => `"${u}" is not an HGNC symbol, alias or previous symbol`),
      ...tried.ambiguous.map((a) => `"${a.input}" names several genes (${a.candidates.join(', ')})`),
    ];
    parts.push(
      `No gene was recognised${notes.length ? ` (${notes.join('; ')})` : ''}. Add an approved gene symbol to the hypothesis or pass it as geneContext ` +
        '(e.g. "EGFR", "BRCA1"), or name a drug whose targets are known (e.g. "olaparib").',
    );
  }
  if (missing.includes('mechanism')) {
    parts.push(
      'No mechanism was recognised. Say what is done to the gene or what it does: inhibition ("inhibiting X"), loss of function ("loss of", "deletion", "knockout"), ' +
        'gain of function ("activating mutation"), overexpression ("amplification"), biomarker ("X predicts response to Y"), interaction ("X interacts with Y") ' +
        'or synthetic lethality ("X inhibition is synthetically lethal with Y loss").',
    );
  }
  return parts.join(' ');
}

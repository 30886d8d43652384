// svc_generate_validation_plan's run (the definition is tool.ts; this is loaded on the first call).
//
// Rounds: 1-3 recognition (recognise.ts); 4 ChEMBL targets | Cellosaurus | ClinicalTrials.gov |
// Europe PMC; 5-6 ChEMBL mechanisms (beside CIViC on the lines' variants), then molecules and
// activities; 7 integrity (esummary + efetch, NLI).
import type { Mechanism } from '../../analysis/hypothesis-text.js';
import { wordLikeSymbol } from '../../analysis/gene-synonyms.js';
import { qualityScore } from '../../analysis/quality.js';
import { resistanceSection, resistanceStatement } from '../../analysis/plan-resistance.js';
import { responseMechanism } from '../../analysis/plan-response.js';
import { statedRoles } from '../../analysis/plan-roles.js';
import { alterationKind, assemblePlan, missingInputs, needsInputMessage, planLiteratureTerms, planRoles, type PlanGene, type Roles, type Stage } from '../../analysis/validation-plan.js';
import { planDirection } from '../../analysis/plan-direction.js';
import { stripPmids } from '../../evidence/pmid-fields.js';
import { round, runIntegrity, verdictOf, type StatementCheck } from '../../evidence/pipeline.js';
import { newSnapshotId } from '../../store/snapshot-id.js';
import type { ToolCall } from '../define.js';
import { PLAN_TOOL } from '../names.js';
import type { Gather } from '../shared/gather.js';
import type { SourceReport } from '../../sources/report.js';
import type { CallDeadline, WorkPlan } from '../../sources/deadline.js';
import { deadlineReport, noteDeadline, withCallDeadline } from '../shared/call-deadline.js';
import { withoutRetractedPmids } from '../shared/finish.js';
import { notRun, reportIntegrity } from '../shared/integrity.js';
import { activeTrials, cellModels, planLiterature, resistanceEvidence, toolCompounds } from './gather.js';
import { literatureDiseaseNames } from '../shared/disease.js';
import { planNotes, prognosticNote, savedDisease } from './notes.js';
import { drugName, recognise, type Recognition } from './recognise.js';
import type { PlanArgs, PlanOutput } from './schema.js';

const MECHANISM_LABEL: Record<Mechanism, string> = {
  inhibition: 'Inhibition',
  loss_of_function: 'Loss of function',
  gain_of_function: 'Gain of function',
  overexpression: 'Overexpression',
  biomarker: 'Predictive biomarker',
  interaction: 'Interaction',
  synthetic_lethality: 'Synthetic lethality',
};

/** Requests a plan sends to its rate-limited sources (literature per stage, ChEMBL pages, PubMed checks). */
const PLAN_WORK: WorkPlan = { europepmc: 8, chembl: 8, eutils: 4, opentargets: 4, civic: 6 };

export async function generateValidationPlan(args: PlanArgs, call: ToolCall): Promise<PlanOutput> {
  return withCallDeadline(call, PLAN_TOOL, PLAN_WORK, (c, deadline) => plan(args, c, deadline));
}

async function plan(args: PlanArgs, call: ToolCall, deadline: CallDeadline): Promise<PlanOutput> {
  const report = deadlineReport(call, deadline);
  const g: Gather = { call, report };
  const steps = 5;
  const step = (i: number, message: string) => call.progress.report(i, steps, message);

  step(0, 'Recognising genes, drugs, disease and mechanism');
  const rec = await recognise(g, args);
  for (const gene of rec.genes.filter((x) => !x.symbol)) {
    report.warnings.push(
      gene.how === 'ambiguous'
        ? `"${gene.input}" names several genes (${gene.candidates?.join(', ')}): left out; name one of them`
        : `"${gene.input}" is not an HGNC symbol, alias or previous symbol (${gene.how}): left out`,
    );
  }
  if (rec.genes.some((x) => x.how === 'unchecked')) report.warnings.push('HGNC could not be reached: gene words were used as typed, without alias resolution');
  const genes: PlanGene[] = rec.genes.filter((x) => x.symbol).map((x) => ({ symbol: x.symbol!, roles: x.roles, from: x.from, setting: x.setting, variant: x.variant ?? null, perturbed: x.perturbed ?? false }));
  const cued = rec.mechanism?.primary ?? null;
  const missing = missingInputs(genes, cued);
  if (missing.length || !cued) return needsInput(args, rec, missing, report, step);

  // A response to a named drug is planned as what it is (synthetic lethality, a predictive marker),
  // not as growth under the mechanism the cues name (analysis/plan-response.ts).
  const cuedReading = planDirection(cued, args.hypothesis);
  const response = responseMechanism(cued, genes, cuedReading, rec.agents);
  const mechanism = response?.mechanism ?? cued;
  const prognostic = prognosticNote(mechanism, rec.agents, args.hypothesis);
  if (prognostic) return { ...needsInput(args, rec, ['mechanism'], report, step), message: prognostic };
  if (response && rec.mechanism) rec.mechanism = { ...rec.mechanism, primary: mechanism, also: [cued, ...rec.mechanism.also.filter((m) => m !== mechanism && m !== cued)] };
  // The direction the text states shapes the stages; a drug ChEMBL does not know keeps its name.
  // A hypothesis that denies one outcome and asserts another has no one direction: not guessed.
  // The text is read once for the mechanism the cues name; again only when the response changed it.
  const direction = rec.partialNegation ? { direction: null, words: null } : mechanism === cued ? cuedReading : planDirection(mechanism, args.hypothesis);
  if (rec.partialNegation) report.warnings.push(partialNegationNote(rec.partialNegation));
  const about = direction.about ?? 'growth';
  const roles = planRoles(mechanism, genes, direction.direction, about);
  const notes = planNotes(rec, mechanism, roles, direction);
  if (response) report.warnings.push(response.why);
  report.warnings.push(...notes.warnings);
  const unrecognisedDrugs = rec.drugs.filter((d) => !d.chemblId).map(drugName);
  // The recognised name, or the text as typed when Open Targets could not map it (warned below).
  const disease = rec.disease ? (rec.disease.name ?? rec.disease.query) : null;
  if (rec.disease && !rec.disease.id) report.warnings.push(`the disease "${rec.disease.query}" was not mapped to Open Targets (${rec.disease.how}); it is used as typed`);
  if (!rec.disease) report.warnings.push('no disease recognised: models and trials are not looked up; add diseaseContext');
  if (mechanism === 'synthetic_lethality' && !roles.partner) report.warnings.push('synthetic lethality needs two genes; only one was recognised: name the partner gene whose loss sensitises');
  if (mechanism === 'interaction' && !roles.partner) report.warnings.push('an interaction needs two genes; only one was recognised: name the partner');

  step(1, `Tool compounds, models, trials and literature for ${[roles.target, roles.partner].filter(Boolean).join(' and ')}`);
  const geneRef = (symbol: string) => ({ symbol, uniprotId: rec.genes.find((x) => x.symbol === symbol)?.uniprotId ?? null });
  const compoundGenes = [roles.target, ...(mechanism === 'interaction' && roles.partner ? [roles.partner] : [])].map(geneRef);
  const trialGenes = [...new Set([roles.target, ...(roles.partner ? [roles.partner] : [])])];
  // Trials are searched by every drug named, known to ChEMBL or not (the registry is free text).
  const drugNames = rec.drugs.map(drugName);
  const diseaseNames = rec.disease ? (rec.disease.names.length ? rec.disease.names : [rec.disease.query]) : null;
  const modelsP = cellModels(g, diseaseNames, roles.altered, alterationKind(roles), roles.setting.variant, roles.alteration);
  // A target or partner whose symbol is an English word (MET) is not searched in the literature.
  const wordLike = wordLikeSymbol(roles.target) ?? (roles.partner ? wordLikeSymbol(roles.partner) : null);
  if (wordLike) report.warnings.push(`The literature is not searched for this plan: ${wordLike}; its premises read "not judged", which is not "no literature". Active trials searched by that symbol may use the word rather than name the gene.`);
  const [compounds, models, civic, trials, literature] = await Promise.all([
    // Every mechanism's plan acts on its target with inhibitory compounds (to inhibit it, phenocopy its
    // loss, or test dependency on it), so inhibitory actions come first.
    toolCompounds(g, compoundGenes, true, rec.drugs.flatMap((d) => (d.chemblId ? [d.chemblId] : []))),
    modelsP,
    modelsP.then((m) => resistanceEvidence(g, m)),
    activeTrials(g, disease, trialGenes, drugNames),
    // The literature names the disease as typed and as matched ("NSCLC" and "non-small cell lung carcinoma").
    planLiterature(g, planLiteratureTerms(mechanism, roles, rec.disease ? literatureDiseaseNames(rec.disease.input, [rec.disease.name ?? rec.disease.query, ...rec.disease.names]) : null), wordLike),
  ]);

  step(2, 'Assembling the stages');
  const resistance = resistanceSection(models, compounds.items, civic.answers, civic.notAsked);
  const { stages } = assemblePlan({ mechanism, genes, agents: rec.agents, unrecognisedDrugs, direction: direction.direction, about, disease, compounds, models, trials, resistance, literature });

  step(3, 'Checking the literature behind each step against PubMed');
  const statements = [
    { text: args.hypothesis, pmids: literature.hypothesis.pmids },
    ...stages.map((s) => ({ text: s.rationale.statement, pmids: s.rationale.pmids })),
    // CIViC's resistance claims cite PubMed too: their PMIDs must exist and entail them.
    ...resistance.items.map((f) => ({ text: resistanceStatement(f), pmids: f.pmids })),
  ];
  const run = await runIntegrity({ eutils: call.ctx.sources.eutils, nli: call.ctx.nli, report, ...(call.signal ? { signal: call.signal } : {}) }, statements);
  const evidenceOf = (check: StatementCheck | undefined, statement: string, pmids: readonly string[]) => ({
    statement,
    pmids: [...pmids],
    status: check?.status ?? 'unsupported',
    ...verdictOf(check),
  });

  step(4, 'Scoring and saving the snapshot');
  const i = run.integrity;
  noteDeadline(report, deadline, 'the plan');
  const sources = report.list();
  const quality = qualityScore({ ...i, sources });
  if (quality.unverified) report.warnings.push('qualityScore is 0: nothing in this plan was verified (no PMID could be checked and no statement was judged by an NLI model).');
  const outStages = stages.map((s, k) => stageOut(s, evidenceOf(run.statements[k + 1], s.rationale.statement, s.rationale.pmids)));
  const snapshotId = newSnapshotId();
  const assembled: PlanOutput = {
    status: 'planned',
    message: '',
    missing: [],
    snapshotId,
    hypothesis: args.hypothesis,
    recognised: recognisedOut(rec),
    roles: statedRoles(roles),
    stages: outStages,
    toolCompounds: compounds,
    models,
    trials,
    resistance: { ...resistance, items: resistance.items.map((f, k) => ({ ...f, ...evidenceOf(run.statements[1 + stages.length + k], resistanceStatement(f), f.pmids) })) },
    literature,
    hypothesisEvidence: evidenceOf(run.statements[0], args.hypothesis, literature.hypothesis.pmids),
    integrity: reportIntegrity(run),
    qualityScore: quality.qualityScore,
    sources,
    warnings: report.warnings,
  };
  // A PMID PubMed does not know is removed everywhere it appears (stages, literature, evidence).
  const gone = new Set(i.hallucinatedPmids);
  const stripped = stripPmids(assembled, gone);
  if (gone.size) stripped.value.warnings.push(`PubMed does not know PMID ${[...gone].join(', ')} returned by the literature search: removed from ${stripped.removed} place(s) in this plan (counted in integrity.hallucinated).`);
  const result = withoutRetractedPmids(stripped.value, new Set(i.retractedPmids));
  result.message = summary(mechanism, roles, disease, result);
  if (rec.negation) result.message = `${negationNote(rec.negation)} ${result.message}`;
  if (notes.lead) result.message = `${notes.lead} ${result.message}`;
  const saved = await call.ctx.snapshots
    .save({ id: snapshotId, tool: PLAN_TOOL, genes: genes.map((x) => x.symbol), diseaseContext: savedDisease(rec.disease), qualityScore: quality.qualityScore, inputs: args, result })
    .then(() => true)
    .catch((err: unknown) => {
      call.ctx.log.error('snapshot could not be saved', { err });
      return false;
    });
  if (!saved) {
    result.snapshotId = null;
    result.warnings.push('the snapshot could not be saved; this plan cannot be fetched again by its snapshotId');
  }
  step(steps, 'Done');
  return result;
}

function stageOut(s: Stage, evidence: PlanOutput['stages'][number]['evidence']): PlanOutput['stages'][number] {
  const { rationale: _rationale, ...rest } = s;
  return { ...rest, evidence };
}

/** "2 tool compound(s) (ChEMBL)", or what stands in for the count when none could be read. */
function builtOn(sec: { status: string; items: readonly unknown[] }, what: string, source: string): string {
  if (sec.status === 'failed') return `${what} not known (${source} failed)`;
  if (sec.status === 'skipped') return `${what} not looked up`;
  return `${sec.items.length} ${what} (${source})`;
}

function summary(mechanism: Mechanism, roles: Roles, disease: string | null, plan: PlanOutput): string {
  const who = roles.partner ? `${roles.target} with ${roles.partner}` : roles.target;
  const pmids = new Set([...(plan.hypothesisEvidence?.pmids ?? []), ...plan.stages.flatMap((s) => s.buildsOn.pmids)]).size;
  const searches = Object.values(plan.literature ?? {});
  const failedSearches = searches.filter((l) => l.count === null && !l.notSearched).length;
  const notSearched = searches.find((l) => l.notSearched)?.notSearched;
  // A failed search is not an empty one: 0 PMIDs from searches that did not run says nothing.
  const literature = notSearched
    ? 'literature not searched (an English-word symbol)'
    : searches.length && failedSearches === searches.length
      ? 'literature not known (Europe PMC failed)'
      : `${pmids} PMID(s)${failedSearches ? ` (${failedSearches} of ${searches.length} literature searches failed)` : ''}`;
  const statuses = plan.stages.map((s) => s.evidence.status);
  const premises = plan.integrity.nliEnabled
    ? `hypothesis ${plan.hypothesisEvidence?.status ?? 'unsupported'} by its abstracts; ${statuses.filter((x) => x === 'supported').length} of ${statuses.length} step premises supported`
    : 'hypothesis and step premises not judged (no NLI model)';
  const gaps = plan.stages.reduce((n, s) => n + s.buildsOn.gaps.length, 0);
  return (
    `${MECHANISM_LABEL[mechanism]} plan for ${who}${disease ? ` in ${disease}` : ''} (${roles.alteration} setting): ${plan.stages.length} stages built on ` +
    `${builtOn(plan.toolCompounds, 'tool compound(s)', 'ChEMBL')}, ${builtOn(plan.models, 'cell line(s)', 'Cellosaurus')}, ${builtOn(plan.trials, 'active trial(s)', 'ClinicalTrials.gov')} and ${literature}; ` +
    `${premises}${gaps ? `; ${gaps} data gap(s) listed per stage` : ''}.`
  );
}

/**
 * A hypothesis that denies an effect is tested by the same experiments as one that asserts it, but
 * read the other way round; said first, so that the go criteria are not taken as its predictions.
 */
export function negationNote(words: string): string {
  return `The hypothesis denies the effect ("${words}"): the stages test for the effect, so each no-go outcome is what it predicts and a go refutes it. Power each stage to exclude the smallest effect that matters: an underpowered null is no support.`;
}

/** A denial of one outcome beside an asserted one: neither read as the whole hypothesis. */
export function partialNegationNote(words: string): string {
  return `The hypothesis denies one outcome ("${words}") and asserts another: it was not understood as a whole, so it is neither planned as a denial nor given one direction. Write one hypothesis per outcome, or pre-register what each stage should show for each.`;
}

function recognisedOut(rec: Recognition): PlanOutput['recognised'] {
  return {
    genes: rec.genes.map(({ ensemblId: _e, uniprotId: _u, setting: _s, variant: _v, perturbed: _p, ...gene }) => gene),
    drugs: rec.drugs,
    disease: rec.disease ? { input: rec.disease.input, from: rec.disease.from, query: rec.disease.query, id: rec.disease.id, name: rec.disease.name, how: rec.disease.how } : null,
    mechanism: rec.mechanism,
    negation: rec.negation,
  };
}

function needsInput(args: PlanArgs, rec: Recognition, missing: ('gene' | 'mechanism')[], report: SourceReport, step: (i: number, m: string) => void): PlanOutput {
  const unresolved = rec.genes.filter((x) => !x.symbol && x.how !== 'ambiguous').map((x) => x.input);
  const ambiguous = rec.genes.filter((x) => x.how === 'ambiguous').map((x) => ({ input: x.input, candidates: x.candidates ?? [] }));
  const message = needsInputMessage(missing.length ? missing : ['mechanism'], { unresolved, ambiguous });
  const skipped = (source: string) => ({ status: 'skipped' as const, source, items: [], note: 'no plan was made' });
  for (const id of ['chembl', 'cellosaurus', 'civic', 'clinicaltrials', 'europepmc', 'eutils'] as const) report.skip(id, 'no plan was made: the hypothesis lacks a gene or a mechanism');
  step(5, 'Done');
  return {
    status: 'needs_input',
    message,
    missing,
    snapshotId: null,
    hypothesis: args.hypothesis,
    recognised: recognisedOut(rec),
    roles: null,
    stages: [],
    toolCompounds: skipped('ChEMBL'),
    models: skipped('Cellosaurus'),
    trials: skipped('ClinicalTrials.gov'),
    resistance: skipped('CIViC'),
    literature: null,
    hypothesisEvidence: null,
    integrity: notRun('no plan was made'),
    qualityScore: 0,
    sources: report.list(),
    warnings: report.warnings,
  };
}

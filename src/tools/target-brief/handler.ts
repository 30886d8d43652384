// svc_get_target_brief's run: the brief gathered (gather.ts) and assembled. Loaded on the tool's
// first call (tool.ts).
import { druggability } from '../../analysis/druggability.js';
import { topDrugView } from '../../analysis/top-drugs.js';
import type { ToolCall } from '../define.js';
import { BRIEF_TOOL } from '../names.js';
import type { CallDeadline, WorkPlan } from '../../sources/deadline.js';
import { deadlineReport, noteDeadline, withCallDeadline } from '../shared/call-deadline.js';
import { diseaseMatchNote } from '../shared/disease.js';
import { throughResultCache } from '../shared/result-cache.js';
import { BRIEF_LIMITS, gatherBrief, type BriefData } from './gather.js';
import type { BriefInput, BriefOutput } from './output.js';

/** DESIGN.md 2.3: ranked drug candidates are withheld for the free tier. */
export const FREE_TIER_DRUGS_NOTE =
  'Top drugs are withheld for the free tier. To get them, call with an API key of tier "researcher" ' +
  '(X-API-Key header; keys are issued by the operator with `biointel keys create --tier researcher`), ' +
  'or run biointel locally (`npx biointel` over stdio, or `biointel brief <gene>`), where you are the researcher-tier operator.';

/** Requests a brief sends to its slowest sources (PubMed for the integrity check, the rest one or two each). */
const BRIEF_PLAN: WorkPlan = { eutils: 3, opentargets: 4, chembl: 4 };

/** A brief saves nothing, so a repeated call is answered whole from the result cache. */
export async function getTargetBrief(args: BriefInput, call: ToolCall): Promise<BriefOutput> {
  // The computation runs with the call the cache hands it: shared by identical callers, it stops only
  // when every one of them has cancelled.
  return throughResultCache(call, BRIEF_TOOL, args, (shared) => withCallDeadline(shared, BRIEF_TOOL, BRIEF_PLAN, (c, deadline) => computeBrief(args, c, deadline)));
}

async function computeBrief(args: BriefInput, call: ToolCall, deadline: CallDeadline): Promise<BriefOutput> {
  const report = deadlineReport(call, deadline);
  const data = await gatherBrief(call, report, { gene: args.gene, diseaseContext: args.diseaseContext });
  noteDeadline(report, deadline, 'the brief');
  const out = assembleBrief(args.diseaseContext, data, call.tier === 'free', report.warnings);
  call.progress.report(5, 5, 'Done');
  return { ...out, sources: report.list(), warnings: report.warnings };
}

/** Shapes the gathered data into the output (pure, apart from adding warnings). */
export function assembleBrief(query: string, d: BriefData, free: boolean, warnings: string[]): Omit<BriefOutput, 'sources' | 'warnings'> {
  const { gene, entry, clinical } = d;
  const strip = (pmids: readonly string[]) => pmids.filter((p) => !d.integrity.removed.has(p));
  if (!gene.ensemblId) warnings.push(`HGNC lists no Ensembl gene id for ${gene.symbol}: no Open Targets associations, tractability or drugs.`);
  if (clinical === null) warnings.push(`Open Targets does not know ${gene.ensemblId}: no associations or drug candidates.`);
  // The diseases the matcher took (best hit first): what "approved for" and the association refer to.
  if (d.diseaseHits) {
    const note = diseaseMatchNote(query, d.diseaseHits.filter((h) => d.matcher.ids.has(h.id)));
    if (note) warnings.unshift(note);
  }
  const missingOt = !gene.ensemblId ? `no Ensembl gene id for ${gene.symbol}` : d.tractability === undefined ? 'Open Targets failed' : 'Open Targets does not know the target';
  const drug = druggability({
    tractability: d.tractability ?? null,
    ecNumbers: entry ? entry.ecNumbers : null,
    targetClasses: entry ? entry.targetClasses : null,
    missing: { tractability: missingOt, uniprot: entry === null ? 'UniProt has no reviewed entry' : 'UniProt failed' },
  });
  const resolved = d.matcher.resolved;
  const pathways = d.pathways ?? [];
  const out: Omit<BriefOutput, 'sources' | 'warnings'> = {
    gene: {
      input: gene.input,
      symbol: gene.symbol,
      resolvedBy: gene.resolvedBy,
      hgncId: gene.hgncId,
      name: gene.name,
      ensemblId: gene.ensemblId,
      uniprotAccession: entry?.accession ?? gene.uniprotAccession,
      entrezId: gene.entrezId,
    },
    diseaseContext: {
      query,
      diseaseId: resolved?.id ?? null,
      diseaseName: resolved?.name ?? null,
      associationScore: d.contextScore ?? null,
      matchedIds: [...d.matcher.ids],
    },
    proteinName: entry?.proteinName ?? null,
    molecularWeight: entry?.molecularWeight ?? null,
    protein: entry ? { accession: entry.accession, length: entry.length, subcellularLocations: entry.subcellularLocations, url: entry.url } : null,
    alphaFoldPlddt: d.alphafold?.meanPlddt ?? null,
    alphaFold: d.alphafold
      ? { entryId: d.alphafold.entryId, band: d.alphafold.plddtBand, modelUrl: d.alphafold.cifUrl, pageUrl: d.alphafold.pageUrl, version: d.alphafold.latestVersion }
      : null,
    druggabilityScore: drug.score,
    druggabilityComplete: drug.complete,
    druggabilityParts: drug.parts,
    function: entry?.function ?? null,
    functionPmids: strip(entry?.functionPmids ?? []),
    diseaseAssociations: (clinical?.associations ?? []).slice(0, BRIEF_LIMITS.associations),
    diseaseAssociationsTotal: clinical?.associationCount ?? null,
    topDrugs: [],
    pathways: byQ(pathways, d.pathwayQ)
      .slice(0, BRIEF_LIMITS.pathways)
      .map((p) => ({ stId: p.stId, name: p.name, url: p.url, inDisease: p.inDisease, ...(d.pathwayQ?.has(p.stId) ? { qValue: d.pathwayQ.get(p.stId)! } : {}) })),
    // Not known when Reactome failed or was not asked: a 0 read as "Reactome lists none".
    pathwaysTotal: d.pathways ? d.pathways.length : null,
    clinicalTrials: (d.trials?.trials ?? []).map((t) => ({
      nctId: t.nctId,
      title: t.title,
      phase: t.phase,
      phases: t.phases,
      status: t.status,
      conditions: t.conditions,
      interventions: t.interventions.map((i) => i.name),
      sponsor: t.sponsor,
      startDate: t.startDate,
      url: t.url,
    })),
    clinicalTrialsTotal: d.trials?.total ?? null,
    interactionPartners: (d.partners ?? []).map((p) => ({ partner: p.partnerB, score: p.score, stringId: p.stringIdB })),
    integrity: d.integrity.integrity,
    evidence: d.integrity.evidence.map((e) => ({ ...e, pmids: strip(e.pmids) })),
  };
  if (d.partners === null) warnings.push(`STRING does not know ${gene.symbol}: no interaction partners.`);
  if (free) return { ...out, topDrugsNote: FREE_TIER_DRUGS_NOTE };
  if (d.drugs) {
    const drugs = d.drugs;
    out.topDrugs = drugs.ranked.map((r) => {
      const view = topDrugView(r, drugs.molecules?.get(r.candidate.drugId.toUpperCase()), drugs.pubchem.get(r.candidate.drugId), drugs.interactions.get(r.candidate.drugId) ?? null);
      return { ...view, interactionPmids: strip(view.interactionPmids) };
    });
    out.drugCandidatesTotal = drugs.total;
  }
  return out;
}

/** Pathways with a q-value first (most significant first), then Reactome's order. */
function byQ<T extends { stId: string }>(pathways: readonly T[], q: Map<string, number> | undefined): T[] {
  if (!q) return [...pathways];
  const rank = (p: T) => q.get(p.stId) ?? Number.POSITIVE_INFINITY;
  return [...pathways].sort((a, b) => rank(a) - rank(b));
}

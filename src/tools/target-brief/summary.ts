// The MCP text block of svc_get_target_brief: the brief in a few lines for an assistant that reads
// only text. Every list of the brief is already capped (gather.ts BRIEF_LIMITS) and names its total,
// so the structured answer is the whole brief.
import { phaseText, WHERE_MARKETED, withdrawalText } from '../../analysis/drug-tiers.js';
import { approvedBroader, approvedSubtype } from '../../analysis/top-drugs.js';
import { druggabilityText } from '../../analysis/druggability.js';
import { describeIntegrity, describeSources } from '../shared/summary.js';
import { sourceFailed, sourceIncomplete } from '../../source-status.js';
import type { BriefOutput } from './output.js';

const f2 = (x: number | null) => (x === null ? 'unknown' : x.toFixed(2));

type TopDrug = BriefOutput['topDrugs'][number];

/**
 * A top drug's stage in words. "approved for this disease" only of an approval for the context
 * itself (a subtype is named); an approval whose indications were not read says so, as does a
 * withdrawal no source was read for, and a withdrawal in named countries keeps the approval.
 */
export function drugStageText(d: TopDrug, diseaseName: string | null): string {
  const local = d.withdrawn === true && d.approved === true;
  // Who says so, and that ChEMBL's flag means "in at least one country": a bare WITHDRAWN read as gone everywhere.
  if (d.withdrawn && !local) return `WITHDRAWN (${withdrawalText(d.withdrawnReason)})`;
  const sub = approvedSubtype(d);
  const broader = approvedBroader(d);
  const approved = sub
    ? `approved for ${sub} (a subtype of ${diseaseName ?? 'the context disease'})`
    : broader
      ? `approved for ${broader} (broader than ${diseaseName ?? 'the context disease'}: its label may already cover it, check it)`
      : d.indicatedForDisease
      ? 'approved for this disease'
      : d.approved && d.indicatedForDisease === null
        ? 'approved, indication for this disease not known'
        : d.approved
          ? 'approved'
          : null;
  if (!approved) return d.phase === null ? 'phase unknown' : phaseText(d.phase);
  if (local) return `${approved}; ${withdrawnWhere(d.withdrawnReason)}, at least there (${WHERE_MARKETED})`;
  return d.withdrawn === null ? `${approved}, withdrawal not known` : approved;
}

/** "withdrawn in France (2019)" from the reason the JSON names. */
export function withdrawnWhere(reason: string | null): string {
  return reason?.replace(/^Open Targets drug warning: /, '') ?? 'withdrawn';
}

const LIST_SOURCES = { pathways: ['reactome', 'Reactome'], trials: ['clinicaltrials', 'ClinicalTrials.gov'], partners: ['string', 'STRING'] } as const;
export type BriefList = keyof typeof LIST_SOURCES;

/**
 * Why a list of the brief is empty: its source failed (not known), was not asked, or answered with
 * none. "STRING partners 0" with STRING down read as a gene without partners.
 */
export function emptyListText(r: Pick<BriefOutput, 'sources' | 'diseaseContext'>, list: BriefList): string {
  const [id, name] = LIST_SOURCES[list];
  const source = r.sources.find((s) => s.id === id);
  const status = source?.status;
  if (sourceIncomplete(r.sources, id)) return `not known (${name} failed)`;
  // Why it was not asked ("no UniProt accession for MALAT1 (... no protein product)"), when known.
  if (status === 'skipped' || status === undefined) return `not looked up (${name}${source?.note ? `: ${source.note}` : ''})`;
  // Trials are searched with the disease as typed (beside the disease search, in the first round):
  // "none found" names it, so a misspelt or narrower text is seen for what it found nothing for.
  return list === 'trials' ? `none found for "${r.diseaseContext.query}"` : 'none found';
}

/** 0 is what the brief gives when Open Targets answered with no association row: "0.00" read as a measured score. */
export function associationText(score: number | null): string {
  return score === 0 ? 'no Open Targets association listed' : `association ${f2(score)}`;
}

export function summarizeBrief(r: BriefOutput): string {
  const g = r.gene;
  const lines: string[] = [];
  const resolved = g.resolvedBy === 'approved' ? '' : ` ("${g.input}", resolved as ${g.resolvedBy})`;
  lines.push(`${g.symbol}${resolved}${r.proteinName ? `: ${r.proteinName}` : ''}${r.molecularWeight ? `, ${r.molecularWeight} Da` : ''}.`);
  const dc = r.diseaseContext;
  // Open Targets failing is not Open Targets finding nothing: the disease, drugs and associations all come from it.
  const otFailed = sourceFailed(r.sources, 'opentargets');
  const noDisease = otFailed ? 'not matched: Open Targets failed' : 'no Open Targets disease matched';
  lines.push(`Disease context "${dc.query}": ${dc.diseaseName ? `${dc.diseaseName} (${dc.diseaseId}), ${associationText(dc.associationScore)}` : noDisease}.`);
  lines.push(`Druggability ${druggabilityText(r.druggabilityScore, r.druggabilityParts)}; AlphaFold mean pLDDT ${r.alphaFoldPlddt ?? 'unknown'}.`);
  if (r.topDrugsNote) lines.push(`Top drugs: ${r.topDrugsNote}`);
  else if (r.topDrugs.length) {
    // Phases in words (ChEMBL's 2.5 is "phase 2/3"), as the other tools write them.
    const drugs = r.topDrugs.slice(0, 5).map((d) => `${d.name} (${drugStageText(d, dc.diseaseName)})`);
    // "6 of 6" naming five read as if the list were whole: the rest are counted.
    const rest = r.topDrugs.length - drugs.length;
    lines.push(`Top drugs (${r.topDrugs.length}${r.drugCandidatesTotal === undefined ? '' : ` of ${r.drugCandidatesTotal}`}): ${drugs.join(', ')}${rest ? `, and ${rest} more in topDrugs` : ''}.`);
  } else lines.push(otFailed ? 'Top drugs: not known (Open Targets failed).' : 'Top drugs: none listed.');
  if (r.diseaseAssociations.length) lines.push(`Top associations: ${r.diseaseAssociations.slice(0, 3).map((a) => `${a.diseaseName} ${a.score.toFixed(2)}`).join(', ')}.`);
  else if (otFailed) lines.push('Disease associations: not known (Open Targets failed).');
  const count = (what: string, list: BriefList, shown: number, total: number | null) => `${what} ${shown ? `${shown}${total === null ? '' : ` of ${total}`}` : emptyListText(r, list)}`;
  lines.push(
    `${count('Pathways', 'pathways', r.pathways.length, r.pathwaysTotal)}; ${count('trials', 'trials', r.clinicalTrials.length, r.clinicalTrialsTotal)}; ${count('STRING partners', 'partners', r.interactionPartners.length, null)}.`,
  );
  // A statement its own citations contradict is named, as the insights text does: "grounded 0%" alone hid which.
  const against = r.evidence.filter((e) => e.status === 'contradicted' || e.status === 'contested');
  if (against.length) lines.push(`Evidence: ${against.length} of ${r.evidence.length} statements contradicted by their own cited abstracts (${against.map((e) => `${e.subject} ${e.about} ${e.status}`).join(', ')}).`);
  lines.push(describeIntegrity(r.integrity), describeSources(r.sources));
  if (r.warnings.length) lines.push(`Warnings: ${r.warnings.join(' | ')}`);
  return lines.join('\n');
}

// The MCP text block of svc_get_target_brief: the brief in a few lines for an assistant that reads
// only text. Every list of the brief is already capped (gather.ts BRIEF_LIMITS) and names its total,
// so the structured answer is the whole brief.
import { phaseText } from '../../analysis/drug-tiers.js';
import { druggabilityText } from '../../analysis/druggability.js';
import { describeIntegrity, describeSources, sourceFailed } from '../shared/summary.js';
import type { BriefOutput } from './output.js';

const f2 = (x: number | null) => (x === null ? 'unknown' : x.toFixed(2));

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
  if (status === 'failed' || status === 'partial') return `not known (${name} failed)`;
  // Why it was not asked ("no UniProt accession for MALAT1 (... no protein product)"), when known.
  if (status === 'skipped' || status === undefined) return `not looked up (${name}${source?.note ? `: ${source.note}` : ''})`;
  // Trials are searched with the disease as typed (beside the disease search, in the first round):
  // "none found" names it, so a misspelt or narrower text is seen for what it found nothing for.
  return list === 'trials' ? `none found for "${r.diseaseContext.query}"` : 'none found';
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
  lines.push(`Disease context "${dc.query}": ${dc.diseaseName ? `${dc.diseaseName} (${dc.diseaseId}), association ${f2(dc.associationScore)}` : noDisease}.`);
  lines.push(`Druggability ${druggabilityText(r.druggabilityScore, r.druggabilityParts)}; AlphaFold mean pLDDT ${r.alphaFoldPlddt ?? 'unknown'}.`);
  if (r.topDrugsNote) lines.push(`Top drugs: ${r.topDrugsNote}`);
  else if (r.topDrugs.length) {
    // Phases in words (ChEMBL's 2.5 is "phase 2/3"), as the other tools write them.
    const stage = (d: BriefOutput['topDrugs'][number]) => (d.withdrawn ? 'WITHDRAWN' : d.indicatedForDisease ? 'approved for this disease' : d.approved ? 'approved' : d.phase === null ? 'phase unknown' : phaseText(d.phase));
    const drugs = r.topDrugs.slice(0, 5).map((d) => `${d.name} (${stage(d)})`);
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
  lines.push(describeIntegrity(r.integrity), describeSources(r.sources));
  if (r.warnings.length) lines.push(`Warnings: ${r.warnings.join(' | ')}`);
  return lines.join('\n');
}

// Sentences every tool's text summary shares (the integrity block and the sources), written once so
// "not computed" and "failed" read the same everywhere.
import type { IntegrityOut } from './schemas.js';
import { sourceFailed, sourceIncomplete } from '../../source-status.js';
import { enrichmentLowPowerClause, enrichmentUntestedNote, type LibraryTested } from './panel-analysis/enrichment-notes.js';

/** "0.83", or "not computed" for a figure that could not be computed. */
export function figure(x: number | null, digits = 2): string {
  return x === null ? 'not computed' : x.toFixed(digits);
}

/** "83%", or "not computed". */
export function percent(x: number | null): string {
  return x === null ? 'not computed' : `${(x * 100).toFixed(0)}%`;
}

/**
 * Which disease the answer is about: tiers and associations refer to the Open Targets diseases the
 * context was read as, which the user's words may not name exactly.
 */
export function diseaseLine(context: string, matches: readonly { id: string; name: string }[]): string {
  const [best, ...more] = matches;
  if (!best) return `Disease: "${context}" not mapped to an Open Targets disease (see warnings): drug indications are matched to it by exact name only.`;
  return `Disease: "${context}" read as ${best.name} (${best.id})${more.length ? ` and ${more.length} related (${more.map((d) => d.name).join(', ')})` : ''}.`;
}

interface SourceLike {
  id: string;
  status: string;
  error?: string | undefined;
}

export function describeIntegrity(i: IntegrityOut): string {
  const pmids = i.pmidsChecked
    ? // "yes (4)" read as 4 PMIDs checked, beside a hallucinated count over every PMID of the answer.
      `PMIDs checked: yes (${i.pmidsCited} cited by statements; every PMID of the answer looked up), ${i.hallucinated ?? 0} hallucinated${i.retracted ? `, ${i.retracted} retracted (not counted as evidence)` : ''}`
    : i.pmidsCited === 0
      ? 'PMIDs checked: none cited (nothing to check)'
      : `PMIDs checked: NO (PubMed could not be reached: existence of ${i.pmidsCited} cited PMIDs not verified)`;
  const judge = `judge ${i.entailmentMethod}${i.nliEnabled ? '' : ' (no NLI model)'}`;
  if (i.citeF1 === null && i.groundedRatio === null) {
    const why = !i.nliEnabled ? 'no NLI model' : i.pmidsCited ? 'no readable abstract, or nothing the model could take: see warnings' : 'nothing cited';
    return `Integrity: ${pmids}; citations not judged (${why}); ${judge}.`;
  }
  return `Integrity: ${pmids}; grounded ${percent(i.groundedRatio)}; citation precision ${figure(i.citationPrecision)}, recall ${figure(i.citationRecall)}, F1 ${figure(i.citeF1)}; ${judge}.`;
}

export function describeSources(sources: readonly SourceLike[]): string {
  const count = (status: string) => sources.filter((s) => s.status === status).length;
  const answered = count('ok') + count('cached');
  const failed = sources.filter((s) => s.status === 'failed');
  const partial = sources.filter((s) => s.status === 'partial');
  const parts = [`Sources: ${answered} answered`];
  if (partial.length) parts.push(`${partial.length} partly failed (${partial.map((s) => s.id).join(', ')})`);
  if (failed.length) parts.push(`${failed.length} failed (${failed.map((s) => s.id).join(', ')})`);
  const skipped = count('skipped');
  if (skipped) parts.push(`${skipped} skipped`);
  return `${parts.join(', ')}.`;
}


const DRUG_SOURCES = [
  ['opentargets', 'Open Targets'],
  ['dgidb', 'DGIdb'],
  ['chembl', 'ChEMBL'],
] as const;

/** The drug sources that failed, by name, "(partly)" when some of their calls did (empty when none). */
export function failedDrugSources(sources: readonly { id: string; status: string }[]): string[] {
  return DRUG_SOURCES.flatMap(([id, name]) => {
    const status = sources.find((s) => s.id === id)?.status;
    return status === 'failed' ? [name] : status === 'partial' ? [`${name} (partly)`] : [];
  });
}

/** "A, B and C". */
export const listAnd = (names: readonly string[]): string => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? ''));

/** "DGIdb and ChEMBL failed", or null when every drug source answered. */
export function drugSourcesFailedText(sources: readonly { id: string; status: string }[]): string | null {
  const failed = failedDrugSources(sources);
  return failed.length ? `${listAnd(failed)} failed` : null;
}

/** After a list of drug candidates: " (DGIdb failed: there may be more)" when a drug source failed, else "". */
export function drugsIncompleteText(sources: readonly { id: string; status: string }[]): string {
  const failed = drugSourcesFailedText(sources);
  return failed ? ` (${failed}: there may be more)` : '';
}

/** "No drug candidate", as far as the drug sources allow: none found, or not known because they failed. */
export function noDrugsText(sources: readonly { id: string; status: string }[]): string {
  const failed = failedDrugSources(sources);
  if (DRUG_SOURCES.every(([id]) => sourceFailed(sources, id))) return 'not known: Open Targets, DGIdb and ChEMBL all failed';
  if (failed.length) return `none found in the drug sources that answered (${listAnd(failed)} failed: not a complete search)`;
  return 'none found for these genes in Open Targets, DGIdb or ChEMBL';
}

interface SectionInputs {
  enrichmentStatus: { state: string };
  sources: readonly { id: string; status: string; note?: string }[];
  /** With these, enrichment that tested no set or had too little power is not read as "no shared pathway". */
  genes?: readonly string[];
  enrichment?: readonly LibraryTested[];
}

/**
 * Why "no significant pathway" is no finding although enrichment ran: it tested no set, or the panel
 * has too few genes for a set to reach q <= 0.05 (enrichment-notes.ts); '' when it is a finding.
 */
function pathwaysNotJudged(r: SectionInputs): string {
  if (!r.enrichment || r.enrichmentStatus.state === 'not_computed') return '';
  if (enrichmentUntestedNote(r.enrichment)) return 'pathway enrichment tested no gene set';
  return enrichmentLowPowerClause(r.enrichment, r.genes?.length) ?? '';
}

/**
 * How PubMed's note begins when some panel genes' literature was not searched: English-word symbols,
 * or genes past the cap. literature.ts writes the notes from these; noStatementsText looks for them.
 */
export const GENES_NOT_SEARCHED = { words: 'gene literature of ', capped: 'gene literature counted for the first ' } as const;

/**
 * What an empty section's inputs lacked because a source failed, in words; [] when every input was
 * had. "No hypothesis" with STRING down, or "no strategy" with the drug sources down, is no finding.
 */
function failedInputs(r: SectionInputs, inputs: readonly ('string' | 'drugs' | 'enrichment' | 'literature')[]): string[] {
  const out: string[] = [];
  if (inputs.includes('literature')) {
    // A partial failure counts: the searches that failed may be the ones that would have cited.
    const lit = LITERATURE_SOURCES.filter(([id]) => sourceIncomplete(r.sources, id)).map(([, name]) => name);
    if (lit.length) out.push(`the literature search failed (${listAnd(lit)})`);
  }
  if (inputs.includes('enrichment') && r.enrichmentStatus.state === 'not_computed') out.push('pathway enrichment could not run');
  if (inputs.includes('string') && sourceFailed(r.sources, 'string')) out.push('STRING failed');
  const drugs = drugSourcesFailedText(r.sources);
  if (inputs.includes('drugs') && drugs) out.push(drugs);
  return out;
}

const LITERATURE_SOURCES = [
  ['eutils', 'PubMed'],
  ['europepmc', 'Europe PMC'],
] as const;

/**
 * An empty evidence brief: no article named a gene or drug with the disease, or the literature
 * searches that give its citations failed. "No statement could be cited from the literature" read
 * the same with PubMed down.
 */
export function noStatementsText(r: SectionInputs): { text: string; failed: boolean } {
  const failed = failedInputs(r, ['literature']);
  if (failed.length) return { text: `No statement could be cited: ${failed.join('; ')} (see Sources). This is not a finding that the literature is silent.`, failed: true };
  // Genes whose literature was not searched (MET, KIT: English words; past the cap) found nothing
  // because nothing was asked: "no article found" alone read as a finding about them.
  const note = r.sources.find((s) => s.id === 'eutils')?.note;
  const notSearched = note && (note.includes(GENES_NOT_SEARCHED.words) || note.includes(GENES_NOT_SEARCHED.capped)) ? ` Not every gene was searched (${note}): this is no finding about those genes.` : '';
  return { text: `No statement could be cited: no article found names a searched panel gene or drug candidate with the disease.${notSearched}`, failed: false };
}

/** No hypothesis: none derivable, or not derived because STRING or the enrichment failed. */
export function noHypothesesText(r: SectionInputs): { text: string; failed: boolean } {
  const failed = failedInputs(r, ['string', 'enrichment']);
  if (failed.length) return { text: `No hypothesis could be derived: ${failed.join('; ')} (see Sources). This is not a finding that no gene pair interacts.`, failed: true };
  if (r.genes?.length === 1) return { text: 'A 1-gene panel has no gene pair: no hypothesis derived.', failed: false };
  const unjudged = pathwaysNotJudged(r);
  if (unjudged) return { text: `No gene pair of the panel interacts; whether a pair shares a significant pathway is not known (${unjudged}): no hypothesis derived.`, failed: false };
  return { text: 'No gene pair of the panel interacts or shares a significant pathway: no hypothesis derived.', failed: false };
}

/** No strategy: nothing to build one on, or not built because the drug sources or the enrichment failed. */
export function noStrategiesText(r: SectionInputs): { text: string; failed: boolean } {
  const failed = failedInputs(r, ['drugs', 'enrichment']);
  if (failed.length) return { text: `No strategy could be built: ${failed.join('; ')} (see Sources). This is not a finding that none exists.`, failed: true };
  const unjudged = pathwaysNotJudged(r);
  if (unjudged) return { text: `No strategy: no drug candidate to build one on; whether a pathway could serve is not known (${unjudged}).`, failed: false };
  return { text: 'No strategy: neither a drug candidate nor a significantly enriched pathway to build one on.', failed: false };
}

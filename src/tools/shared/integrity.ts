// The `integrity` block of a result as reported: a figure that could not be computed is null, never
// a zero (which reads as "every citation failed") or a full mark (a 0 % hallucination rate when no
// PMID was checked). What "could not be computed" means:
// - pmidsChecked: true only when PubMed answered about at least one cited PMID (nothing cited is
//   not "checked": offline, failed literature searches leave nothing cited, and "PMIDs checked:
//   yes" would then claim a check that never happened); pmidsCited says how many there were;
// - hallucinated, retracted, hallucinationRate: PubMed could not be asked whether the PMIDs exist;
// - groundedRatio and the citation figures: no statement was judged, because no NLI model was
//   available, no cited abstract was readable (PubMed down, or no abstracts), or nothing cited a
//   PMID at all. When
//   PubMed answered that every cited PMID is fake or retracted, the zeros are a finding and are kept.
import { integrityBlock, type IntegrityRun } from '../../evidence/pipeline.js';
import type { IntegrityOut } from './schemas.js';

export function reportIntegrity(run: Pick<IntegrityRun, 'integrity' | 'cited'>): IntegrityOut {
  const block = integrityBlock(run.integrity);
  const i = run.integrity;
  const checked = i.pmidsChecked && run.cited.length > 0;
  // Every citation fake or retracted: nothing could be evidence, so the zeros are a finding.
  const void_ = new Set([...i.hallucinatedPmids, ...i.retractedPmids]);
  const noEvidence = checked && run.cited.every((p) => void_.has(p));
  const judged = i.judgedStatements > 0 || noEvidence;
  return {
    ...block,
    pmidsChecked: checked,
    pmidsCited: run.cited.length,
    hallucinated: checked ? block.hallucinated : null,
    retracted: checked ? block.retracted : null,
    hallucinationRate: checked ? block.hallucinationRate : null,
    groundedRatio: judged ? block.groundedRatio : null,
    citationPrecision: judged ? block.citationPrecision : null,
    citationRecall: judged ? block.citationRecall : null,
    citeF1: judged ? block.citeF1 : null,
  };
}

/** The integrity block of an answer whose pipeline did not run (nothing to check), with the reason. */
export function notRun(reason: string): IntegrityOut {
  return {
    pmidsChecked: false,
    pmidsCited: 0,
    hallucinated: null,
    retracted: null,
    hallucinationRate: null,
    groundedRatio: null,
    citationPrecision: null,
    citationRecall: null,
    citeF1: null,
    nliEnabled: false,
    entailmentMethod: `not run: ${reason}`,
  };
}

// One row per PMID of svc_verify_claim: does it exist, what PubMed says about it, and what the NLI
// model made of its abstract against the statements that cite it (every window judged; the
// strongest kept). The row is read from the same judgements as the statements, so the supporting
// and contradicting lists always agree with the status: judging each PMID against the whole claim
// instead listed a PMID that entails the first of two sentences as neither supporting nor
// contradicting ("contested" beside an empty supporting list).
import type { DocJudgement } from '../../evidence/doc-judge.js';
import type { IntegrityRun } from '../../evidence/pipeline.js';
import { round } from '../../evidence/pipeline.js';
import type { Verdict, VerifyOutput } from './schema.js';

type Row = VerifyOutput['pmids'][number];

export async function perPmid(run: IntegrityRun, pmids: readonly string[]): Promise<Row[]> {
  const out: Row[] = [];
  for (const p of [...new Set(pmids)]) {
    const summary = run.summaries.get(p);
    const article = run.articles.get(p);
    // A record either source returned exists; PubMed asked and silent on it: it does not.
    const exists = summary || article ? true : run.integrity.pmidsChecked ? false : null;
    const meta = {
      ...(summary?.title || article?.title ? { title: summary?.title || article?.title } : {}),
      ...(summary?.journal || article?.journal ? { journal: summary?.journal || article?.journal } : {}),
      ...((summary?.year ?? article?.year) !== undefined ? { year: summary?.year ?? article?.year } : {}),
    };
    if (exists === false) {
      out.push({ pmid: p, exists, verdict: 'not_found' });
      continue;
    }
    // A retracted article is not judged: whatever its abstract says is no evidence.
    const retraction = run.retractions.get(p);
    if (retraction) {
      out.push({ pmid: p, exists, ...meta, verdict: retraction === 'retracted' ? 'retracted' : 'retraction_notice' });
      continue;
    }
    // Listed, but the claim's markers cite it nowhere: it weighs in no statement, so it is not judged.
    const citing = run.statements.filter((s) => s.citations.includes(p));
    if (citing.length === 0) {
      out.push({ pmid: p, exists, ...meta, verdict: 'not_cited' });
      continue;
    }
    // No record read (efetch failed) is not a record without an abstract.
    if (!article?.abstract) {
      out.push({ pmid: p, exists, ...meta, verdict: article ? 'no_abstract' : 'unchecked' });
      continue;
    }
    // No model, or one that could not take any statement citing it (too long): not judged.
    if (!run.judge.nliEnabled || citing.every((s) => s.status === 'unjudged')) {
      out.push({ pmid: p, exists, ...meta, verdict: 'unjudged' });
      continue;
    }
    const judged = (await Promise.all(citing.map((s) => run.judgePmid(p, s.text)))).filter((d): d is DocJudgement => d !== undefined);
    out.push(judged.length ? { pmid: p, exists, ...meta, ...merged(judged) } : { pmid: p, exists, ...meta, verdict: 'unchecked' });
  }
  return out;
}

/** One PMID judged against each statement citing it: the strongest on each side. */
function merged(ds: readonly DocJudgement[]): Omit<Row, 'pmid' | 'exists'> {
  const best = ds.reduce((a, b) => (b.judgement.entailment > a.judgement.entailment ? b : a));
  const contra = ds.reduce((a, b) => (b.judgement.contradiction > a.judgement.contradiction ? b : a));
  const entails = ds.some((d) => d.entails);
  const contradicts = ds.some((d) => d.contradicts);
  return {
    windows: best.windows,
    passage: best.evidence,
    ...(contradicts && contra.contradicting ? { contradictingPassage: contra.contradicting } : {}),
    entailment: round(best.judgement.entailment),
    neutral: round(Math.min(...ds.map((d) => d.judgement.neutral))),
    contradiction: round(contra.judgement.contradiction),
    verdict: verdictOf({ entails, contradicts }),
  };
}

export function verdictOf(d: Pick<DocJudgement, 'entails' | 'contradicts'>): Verdict {
  if (d.entails && d.contradicts) return 'mixed';
  if (d.entails) return 'supports';
  return d.contradicts ? 'contradicts' : 'neutral';
}

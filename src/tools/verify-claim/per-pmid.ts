// One row per PMID of svc_verify_claim: does it exist, what PubMed says about it, and what the NLI
// model made of its abstract against the whole claim (every window judged; the strongest kept).
import type { DocJudgement } from '../../evidence/doc-judge.js';
import type { IntegrityRun } from '../../evidence/pipeline.js';
import { round } from '../../evidence/pipeline.js';
import type { Verdict, VerifyOutput } from './schema.js';

type Row = VerifyOutput['pmids'][number];

export async function perPmid(run: IntegrityRun, pmids: readonly string[], claim: string): Promise<Row[]> {
  const out: Row[] = [];
  for (const p of [...new Set(pmids)]) {
    const summary = run.summaries.get(p);
    const article = run.articles.get(p);
    const exists = !run.integrity.pmidsChecked ? (article ? true : null) : Boolean(summary);
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
    // No record read (efetch failed) is not a record without an abstract.
    if (!article?.abstract) {
      out.push({ pmid: p, exists, ...meta, verdict: article ? 'no_abstract' : 'unchecked' });
      continue;
    }
    if (!run.judge.nliEnabled) {
      out.push({ pmid: p, exists, ...meta, verdict: 'unjudged' });
      continue;
    }
    const d = await run.judgePmid(p, claim);
    out.push(d ? { pmid: p, exists, ...meta, ...judged(d) } : { pmid: p, exists, ...meta, verdict: 'unchecked' });
  }
  return out;
}

function judged(d: DocJudgement): Omit<Row, 'pmid' | 'exists'> {
  return {
    windows: d.windows,
    passage: d.evidence,
    ...(d.contradicting ? { contradictingPassage: d.contradicting } : {}),
    entailment: round(d.judgement.entailment),
    neutral: round(d.judgement.neutral),
    contradiction: round(d.judgement.contradiction),
    verdict: verdictOf(d),
  };
}

export function verdictOf(d: Pick<DocJudgement, 'entails' | 'contradicts'>): Verdict {
  if (d.entails && d.contradicts) return 'mixed';
  if (d.entails) return 'supports';
  return d.contradicts ? 'contradicts' : 'neutral';
}

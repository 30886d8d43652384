// The adversarial claim/abstract set (test/fixtures/evidence/adversarial.json, provenance in its
// README) as fake PubMed articles: real abstracts keep their PMIDs, abstracts written for the test
// get ids from 99000001 up (no real PMID is that large today).
import { ownFixture } from './shared.js';
import type { FakeArticle } from './fake-pubmed.js';

export type Expected = 'supports' | 'contradicts' | 'neutral';

export interface AdversarialAbstract {
  id: string;
  pmid: string | null;
  title: string;
  abstract: string;
  provenance: string;
}

export interface AdversarialCase {
  id: string;
  category: string;
  claim: string;
  abstract: string;
  expected: Expected;
}

export interface AdversarialSet {
  abstracts: AdversarialAbstract[];
  cases: AdversarialCase[];
  /** PMID served for each abstract id. */
  pmidOf: Map<string, string>;
  articles: FakeArticle[];
}

export function adversarialSet(): AdversarialSet {
  const raw = JSON.parse(ownFixture('evidence', 'adversarial.json')) as { abstracts: AdversarialAbstract[]; cases: AdversarialCase[] };
  let next = 99_000_001;
  const pmidOf = new Map(raw.abstracts.map((a) => [a.id, a.pmid ?? String(next++)]));
  const articles = raw.abstracts.map((a) => ({
    pmid: pmidOf.get(a.id)!,
    title: a.title,
    // Labelled lines ("RESULTS: ...") become labelled AbstractText elements, as PubMed sends them.
    abstract: a.abstract.split('\n').map((line) => {
      const m = /^([A-Z][A-Z ]+): (.*)$/.exec(line);
      return m ? { label: m[1]!, text: m[2]! } : { label: '', text: line };
    }),
  }));
  return { ...raw, pmidOf, articles };
}

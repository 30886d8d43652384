// An answer is cached only once its source has read it. Reproductions:
// - esummary answering `200 {"error":"API rate limit exceeded"}` once: cached, so every call for
//   the TTL failed "esummary answered with an error" without sending anything (the parser ran after
//   the client and failed with kind "http", which observe() did not count as a malformed answer);
// - esearch `{"esearchresult":{"ERROR":...}}`, the same;
// - efetch answering NCBI's `<eFetchResult><ERROR>` document, or a cut-off article set, requested
//   outside any observe() scope (the target brief's prefetch): written to the cache at once, read
//   as "no PubmedArticleSet" for 7 days.
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { createLogger } from '../../src/log.js';
import { Eutils } from '../../src/sources/eutils.js';
import { UpstreamClient } from '../../src/sources/http.js';
import { shapeOf } from '../../src/sources/shape.js';
import { silentProgress } from '../../src/tools/define.js';
import { getTargetBrief } from '../../src/tools/target-brief/handler.js';
import { testConfig } from '../support/context.js';
import { EGFR, mountBriefUpstream } from '../support/fake-brief.js';
import { mountFakePubmed, type FakeArticle } from '../support/fake-pubmed.js';
import type { FakeResponse } from '../support/fake-upstream.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import { expectUpstreamRejection } from '../support/upstream-errors.js';
import { describeShared } from '../support/shared.js';

const { fake, context } = useFakeUpstreamContexts();

const ARTICLES: FakeArticle[] = [
  { pmid: '2001', title: 'Metformin and survival', abstract: 'Metformin improved survival of patients with diabetes in the trial.' },
  { pmid: '2003', title: 'A cohort', abstract: [{ label: 'BACKGROUND', text: 'Metformin improved survival.' }, { label: 'CONCLUSIONS', text: 'Metformin failed to change survival.' }] },
];

function client(store = new Keyv()): UpstreamClient {
  return new UpstreamClient({ config: testConfig({ cache: true, retries: 0 }, fake().url), log: createLogger('silent'), cache: store });
}

/** Answers `broken` to the first request of `path` (GET and POST), then lets the fake PubMed answer. */
function brokenOnce(path: string, broken: FakeResponse): () => number {
  let calls = 0;
  for (const method of ['GET', 'POST']) fake().route(method, path, () => (++calls === 1 ? broken : undefined));
  return () => calls;
}

const rejection = expectUpstreamRejection;

/** Runs `fn` as a SourceReport call does (inside observe()), or bare (outside any scope). */
const runners = {
  'inside observe()': async <T>(c: UpstreamClient, fn: () => Promise<T>): Promise<T> => {
    const r = await c.observe(fn);
    if (r.error !== undefined) throw r.error;
    return r.value as T;
  },
  'outside any observe() scope': <T>(_c: UpstreamClient, fn: () => Promise<T>): Promise<T> => fn(),
};

describe.each(Object.entries(runners))('E-utilities answers its parser rejects are never cached (%s)', (_name, run) => {
  it('esummary answering 200 {"error": ...} once: the next call asks again and reads the PMIDs', async () => {
    mountFakePubmed(fake(), ARTICLES);
    const calls = brokenOnce('/eutils/esummary.fcgi', { body: { error: 'API rate limit exceeded' } });
    const c = client();
    const eutils = new Eutils(c);
    const err = await rejection(run(c, () => eutils.summaries(['2001'])));
    expect(err.message).toContain('esummary answered with an error');
    const second = await run(c, () => eutils.summaries(['2001']));
    expect(second.get('2001')?.title).toBe('Metformin and survival');
    expect(calls()).toBe(2);
    // Now it is cached.
    await run(c, () => eutils.summaries(['2001']));
    expect(calls()).toBe(2);
  });

  it('esearch answering {"esearchresult": {"ERROR": ...}} once: the next search asks again', async () => {
    const pubmed = mountFakePubmed(fake(), ARTICLES);
    pubmed.searchRule(() => true, ['2001']);
    const calls = brokenOnce('/eutils/esearch.fcgi', { body: { header: { type: 'esearch', version: '0.3' }, esearchresult: { ERROR: 'Search Backend failed' } } });
    const c = client();
    const eutils = new Eutils(c);
    expect((await rejection(run(c, () => eutils.count('metformin')))).message).toContain('esearch rejected the query');
    expect(await run(c, () => eutils.count('metformin'))).toBe(1);
    expect(calls()).toBe(2);
  });

  it('efetch answering NCBI\'s 200 <eFetchResult><ERROR> once: named as such, not cached', async () => {
    mountFakePubmed(fake(), ARTICLES);
    const calls = brokenOnce('/eutils/efetch.fcgi', { headers: { 'content-type': 'text/xml; charset=UTF-8' }, body: '<?xml version="1.0" encoding="UTF-8" ?>\n<eFetchResult>\n\t<ERROR>Unable to obtain query #1</ERROR>\n</eFetchResult>\n' });
    const c = client();
    const eutils = new Eutils(c);
    const err = await rejection(run(c, () => eutils.articles(['2001'])));
    expect(err.message).toContain('efetch answered with an error: Unable to obtain query #1');
    expect([...(await run(c, () => eutils.articles(['2001']))).keys()]).toEqual(['2001']);
    expect(calls()).toBe(2);
  });

  it('efetch cut off after the first </AbstractText> once: a failure, not a shorter abstract, and not cached', async () => {
    mountFakePubmed(fake(), ARTICLES);
    let calls = 0;
    const whole = async () => (await fetch(`${fake().url}/eutils/efetch.fcgi?db=pubmed&id=2003&retmode=xml`)).text();
    const full = await whole();
    for (const method of ['GET', 'POST']) {
      fake().route(method, '/eutils/efetch.fcgi', () => {
        if (++calls > 1) return undefined;
        return { headers: { 'content-type': 'text/xml; charset=UTF-8' }, body: full.slice(0, full.indexOf('</AbstractText>') + '</AbstractText>'.length) };
      });
    }
    const c = client();
    const eutils = new Eutils(c);
    expect((await rejection(run(c, () => eutils.articles(['2003'])))).message).toContain('efetch answer is cut off');
    expect((await run(c, () => eutils.articles(['2003']))).get('2003')?.abstract).toContain('CONCLUSIONS: Metformin failed to change survival.');
    expect(calls).toBe(2);
  });
});

describe('the client caches only what a parser accepted', () => {
  const shape = shapeOf('uniprot', 'test');
  const parse = (json: unknown) => shape.arr(shape.field(shape.obj(json, 'answer'), 'results'), 'results');

  it('outside observe(), an answer its caller parses afterwards is not cached (nothing would tell the client it was rejected)', async () => {
    let calls = 0;
    fake().route('GET', '/uniprot/later', () => (++calls === 1 ? { body: { items: [] } } : { body: { results: [1] } }));
    const c = client();
    await rejection(c.json({ source: 'uniprot', path: '/later' }).then(parse));
    await new Promise((r) => setTimeout(r, 20)); // a write the client started would be done by now
    expect(await c.json({ source: 'uniprot', path: '/later' }).then(parse)).toEqual([1]);
    expect(calls).toBe(2);
  });

  it('outside observe(), an answer whose parser ran in the request is cached once it passed', async () => {
    fake().route('GET', '/uniprot/parsed', { body: { results: [2] } });
    const c = client();
    expect(await c.json({ source: 'uniprot', path: '/parsed' }, parse)).toEqual([2]);
    expect(await c.json({ source: 'uniprot', path: '/parsed' }, parse)).toEqual([2]);
    expect(fake().requests).toHaveLength(1);
  });

  it('inside observe(), a rejection after the client of any kind (here "http") drops what the call fetched', async () => {
    let calls = 0;
    fake().route('GET', '/uniprot/error-in-200', () => (++calls === 1 ? { body: { error: 'busy' } } : { body: { results: [3] } }));
    const c = client();
    const readIt = async () => {
      const json = (await c.json({ source: 'uniprot', path: '/error-in-200' })) as { error?: string };
      if (json.error) throw new UpstreamError({ source: 'uniprot', failure: 'http', message: 'answered with an error', upstreamMessage: json.error });
      return parse(json);
    };
    expect((await c.observe(readIt)).error).toBeInstanceOf(UpstreamError);
    expect((await c.observe(readIt)).value).toEqual([3]);
    expect(calls).toBe(2);
  });

  it('inside observe(), a request that itself failed (a 503) still leaves the good answers of the call cached', async () => {
    fake().route('GET', '/uniprot/good', { body: { results: [] } });
    fake().route('GET', '/uniprot/down', { status: 503, body: 'down' });
    const c = client();
    const r = await c.observe(async () => {
      await c.json({ source: 'uniprot', path: '/good' }, parse);
      await c.json({ source: 'uniprot', path: '/down' });
    });
    expect((r.error as UpstreamError).status).toBe(503);
    await c.json({ source: 'uniprot', path: '/good' }, parse);
    expect(fake().requests.filter((q) => q.path === '/uniprot/good')).toHaveLength(1);
  });
});

// The brief starts efetch before any SourceReport call (integrity.ts prefetch), outside observe().
describeShared('target brief: efetch answering NCBI\'s error document once', () => {
  it('the brief is partial once, and the next brief asks efetch again and judges the statements', async () => {
    const ctx = await context({ cache: true, retries: 0 });
    mountBriefUpstream(fake());
    let efetches = 0;
    const error = { headers: { 'content-type': 'text/xml; charset=UTF-8' }, body: '<?xml version="1.0" encoding="UTF-8" ?>\n<eFetchResult>\n\t<ERROR>Unable to obtain query #1</ERROR>\n</eFetchResult>\n' };
    for (const method of ['GET', 'POST']) fake().route(method, '/eutils/efetch.fcgi', () => (++efetches === 1 ? error : undefined));
    const run = () => getTargetBrief({ gene: EGFR.symbol, diseaseContext: EGFR.disease }, { ctx, tier: 'researcher', progress: silentProgress });
    const first = await run();
    const eutils = first.sources.find((s) => s.id === 'eutils');
    expect(eutils?.status).toBe('partial');
    expect(eutils?.error).toContain('efetch answered with an error: Unable to obtain query #1');
    expect(first.evidence[0]?.status).toBe('unverifiable');
    const second = await run();
    expect(efetches).toBe(2);
    // "cached": esummary's good answer was; the prefetched efetch is counted nowhere (outside any report call).
    expect(second.sources.find((s) => s.id === 'eutils')?.status).toMatch(/^(ok|cached)$/);
    expect(second.evidence[0]?.status).not.toBe('unverifiable');
  });
});

// A 404 is "not found" only when the API itself says so. Reproduction: Reactome behind an nginx
// answering `404 Not Found` as a text/html page read as "the gene is in no pathway" (target brief
// pathways [], reactome "ok", "Pathways none found"), and was cached for an hour as not-found, so
// the next brief said the same with Reactome back. The real answers for unknown ids:
// ChEMBL an empty body labelled text/html (../shared/fixtures/chembl/error-404-unknown-molecule),
// Reactome a JSON ErrorInfo {"code":404,...} (reactome/content-service GlobalExceptionHandler).
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { isNotFoundStatus, UpstreamError } from '../../src/errors.js';
import { createLogger } from '../../src/log.js';
import { Chembl } from '../../src/sources/chembl.js';
import { UpstreamClient } from '../../src/sources/http.js';
import { Reactome } from '../../src/sources/reactome.js';
import { exchangeKey } from '../../src/sources/recordings.js';
import { silentProgress } from '../../src/tools/define.js';
import { getTargetBrief } from '../../src/tools/target-brief/handler.js';
import { summarizeBrief } from '../../src/tools/target-brief/summary.js';
import { testConfig } from '../support/context.js';
import { EGFR, mountBriefUpstream } from '../support/fake-brief.js';
import type { FakeResponse } from '../support/fake-upstream.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import { expectUpstreamRejection } from '../support/upstream-errors.js';
import { describeShared } from '../support/shared.js';

const { fake, context } = useFakeUpstreamContexts();

const NGINX_404: FakeResponse = {
  status: 404,
  headers: { 'content-type': 'text/html' },
  body: '<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
};
const REACTOME_404: FakeResponse = { status: 404, body: { code: 404, reason: 'NOT_FOUND', url: 'https://reactome.org/ContentService/data/mapping/UniProt/Q99999/pathways', messages: ['No pathways found for UniProt:Q99999'] } };
const PATHWAYS = [{ stId: 'R-HSA-177929', dbId: 177929, displayName: 'Signaling by EGFR', speciesName: 'Homo sapiens', isInDisease: false }];

function client(store = new Keyv()): UpstreamClient {
  return new UpstreamClient({ config: testConfig({ cache: true, retries: 0 }, fake().url), log: createLogger('silent'), cache: store });
}

const rejection = expectUpstreamRejection;

/** Answers `first` once, then the pathways: Reactome "comes back". */
function onceThenPathways(path: string, first: FakeResponse): () => number {
  let calls = 0;
  fake().route('GET', path, () => (++calls === 1 ? first : { body: PATHWAYS }));
  return () => calls;
}

describe('a 404 that is not the API\'s own answer is a failure', () => {
  it.each([
    ['an nginx HTML page', NGINX_404, /an HTML page, not the API's "not found".*404 Not Found/],
    ['a plain-text 404 (not Reactome\'s JSON ErrorInfo)', { status: 404, body: 'Not Found' }, /not its own error document/],
  ] as const)('Reactome answering %s: a failure, not "in no pathway", and not cached', async (_name, answer, message) => {
    const calls = onceThenPathways('/reactome/data/mapping/UniProt/P00533/pathways', answer);
    const c = client();
    const reactome = new Reactome(c);
    const observed = await c.observe(() => reactome.pathwaysForProtein('P00533'));
    const err = observed.error as UpstreamError;
    expect(err).toBeInstanceOf(UpstreamError);
    expect(isNotFoundStatus(err)).toBe(false);
    expect(err).toMatchObject({ source: 'reactome', status: 404, failure: 'content-type' });
    expect(err.message).toMatch(message);
    expect(observed.observation.failures).toBe(1);
    expect(c.metrics().reactome.failures).toBe(1);
    // Reactome is back: asked again, not served the 404 from the cache.
    expect((await reactome.pathwaysForProtein('P00533'))?.map((p) => p.stId)).toEqual(['R-HSA-177929']);
    expect(calls()).toBe(2);
  });

  it('Reactome\'s own JSON 404 is "not known" (null), cached briefly', async () => {
    fake().route('GET', '/reactome/data/mapping/UniProt/Q99999/pathways', REACTOME_404);
    const reactome = new Reactome(client());
    expect(await reactome.pathwaysForProtein('Q99999')).toBeNull();
    expect(await reactome.pathwaysForProtein('Q99999')).toBeNull();
    expect(fake().requests).toHaveLength(1);
  });

  it('any JSON source: an HTML 404 page is a failure; ChEMBL\'s own empty text/html 404 is still "not found"', async () => {
    fake().route('GET', '/chembl/molecule/CHEMBL12345678.json', { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '' });
    fake().route('GET', '/chembl/molecule/CHEMBL25.json', NGINX_404);
    const c = client();
    const chembl = new Chembl(c);
    expect(await chembl.molecule('CHEMBL12345678')).toBeNull();
    const err = await rejection(chembl.molecule('CHEMBL25'));
    expect(isNotFoundStatus(err)).toBe(false);
    expect(err.message).toContain('an HTML page');
    await rejection(chembl.molecule('CHEMBL25'));
    await chembl.molecule('CHEMBL12345678');
    // The HTML page was asked twice (never cached), the real "not found" once.
    expect(fake().requests.map((r) => r.path)).toEqual(['/chembl/molecule/CHEMBL12345678.json', '/chembl/molecule/CHEMBL25.json', '/chembl/molecule/CHEMBL25.json']);
  });

  it('a 404 page cached by an older version is not served as "not found"', async () => {
    const store = new Keyv();
    // What the previous version wrote: the nginx page, as a not-found answer, for an hour.
    const key = exchangeKey({ source: 'reactome', method: 'GET', path: '/data/mapping/UniProt/P00533/pathways', query: { species: 9606 }, body: undefined });
    await store.set(key, { status: 404, contentType: 'text/html', body: NGINX_404.body as string }, 3_600_000);
    fake().route('GET', '/reactome/data/mapping/UniProt/P00533/pathways', { body: PATHWAYS });
    expect((await new Reactome(client(store)).pathwaysForProtein('P00533'))?.map((p) => p.stId)).toEqual(['R-HSA-177929']);
    expect(fake().requests).toHaveLength(1);
  });
});

describeShared('target brief: Reactome behind an nginx 404 page', () => {
  it('reads "Pathways not known (Reactome failed)", never "none found", and the next brief asks Reactome again', async () => {
    const ctx = await context({ cache: true, retries: 0 });
    mountBriefUpstream(fake());
    const path = `/reactome/data/mapping/UniProt/${EGFR.accession}/pathways`;
    let calls = 0;
    fake().route('GET', path, () => (++calls === 1 ? NGINX_404 : undefined)); // then the brief fixture answers
    const run = () => getTargetBrief({ gene: EGFR.symbol, diseaseContext: EGFR.disease }, { ctx, tier: 'researcher', progress: silentProgress });
    const first = await run();
    expect(first.sources.find((s) => s.id === 'reactome')).toMatchObject({ status: 'failed' });
    expect(first.pathwaysTotal).toBeNull();
    expect(summarizeBrief(first)).toContain('Pathways not known (Reactome failed)');
    expect(summarizeBrief(first)).not.toContain('Pathways none found');
    const second = await run();
    expect(calls).toBe(2);
    expect(second.sources.find((s) => s.id === 'reactome')?.status).toBe('ok');
    expect(second.pathwaysTotal).toBe(3);
  });
});


// HGNC's fetch endpoint on the fake upstream, shared by every test that resolves symbols: exact
// (case-sensitive) match on one field, the Solr envelope of the real answers, and XML unless JSON
// is asked for (as HGNC does without an Accept header).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FakeUpstream } from './fake-upstream.js';
import { ownFixture, REPO_ROOT } from './shared.js';

export type HgncDoc = Record<string, unknown>;

/** The documents of the project's doc-shaped HGNC fixtures (test/fixtures/hgnc). */
export function ownHgncDocs(): HgncDoc[] {
  const dir = path.join(REPO_ROOT, 'test', 'fixtures', 'hgnc');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => (JSON.parse(ownFixture('hgnc', f)) as { response: { docs: HgncDoc[] } }).response.docs);
}

export function routeFakeHgnc(fake: FakeUpstream, docs: readonly HgncDoc[], prefix = '/hgnc'): void {
  const pattern = new RegExp(`^${prefix}/fetch/[^/]+/[^/]+$`);
  fake.route('GET', pattern, (req) => {
    if (req.headers.accept !== 'application/json') return { headers: { 'content-type': 'application/xml' }, body: '<response/>' };
    const [field = '', raw = ''] = req.path.slice(prefix.length + '/fetch/'.length).split('/');
    const value = decodeURIComponent(raw);
    const found = docs.filter((d) => {
      const v = d[field];
      return Array.isArray(v) ? v.includes(value) : v === value;
    });
    return { body: { responseHeader: { status: 0, QTime: 1 }, response: { numFound: found.length, start: 0, docs: found } } };
  });
}

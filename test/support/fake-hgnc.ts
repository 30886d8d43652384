// HGNC on the fake upstream, shared by every test that resolves symbols: the REST fetch endpoint
// (exact, case-sensitive match on one field, the Solr envelope of the real answers, XML unless JSON
// is asked for, as HGNC does without an Accept header) and the complete-set download file, in the
// layout of test/fixtures/hgnc/hgnc_complete_set-excerpt-doc-shaped.txt, built from the same
// documents (approved ones only, as in HGNC's file).
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

/** The columns of HGNC's complete set, as in the doc-shaped fixture. */
export const COMPLETE_SET_HEADER = ownFixture('hgnc', 'hgnc_complete_set-excerpt-doc-shaped.txt').split('\n')[0]!.split('\t');

/** HGNC's complete set TSV for these documents: multi-valued fields quoted and joined by |. */
export function completeSetTsv(docs: readonly HgncDoc[]): string {
  const cell = (v: unknown) => (Array.isArray(v) ? (v.length > 1 ? `"${v.join('|')}"` : String(v[0] ?? '')) : v === undefined || v === null ? '' : String(v));
  const rows = docs.filter((d) => d.status === 'Approved').map((d) => COMPLETE_SET_HEADER.map((h) => cell(d[h])).join('\t'));
  return `${[COMPLETE_SET_HEADER.join('\t'), ...rows].join('\n')}\n`;
}

/** Serves the complete set at its download path (or `text` as given, e.g. a broken file). */
export function routeFakeHgncFiles(fake: FakeUpstream, docsOrText: readonly HgncDoc[] | string, prefix = '/hgnc_files'): void {
  const text = typeof docsOrText === 'string' ? docsOrText : completeSetTsv(docsOrText);
  fake.route('GET', `${prefix}/tsv/tsv/hgnc_complete_set.txt`, { headers: { 'content-type': 'text/plain; charset=utf-8' }, body: text });
}

/** The REST fetch endpoint and, unless `files: false`, the complete-set file built from the same documents. */
export function routeFakeHgnc(fake: FakeUpstream, docs: readonly HgncDoc[], prefix = '/hgnc', options: { files?: boolean } = {}): void {
  if (options.files !== false) routeFakeHgncFiles(fake, docs);
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

// `biointel analyze` (the built binary) on the reviewer's case: CIViC fails for ERBB2 alone (the
// source `partial`) and lists 400 EGFR items of which one request reads 25, all melanoma. The
// terminal once read ERBB2 "-" (nothing there) and EGFR "400 (0 here)"; the HTML "—" for ERBB2.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fakeCliEnv, runCli } from '../support/binary.js';
import { tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld, PANEL_ARTICLES, PANEL_LITERATURE } from '../support/fake-world.js';
import { describeShared, ownJson } from '../support/shared.js';

type Node = Record<string, unknown>;
const shape = ownJson<{ data: { evidenceItems: { nodes: Node[] } } }>('civic', 'gene-evidence-ALK-doc-shaped.json').data.evidenceItems.nodes[0]!;
const none = ownJson<object>('civic', 'gene-evidence-none-doc-shaped.json');
const egfr: Node[] = Array.from({ length: 400 }, (_, i) => ({ ...shape, id: 7000 + i, name: `EID${7000 + i}`, molecularProfile: { name: `EGFR Mutation ${i}` }, disease: { name: 'Melanoma', displayName: 'Melanoma' } }));

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describeShared('biointel analyze: focus genes read in part or failed for one gene', () => {
  it('prints "?" and "not known" for ERBB2, and EGFR\'s disease count over the 25 read', async () => {
    mountFakeWorld(fake, { articles: PANEL_ARTICLES, literature: PANEL_LITERATURE });
    fake.route('POST', '/civic/api/graphql', (req) => {
      const { variables } = JSON.parse(req.body) as { variables: { molecularProfileName: string; first: number } };
      if (variables.molecularProfileName === 'ERBB2') return { status: 500, body: { error: 'Internal Server Error' } };
      if (variables.molecularProfileName !== 'EGFR') return { body: none };
      return { body: { data: { evidenceItems: { totalCount: egfr.length, nodes: egfr.slice(0, variables.first) }, assertions: { totalCount: 0, nodes: [] } } } };
    });
    const dir = tempDir();
    const html = path.join(dir, 'report.html');
    const run = await runCli(['analyze', '--genes', 'EGFR,ERBB2,BRAF', '--disease', 'breast cancer', '--html', html], fakeCliEnv(fake.url, path.join(dir, 'data')));
    // CIViC failed for ERBB2: an incomplete answer (exit 4), which the warning line names.
    expect(run.code, run.stderr).toBe(4);
    expect(run.stderr).toMatch(/^warning: incomplete answer: .*CIViC partly/m);
    const out = run.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    const table = out.slice(out.indexOf('## Focus genes'), out.indexOf('## Drug candidates'));
    const civic = (symbol: string) => table.split('\n').find((l) => l.startsWith(`${symbol} `))!.split(/\s{2,}/)[5];
    expect(civic('ERBB2')).toBe('?');
    expect(civic('EGFR')).toBe('400 (0 of first 25 here)');
    expect(civic('BRAF')).toBe('0 (0 here)');
    expect(table).toContain('? = not known: civic failed for ERBB2 (see Warnings)');
    const doc = readFileSync(html, 'utf8');
    const erbb2 = doc.slice(doc.indexOf('<strong>ERBB2</strong>'));
    expect(erbb2.slice(0, erbb2.indexOf('</tr>'))).toContain('not known (CIViC failed for this gene)');
    expect(doc).toContain('400 items, 0 assertions, none in this disease among the first 25 read');
  });
});

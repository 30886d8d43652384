// Focus-gene cells a scientist could misread, end to end on the fake world (svc_generate_insights,
// then the terminal and HTML renderings of its full result, as `biointel analyze` prints them):
// - CIViC lists at most 25 items a request: with 400, a count in the disease over the first 25 is
//   no count of all 400 (it once read "400 (0 here)" and `inDiseaseContext: 0` with 375 unread);
// - one gene's failed CIViC or AlphaFold call is "not known" for that gene, not "nothing there"
//   (it once read "-" with the source `partial`, and "—" in the HTML).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { renderInsights } from '../../src/cli/render/insights.js';
import { renderHtmlReport } from '../../src/report/html.js';
import type { InsightsAnswer } from '../../src/tools/insights/compact.js';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
import type { AppContext } from '../../src/context.js';
import { testContext, tempDir } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld, PANEL_ARTICLES, PANEL_LITERATURE } from '../support/fake-world.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { describeShared, ownJson } from '../support/shared.js';

const META = { generatedAt: '2025-06-01T10:00:00.000Z', version: '9.9.9-test' };
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

type Node = Record<string, unknown>;
const alk = ownJson<{ data: { evidenceItems: { nodes: Node[] }; assertions: object } }>('civic', 'gene-evidence-ALK-doc-shaped.json').data;
const none = ownJson<object>('civic', 'gene-evidence-none-doc-shaped.json');

/**
 * EGFR's CIViC evidence, `total` items in the doc-shaped node shape: melanoma ones first and the
 * breast cancer ones (`inBreast`) after them, so a request that reads the first 25 never sees them.
 */
function egfrEvidence(total: number, inBreast: number[]): Node[] {
  const shape = alk.evidenceItems.nodes[0]!;
  return Array.from({ length: total }, (_, i) => {
    const disease = inBreast.includes(i) ? 'Breast Cancer' : 'Melanoma';
    return { ...shape, id: 5000 + i, name: `EID${5000 + i}`, molecularProfile: { name: `EGFR Mutation ${i}` }, disease: { name: disease, displayName: disease } };
  });
}

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

describeShared('focus genes: a CIViC count read in part, and one gene\'s failed call', () => {
  let ctx: AppContext;
  let client: Client;
  beforeEach(async () => {
    fake.reset();
    mountFakeWorld(fake, { articles: PANEL_ARTICLES, literature: PANEL_LITERATURE, unknownPmids: ['77777777'] });
    ctx = await testContext({ dataDir: tempDir() }, fake.url);
    client = await connectInMemory(ctx);
  });

  /** CIViC as the world has it, but EGFR has `egfr` items (served `first` at a time) and ERBB2's call fails. */
  const mountCivic = (egfr: Node[]) =>
    fake.route('POST', '/civic/api/graphql', (req) => {
      const { variables } = JSON.parse(req.body) as { variables: { molecularProfileName: string; first: number } };
      if (variables.molecularProfileName === 'ERBB2') return { status: 500, body: { error: 'Internal Server Error' } };
      if (variables.molecularProfileName !== 'EGFR') return { body: none };
      return { body: { data: { evidenceItems: { totalCount: egfr.length, nodes: egfr.slice(0, variables.first) }, assertions: { totalCount: 0, nodes: [] } } } };
    });
  const analyze = async () => {
    const answer = await callOk<InsightsAnswer>(client, 'svc_generate_insights', { genes: ['EGFR', 'ERBB2', 'BRAF'], diseaseContext: 'breast cancer' });
    return (await ctx.snapshots.get(answer.snapshotId))!.result as unknown as InsightsOutput;
  };
  const cells = (text: string, symbol: string) => {
    const table = text.slice(text.indexOf('## Focus genes'), text.indexOf('## Drug candidates'));
    const row = table.split('\n').find((l) => l.startsWith(`${symbol} `))!;
    const [gene, protein, klass, plddt, loeuf, civic, pgx] = row.split(/\s{2,}/);
    return { gene, protein, klass, plddt, loeuf, civic, pgx, table };
  };
  const htmlRow = (doc: string, symbol: string) => {
    const s = doc.slice(doc.indexOf('<section id="genes"'));
    const row = s.slice(s.indexOf(`<strong>${symbol}</strong>`));
    return row.slice(0, row.indexOf('</tr>'));
  };

  it('counts the disease among the items read, and says so: not "0 here" for 375 items never read', async () => {
    mountCivic(egfrEvidence(400, [100, 250, 399]));
    const r = await analyze();
    const egfr = r.focusGenes.find((f) => f.symbol === 'EGFR')!;
    expect(egfr.clinicalEvidence).toMatchObject({ evidenceItems: 400, inDiseaseContext: null });
    expect(egfr.clinicalEvidence!.top.every((t) => t.disease === 'Melanoma')).toBe(true);
    const text = plain(renderInsights(r));
    expect(cells(text, 'EGFR').civic).toBe('400 (0 of first 25 here)');
    expect(text).toContain('CIViC "here": items in this disease among those read; CIViC lists 25 a request, so "of first 25" leaves the rest uncounted');
    expect(htmlRow(renderHtmlReport(r, META), 'EGFR')).toContain('400 items, 0 assertions, none in this disease among the first 25 read (CIViC lists that many a request; the others were not read)');
  });

  it('counts the ones read in the disease as a floor, and exactly when every item was read', async () => {
    mountCivic(egfrEvidence(400, [3, 7]));
    const some = await analyze();
    expect(some.focusGenes.find((f) => f.symbol === 'EGFR')!.clinicalEvidence).toMatchObject({ evidenceItems: 400, inDiseaseContext: 2 });
    expect(cells(plain(renderInsights(some)), 'EGFR').civic).toBe('400 (2 of first 25 here)');
    expect(htmlRow(renderHtmlReport(some, META), 'EGFR')).toContain('2 in this disease among the first 25 read');

    mountCivic(egfrEvidence(20, []));
    const all = await analyze();
    expect(all.focusGenes.find((f) => f.symbol === 'EGFR')!.clinicalEvidence).toMatchObject({ evidenceItems: 20, inDiseaseContext: 0 });
    const text = plain(renderInsights(all));
    expect(cells(text, 'EGFR').civic).toBe('20 (0 here)');
    expect(text).not.toContain('CIViC "here"');
    expect(htmlRow(renderHtmlReport(all, META), 'EGFR')).toContain('20 items, 0 assertions, 0 in this disease');
  });

  it('reads "?" / "not known" where the gene\'s own CIViC or AlphaFold call failed, "-" where the source has nothing', async () => {
    mountCivic(egfrEvidence(3, []));
    fake.route('GET', '/alphafold/prediction/P04626', { status: 500, body: { error: 'Internal Server Error' } });
    const r = await analyze();
    expect(r.sources.find((s) => s.id === 'civic')).toMatchObject({ status: 'partial', failedCalls: 1 });
    expect(r.sources.find((s) => s.id === 'alphafold')).toMatchObject({ status: 'partial', failedCalls: 1 });
    const erbb2 = r.focusGenes.find((f) => f.symbol === 'ERBB2')!;
    expect(erbb2).toMatchObject({ clinicalEvidence: null, structure: null });
    // The full result tells the failure apart: the warning names the gene.
    expect(r.warnings.some((w) => w.startsWith('civic failed (CIViC clinical evidence for ERBB2 is missing)'))).toBe(true);
    expect(r.warnings.some((w) => w.startsWith('alphafold failed (AlphaFold structure confidence of ERBB2 is missing)'))).toBe(true);

    const text = plain(renderInsights(r));
    expect(cells(text, 'ERBB2')).toMatchObject({ plddt: '?', civic: '?' });
    // BRAF: AlphaFold has no model (404) and CIViC lists nothing: a finding, not a gap.
    expect(cells(text, 'BRAF')).toMatchObject({ plddt: '-', civic: '0 (0 here)' });
    expect(cells(text, 'EGFR').civic).toBe('3 (0 here)');
    expect(text).toContain('? = not known: alphafold failed for ERBB2; civic failed for ERBB2 (see Warnings)');

    const doc = renderHtmlReport(r, META);
    const row = htmlRow(doc, 'ERBB2');
    expect(row).toContain('not known (CIViC failed for this gene)');
    expect(row).toContain('not known (AlphaFold DB failed for this gene)');
    const braf = htmlRow(doc, 'BRAF');
    expect(braf).not.toContain('not known');
    expect(braf).toContain('<td class="num">—</td>');
  });
});

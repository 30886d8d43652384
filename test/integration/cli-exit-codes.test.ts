// The exit codes of the analysis commands as a CI script sees them (the built binary against the
// fake world): 0 a complete answer, 1 the question was not answered (enrichment that could not run
// or tested nothing; no drug considered because the drug sources failed), 4 answered with a source
// failed, partly failed or late (one stderr line names them), 2 a usage error. They once exited 0
// for all of these but the first kind of 1.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InsightsOutput } from '../../src/tools/shared/panel-analysis/schema.js';
import type { RepurposingOutput } from '../../src/tools/repurposing/schema.js';
import { fakeCliEnv, runCli } from '../support/binary.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { BREAST_LITERATURE, LIBRARY_FILES, mountFakeWorld } from '../support/fake-world.js';
import { describeShared, sharedPath } from '../support/shared.js';

const LINC = { symbol: 'LINC99999', hgncId: 'HGNC:99999', ensembl: 'ENSG00000999999', uniprot: '', name: 'x' };

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const env = () => ({ ...fakeCliEnv(fake.url), BIOINTEL_RETRIES: '0' });
const down = (...sources: string[]) => {
  for (const s of sources) for (const method of ['GET', 'POST']) fake.route(method, new RegExp(`^/${s}/`), { status: 503, body: 'Service Unavailable' });
};
/**
 * Nothing the world lacks: the two default libraries it answers 404 for are served too, and
 * Reactome answers for pathways it has no record of in its own words (a 404 ErrorInfo, "not
 * found"), instead of the fake server's page (a failure). Every source then answers.
 */
const completeWorld = () => {
  const stand = readFileSync(sharedPath('genesets', LIBRARY_FILES.MSigDB_Hallmark_2020!), 'utf8');
  fake.route('GET', '/enrichr/geneSetLibrary', (req) => (['WikiPathway_2023_Human', 'KEGG_2021_Human'].includes(req.query.get('libraryName') ?? '') ? { body: stand } : undefined));
  fake.route('GET', /^\/reactome\/data\/query\//, { status: 404, body: { code: 404, reason: 'NOT_FOUND', messages: ['No entry found'] } });
};

describe('usage errors exit 2', () => {
  it('each analysis command says what its exit codes mean in --help', async () => {
    for (const command of ['analyze', 'compare', 'repurpose', 'brief', 'plan']) {
      const r = await runCli([command, '--help'], env());
      expect(r.code, command).toBe(0);
      expect(r.stdout, command).toContain('4 answered but incomplete: a source failed, partly failed or was late');
    }
  });

  it('a disease context of invisible characters only is empty, named as such, before any request', async () => {
    fake.reset();
    const r = await runCli(['repurpose', '--genes', 'EGFR', '--disease', '\u00a0\u200b'], env());
    expect(r.code, r.stdout).toBe(2);
    expect(r.stderr).toContain('diseaseContext: the disease context cannot be empty');
    expect(fake.requests).toHaveLength(0);
  });
});

describeShared('exit codes of analyze, compare and repurpose', () => {
  beforeEach(() => {
    fake.reset();
    mountFakeWorld(fake, { ...BREAST_LITERATURE, extraGenes: [LINC] });
  });

  it('analyze: 0 complete, 4 with a source failed or partial (named on stderr), 1 when enrichment tested nothing', async () => {
    completeWorld();
    const complete = await runCli(['analyze', '--genes', 'EGFR,ERBB2', '--disease', 'breast cancer', '--json'], env(), 120_000);
    expect(complete.code, complete.stderr).toBe(0);
    expect(complete.stderr).not.toContain('warning: incomplete answer');
    expect((JSON.parse(complete.stdout) as InsightsOutput).sources.filter((s) => s.status === 'failed' || s.status === 'partial')).toEqual([]);

    // The drug sources down: pathways answered, drugs not: incomplete, not complete.
    down('opentargets', 'dgidb', 'chembl');
    const drugsDown = await runCli(['analyze', '--genes', 'EGFR,ERBB2', '--disease', 'breast cancer'], env(), 120_000);
    expect(drugsDown.code, drugsDown.stderr).toBe(4);
    expect(drugsDown.stderr).toMatch(/^warning: incomplete answer: .+$/m);
    for (const name of ['Open Targets Platform', 'DGIdb', 'ChEMBL']) expect(drugsDown.stderr).toContain(`${name} failed`);

    // Nothing tested: the headline says enrichment could not run; a script must not read it as "none enriched".
    const untested = await runCli(['analyze', '--genes', 'LINC99999', '--disease', 'breast cancer', '--no-drugs'], env(), 120_000);
    expect(untested.code, untested.stderr).toBe(1);
    expect(untested.stderr).toContain('error: Pathway enrichment tested nothing');
  }, 300_000);

  it('analyze: 4 when two of the five default libraries cannot be loaded (the world as mounted)', async () => {
    const r = await runCli(['analyze', '--genes', 'EGFR,ERBB2', '--disease', 'breast cancer', '--no-drugs'], env(), 120_000);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain('warning: incomplete answer: Enrichr gene-set libraries partly');
  }, 120_000);

  it('compare: 1 when a panel tested nothing, 4 with the drug sources down', async () => {
    completeWorld();
    const untested = await runCli(['compare', '--a-genes', 'EGFR,ERBB2', '--a-disease', 'breast cancer', '--b-genes', 'LINC99999'], env(), 120_000);
    expect(untested.code, untested.stderr).toBe(1);
    expect(untested.stderr).toContain('error: Pathways not compared: pathway enrichment tested nothing for panel B');
    down('opentargets', 'dgidb', 'chembl');
    const drugsDown = await runCli(['compare', '--a-genes', 'EGFR,ERBB2', '--a-disease', 'breast cancer', '--b-genes', 'EGFR,BRCA1'], env(), 120_000);
    expect(drugsDown.code, drugsDown.stderr).toBe(4);
    expect(drugsDown.stderr).toMatch(/^warning: incomplete answer: .*DGIdb failed/m);
  }, 300_000);

  it('repurpose: 0 complete, 1 when no drug could be considered, 4 with Enrichr down', async () => {
    completeWorld();
    const complete = await runCli(['repurpose', '--genes', 'EGFR,BRCA1', '--disease', 'breast cancer', '--json'], env(), 120_000);
    expect(complete.code, complete.stderr).toBe(0);
    expect((JSON.parse(complete.stdout) as RepurposingOutput).candidatesTotal).toBeGreaterThan(0);

    // A fresh data directory: no library on disk, Enrichr down. Candidates found, pathway members not searched.
    fake.route('GET', '/enrichr/geneSetLibrary', { status: 503, body: 'Service Unavailable' });
    const enrichrDown = await runCli(['repurpose', '--genes', 'EGFR,BRCA1', '--disease', 'breast cancer'], env(), 120_000);
    expect(enrichrDown.code, enrichrDown.stderr).toBe(4);
    expect(enrichrDown.stderr).toContain('warning: incomplete answer: Enrichr gene-set libraries failed');

    down('opentargets', 'dgidb', 'chembl');
    const none = await runCli(['repurpose', '--genes', 'EGFR,BRCA1', '--disease', 'breast cancer'], env(), 120_000);
    expect(none.code, none.stderr).toBe(1);
    expect(none.stdout).toContain('Considered 0 drugs');
    expect(none.stderr).toMatch(/^error: no drug could be considered: Open Targets, DGIdb and ChEMBL failed/m);
  }, 300_000);
});

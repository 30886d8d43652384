// The top drugs of svc_get_target_brief when what says "indicated" or "withdrawn" was not read, when
// the approval is for a subtype of the context, and when a withdrawal names one country; and two
// text-block lines (no association row, a contradicted statement). Fake upstream as in
// target-brief.test.ts (test/support/fake-brief.ts).
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { renderBrief } from '../../src/cli/render/brief.js';
import { WHERE_MARKETED } from '../../src/analysis/drug-tiers.js';
import type { AppContext } from '../../src/context.js';
import { silentProgress } from '../../src/tools/define.js';
import { getTargetBrief } from '../../src/tools/target-brief/handler.js';
import type { BriefOutput } from '../../src/tools/target-brief/output.js';
import { summarizeBrief } from '../../src/tools/target-brief/summary.js';
import { testContext } from '../support/context.js';
import { answerDrugs, EGFR, mountBriefUpstream } from '../support/fake-brief.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { describeShared } from '../support/shared.js';

let fake: FakeUpstream;
const contexts: AppContext[] = [];

beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await fake.close();
});
beforeEach(() => fake.reset());

async function brief(override?: () => void): Promise<BriefOutput> {
  mountBriefUpstream(fake);
  override?.(); // later routes win
  const ctx = await testContext({ retries: 0 }, fake.url);
  contexts.push(ctx);
  return getTargetBrief({ gene: 'EGFR', diseaseContext: EGFR.disease }, { ctx, tier: 'researcher', progress: silentProgress });
}

type Drug = { id: string; indications: { rows: unknown[] }; drugWarnings: unknown[] };
/** The doc-shaped drugs(chemblIds:) answer with `edit` applied to each drug. */
const drugsAnswer = (edit: (d: Drug) => void) => () =>
  fake.route('POST', '/opentargets/graphql', (req) => {
    if (!req.body.includes('query DrugsDetails')) return undefined;
    const body = answerDrugs((JSON.parse(req.body) as { variables: { chemblIds: string[] } }).variables.chemblIds) as { data: { drugs: Drug[] } };
    body.data.drugs.forEach(edit);
    return { body };
  });
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');
const drug = (r: BriefOutput, name: string) => r.topDrugs.find((d) => d.name === name)!;

describeShared('svc_get_target_brief top drugs: what was not read, subtypes, local withdrawals', () => {
  it('ChEMBL down and the drug details failing: indicated and withdrawn are not known (null), and say so', async () => {
    const r = await brief(() => {
      for (const m of ['GET', 'POST']) fake.route(m, /^\/chembl\//, { status: 500, body: { error: 'down' } });
      fake.route('POST', '/opentargets/graphql', (req) => (req.body.includes('query DrugsDetails') ? { status: 500, body: { error: 'down' } } : undefined));
    });
    for (const name of ['AFATINIB', 'ERLOTINIB', 'GEFITINIB']) {
      expect(drug(r, name)).toMatchObject({ approved: true, indicatedForDisease: null, indicationsChecked: false, withdrawn: null, indicationMatch: null });
    }
    const text = summarizeBrief(r);
    expect(text).toContain('AFATINIB (approved, indication for this disease not known, withdrawal not known)');
    expect(text).not.toMatch(/AFATINIB \(approved\)/);
    const terminal = plain(renderBrief(r));
    expect(terminal).toMatch(/AFATINIB\s+CHEMBL1173655\s+4\s+yes, withdrawal \?\s+\?\s/);
    expect(terminal).toContain('indicated ? = not known (its per-disease indications could not be read)');
    expect(terminal).toContain('withdrawal ? = not known (neither Open Targets drug details nor ChEMBL read)');
  });

  it('an approval for a subtype of the context names the subtype, never "approved for this disease"', async () => {
    const r = await brief(
      drugsAnswer((d) => {
        if (d.id === 'CHEMBL939') d.indications.rows = [{ maxClinicalStage: 'APPROVAL', disease: { id: 'MONDO_0005061', name: 'lung adenocarcinoma' } }];
      }),
    );
    expect(drug(r, 'GEFITINIB')).toMatchObject({ indicatedForDisease: true, indicationMatch: 'lung adenocarcinoma (MONDO_0005061): approved (Open Targets indications; a subtype of the context disease)' });
    const text = summarizeBrief(r);
    expect(text).toContain('GEFITINIB (approved for lung adenocarcinoma (a subtype of non-small cell lung carcinoma))');
    expect(text).toContain('AFATINIB (approved for this disease)');
    const terminal = plain(renderBrief(r));
    expect(terminal).toMatch(/GEFITINIB\s+CHEMBL939\s+4\s+yes\s+subtype\s/);
    expect(terminal).toContain('GEFITINIB: approved for lung adenocarcinoma (a subtype of non-small cell lung carcinoma), not for it as such');
    expect(terminal).toMatch(/AFATINIB\s+CHEMBL1173655\s+4\s+yes\s+yes\s/);
  });

  it('a withdrawal in one country keeps the approval for the disease, and says where and what is not known', async () => {
    const r = await brief(
      drugsAnswer((d) => {
        if (d.id === 'CHEMBL1173655') d.drugWarnings = [{ warningType: 'Withdrawn', country: 'France', year: 2019 }];
      }),
    );
    expect(drug(r, 'AFATINIB')).toMatchObject({
      approved: true, indicatedForDisease: true, withdrawn: true, withdrawnReason: 'Open Targets drug warning: withdrawn in France (2019)',
      indicationMatch: 'non-small cell lung carcinoma (MONDO_0005233): approved (Open Targets indications; the context disease)',
    });
    const text = summarizeBrief(r);
    expect(text).toContain(`AFATINIB (approved for this disease; withdrawn in France (2019), at least there (${WHERE_MARKETED}))`);
    expect(text).not.toContain('WITHDRAWN');
    const terminal = plain(renderBrief(r));
    expect(terminal).toMatch(/AFATINIB\s+CHEMBL1173655\s+4\s+yes, withdrawn\s+yes\s/);
    expect(terminal).toContain(`AFATINIB: withdrawn in France (2019), at least there; ${WHERE_MARKETED}`);
    // Others read everything: withdrawn false, a "no" from records read.
    expect(drug(r, 'ERLOTINIB')).toMatchObject({ withdrawn: false, indicatedForDisease: true });
  });

  it('no association row reads "no Open Targets association listed", never "association 0.00"', async () => {
    const r = await brief(() =>
      fake.route('POST', '/opentargets/graphql', (req) =>
        req.body.includes('query TargetDiseaseScores')
          ? { body: { data: { target: { id: EGFR.ensemblId, approvedSymbol: 'EGFR', associatedDiseases: { count: 0, rows: [] } } } } }
          : undefined,
      ),
    );
    expect(r.diseaseContext.associationScore).toBe(0);
    expect(summarizeBrief(r)).toContain('non-small cell lung carcinoma (MONDO_0005233), no Open Targets association listed.');
    expect(summarizeBrief(r)).not.toContain('association 0.00');
    expect(plain(renderBrief(r))).toContain('(MONDO_0005233), no Open Targets association listed');
  });

  it('a statement its own cited abstracts contradict is named in the text block, beside "grounded"', async () => {
    const r = await brief();
    // NLI is off in tests: the verdict is set as a model would give it.
    const judged = { ...r, evidence: r.evidence.map((e) => ({ ...e, status: 'contradicted' as const })) };
    expect(summarizeBrief(judged)).toContain(`Evidence: 1 of 1 statements contradicted by their own cited abstracts (EGFR function contradicted).`);
  });
});

// svc_get_target_brief for "small cell lung carcinoma": the search also answers non-small cell lung
// carcinoma and lung cancer. The brief once matched hit names by containment after turning
// "non-small" into "non small", so NSCLC joined the context and AFATINIB, ERLOTINIB and GEFITINIB
// read "approved for this disease". It now decides the context by the panel tools' rule
// (analysis/disease-hits.ts splitDiseaseHits). Fake upstream as in target-brief.test.ts.
import { expect, it } from 'vitest';
import { silentProgress } from '../../src/tools/define.js';
import { getTargetBrief } from '../../src/tools/target-brief/handler.js';
import { summarizeBrief } from '../../src/tools/target-brief/summary.js';
import { mountBriefUpstream } from '../support/fake-brief.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import { describeShared } from '../support/shared.js';

const { fake, context } = useFakeUpstreamContexts();

const SCLC_HITS = [
  { id: 'MONDO_0008433', entity: 'disease', name: 'small cell lung carcinoma', score: 2000 },
  { id: 'MONDO_0005233', entity: 'disease', name: 'non-small cell lung carcinoma', score: 1500 },
  { id: 'MONDO_0008903', entity: 'disease', name: 'lung cancer', score: 1000 },
];

describeShared('svc_get_target_brief: "small cell lung carcinoma" is not non-small cell lung carcinoma', () => {
  it('NSCLC approvals do not read "approved for this disease"', async () => {
    mountBriefUpstream(fake());
    fake().route('POST', '/opentargets/graphql', (req) =>
      req.body.includes('query SearchDisease') ? { body: { data: { search: { total: SCLC_HITS.length, hits: SCLC_HITS } } } } : undefined,
    );
    const ctx = await context({ retries: 0 });
    const r = await getTargetBrief({ gene: 'EGFR', diseaseContext: 'small cell lung carcinoma' }, { ctx, tier: 'researcher', progress: silentProgress });
    for (const name of ['AFATINIB', 'ERLOTINIB', 'GEFITINIB']) {
      const d = r.topDrugs.find((x) => x.name === name)!;
      expect(d, name).toBeDefined();
      expect(d.indicatedForDisease, name).toBe(false);
      expect(d.indicationMatch, name).toBeNull();
    }
    expect(summarizeBrief(r)).not.toContain('approved for this disease');
  });
});

// svc_get_target_brief for "lung cancer" whose search ranked non-small cell lung carcinoma first:
// small cell lung carcinoma, also among the hits, is a sibling of NSCLC. The answer was about NSCLC
// and named an SCLC approval "small cell lung carcinoma (a subtype of non-small cell lung
// carcinoma)". The hit named as typed ("lung cancer") is now the disease asked (typedFirst), and
// both NSCLC and SCLC approvals are approvals for subtypes of it, named as such.
import { expect, it } from 'vitest';
import { silentProgress } from '../../src/tools/define.js';
import { getTargetBrief } from '../../src/tools/target-brief/handler.js';
import { summarizeBrief } from '../../src/tools/target-brief/summary.js';
import { answerDrugs, mountBriefUpstream } from '../support/fake-brief.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import { describeShared } from '../support/shared.js';

const { fake, context } = useFakeUpstreamContexts();

const HITS = [
  { id: 'MONDO_0005233', entity: 'disease', name: 'non-small cell lung carcinoma', score: 2000 },
  { id: 'MONDO_0008903', entity: 'disease', name: 'lung cancer', score: 1500 },
  { id: 'MONDO_0008433', entity: 'disease', name: 'small cell lung carcinoma', score: 1000 },
];

/** The fixture's drugs with AFATINIB's approval moved from NSCLC to SCLC. */
function drugsWithSclcAfatinib(ids: readonly string[]) {
  const answer = answerDrugs(ids) as { data: { drugs: { name: string; indications: { rows: { disease: { id: string; name: string } }[] } }[] } };
  for (const d of answer.data.drugs) {
    if (d.name !== 'AFATINIB') continue;
    const row = d.indications.rows.find((r) => r.disease.id === 'MONDO_0005233')!;
    row.disease = { id: 'MONDO_0008433', name: 'small cell lung carcinoma' };
  }
  return answer;
}

describeShared('svc_get_target_brief: a sibling subtype of the best hit is not below it', () => {
  it('an SCLC approval is not "a subtype of non-small cell lung carcinoma" for "lung cancer"', async () => {
    mountBriefUpstream(fake());
    fake().route('POST', '/opentargets/graphql', (req) => {
      if (req.body.includes('query SearchDisease')) return { body: { data: { search: { total: HITS.length, hits: HITS } } } };
      if (req.body.includes('query DrugsDetails')) return { body: drugsWithSclcAfatinib((JSON.parse(req.body) as { variables: { chemblIds: string[] } }).variables.chemblIds) };
      return undefined;
    });
    const ctx = await context({ retries: 0 });
    const r = await getTargetBrief({ gene: 'EGFR', diseaseContext: 'lung cancer' }, { ctx, tier: 'researcher', progress: silentProgress });
    const d = r.topDrugs.find((x) => x.name === 'AFATINIB')!;
    expect(d).toBeDefined();
    expect(JSON.stringify(r)).not.toContain('a subtype of non-small cell lung carcinoma');
    expect(summarizeBrief(r)).not.toContain('a subtype of non-small cell lung carcinoma');
    // Approved for a subtype of lung cancer (tier I rule), and said to be a subtype's.
    expect(d.indicatedForDisease).toBe(true);
    expect(d.indicationMatch).toContain('small cell lung carcinoma');
    expect(d.indicationMatch).toContain('a subtype of the context disease');
    expect(summarizeBrief(r)).toContain('approved for small cell lung carcinoma (a subtype of lung cancer)');
    expect(r.topDrugs.find((x) => x.name === 'ERLOTINIB')!.indicatedForDisease).toBe(true);
  });

  it('an approval for a disease above the one asked reads "broader: check the label", never a plain "approved"', async () => {
    // "lung adenocarcinoma" is named by a hit, so it is the disease asked; NSCLC is its ontology
    // ancestor. ERLOTINIB's NSCLC approval once read a bare "approved", indicatedForDisease false.
    mountBriefUpstream(fake());
    fake().route('POST', '/opentargets/graphql', (req) => {
      if (req.body.includes('query SearchDisease')) return { body: { data: { search: { total: HITS.length + 1, hits: [...HITS, { id: 'MONDO_0005061', entity: 'disease', name: 'lung adenocarcinoma', score: 900 }] } } } };
      if (req.body.includes('query DiseaseOntology')) return { body: { data: { diseases: [{ id: 'MONDO_0005061', name: 'lung adenocarcinoma', dbXRefs: [], ancestors: ['MONDO_0005233', 'MONDO_0008903'], descendants: [], resolvedAncestors: [] }] } } };
      return undefined;
    });
    const r = await getTargetBrief({ gene: 'EGFR', diseaseContext: 'lung adenocarcinoma' }, { ctx: await context({ retries: 0 }), tier: 'researcher', progress: silentProgress });
    expect(r.diseaseContext).toMatchObject({ diseaseId: 'MONDO_0005061' });
    const erlotinib = r.topDrugs.find((x) => x.name === 'ERLOTINIB')!;
    expect(erlotinib.indicatedForDisease).toBeNull();
    expect(erlotinib.indicationMatch).toMatch(/^non-small cell lung carcinoma \(MONDO_0005233\): approved \(.*a broader disease that includes the context\): its label may already cover it, check it$/);
    expect(summarizeBrief(r)).toContain('ERLOTINIB (approved for non-small cell lung carcinoma (broader than lung adenocarcinoma: its label may already cover it, check it))');
  });
});

// The target brief's top drugs when a property lookup failed: the ADMET note says the lookup failed
// and the properties are not known, never "no computed properties available" (which reads as
// "the source has no record"). Insights says the same (insights-admet-lookups.test.ts).
import { expect, it } from 'vitest';
import { renderBrief } from '../../src/cli/render/brief.js';
import { silentProgress } from '../../src/tools/define.js';
import { getTargetBrief } from '../../src/tools/target-brief/handler.js';
import type { BriefOutput } from '../../src/tools/target-brief/output.js';
import { EGFR, mountBriefUpstream } from '../support/fake-brief.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import { describeShared } from '../support/shared.js';

const { fake, context } = useFakeUpstreamContexts();

async function brief(override: () => void): Promise<BriefOutput> {
  mountBriefUpstream(fake());
  override(); // later routes win
  const ctx = await context({ retries: 0 });
  return getTargetBrief({ gene: 'EGFR', diseaseContext: EGFR.disease }, { ctx, tier: 'researcher', progress: silentProgress });
}
const drug = (r: BriefOutput, name: string) => r.topDrugs.find((d) => d.name === name)!;
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

describeShared('svc_get_target_brief ADMET when a property lookup failed', () => {
  it('ChEMBL molecules failing: "the ChEMBL molecule lookup failed", never "no computed properties available"', async () => {
    const r = await brief(() => fake().route('GET', '/chembl/molecule.json', { status: 500, body: { error: 'down' } }));
    // PubChem does not know afatinib (404): nothing known, because ChEMBL failed.
    expect(drug(r, 'AFATINIB').admet).toMatchObject({ molecularWeight: null, lipinskiPass: null, note: 'the ChEMBL molecule lookup failed, so its properties are not known' });
    // PubChem knows rociletinib: its values are shown, QED and ChEMBL's own are said to be missing.
    expect(drug(r, 'ROCILETINIB').admet.molecularWeight).toMatchObject({ source: 'pubchem' });
    expect(drug(r, 'ROCILETINIB').admet.note).toContain("the ChEMBL molecule lookup failed, so QED and ChEMBL's values are not known");
    for (const d of r.topDrugs) expect(d.admet.note ?? '', d.name).not.toContain('no computed properties available');
    expect(plain(renderBrief(r))).toContain('AFATINIB: the ChEMBL molecule lookup failed, so its properties are not known');
  }, 60_000);

  it('ChEMBL and PubChem failing: both lookups are named as failed', async () => {
    const r = await brief(() => {
      fake().route('GET', '/chembl/molecule.json', { status: 500, body: { error: 'down' } });
      fake().route('POST', /^\/pubchem\//, { status: 500, body: { error: 'down' } });
    });
    expect(drug(r, 'AFATINIB').admet.note).toBe('the ChEMBL molecule and PubChem lookups failed, so its properties are not known');
    expect(drug(r, 'ROCILETINIB').admet).toMatchObject({ molecularWeight: null, note: 'the ChEMBL molecule and PubChem lookups failed, so its properties are not known' });
  }, 60_000);

  it('PubChem not knowing the name (ChEMBL read) still reads as no record', async () => {
    const r = await brief(() => undefined);
    for (const d of r.topDrugs) expect(d.admet.note ?? '', d.name).not.toContain('failed');
  }, 60_000);
});

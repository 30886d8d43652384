// The CIViC evidence a focus gene shows: its variant, its direction and how its therapies relate
// travel with it, so evidence against sensitivity never reads as sensitivity, and substitutes never
// read as a combination. On the genuine IDH1 R132H answer (reprovar, CIViC as served 2026-08-12).
import { describe, expect, it } from 'vitest';
import { civicPhrase } from '../../src/report/genes.js';
import { parseCivicEvidenceItems } from '../../src/sources/civic.js';
import { clinicalOf } from '../../src/tools/shared/panel-analysis/profiles.js';
import { ownJson } from '../support/shared.js';

const served = ownJson<{ response: { data: { evidenceItems: unknown } } }>('civic', 'reprovar-evidence-IDH1-R132H.json').response.data.evidenceItems;

describe('CIViC evidence of a focus gene', () => {
  const { total, items } = parseCivicEvidenceItems(served, 'IDH1');
  const clinical = clinicalOf({ gene: 'IDH1', totalEvidence: total, evidence: items, totalAssertions: 0, assertions: [] }, 'glioma');

  it('keeps the variant and the direction with each item, and ranks evidence against after evidence for', () => {
    expect(clinical.top.map((t) => [t.name, t.profile, t.direction])).toEqual([
      ['EID11508', 'IDH1 R132C OR IDH1 R132H OR IDH1 R132L OR IDH1 R132G OR IDH1 R132S', 'SUPPORTS'],
      ['EID979', 'IDH1 R132H', 'SUPPORTS'],
      ['EID12903', 'IDH1 R132C OR IDH1 R132H', 'SUPPORTS'],
    ]);
    // Outside the disease and the top three, the item against is still counted.
    expect(clinical.evidenceItems).toBe(4);
  });

  it('reads evidence against as such (EID5987: no sensitivity of pancreatic cancer to ivosidenib)', () => {
    const againstFirst = clinicalOf({ gene: 'IDH1', totalEvidence: total, evidence: items, totalAssertions: 0, assertions: [] }, 'pancreatic ductal adenocarcinoma');
    const eid5987 = againstFirst.top.find((t) => t.name === 'EID5987')!;
    expect(eid5987).toMatchObject({ direction: 'DOES_NOT_SUPPORT', significance: 'SENSITIVITYRESPONSE' });
    expect(civicPhrase(eid5987)).toBe('IDH1 R132H: evidence against sensitivity/response to Ivosidenib, level C');
    expect(civicPhrase(clinical.top[1]!)).toBe('IDH1 R132H: sensitivity/response to AGI-5198, level D');
  });

  it('joins therapies as CIViC relates them, and never as a combination it did not state', () => {
    const item = { ...clinical.top[1]!, therapies: ['Gefitinib', 'Erlotinib'] };
    expect(civicPhrase({ ...item, therapyInteraction: 'SUBSTITUTES' })).toContain('to Gefitinib or Erlotinib');
    expect(civicPhrase({ ...item, therapyInteraction: 'COMBINATION' })).toContain('to Gefitinib + Erlotinib');
    expect(civicPhrase({ ...item, therapyInteraction: 'SEQUENTIAL' })).toContain('to Gefitinib then Erlotinib');
    expect(civicPhrase({ ...item, therapyInteraction: null })).toContain('to Gefitinib, Erlotinib');
  });
});

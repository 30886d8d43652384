// Reproduction: esummary lists PMID 1002, but efetch's (whole, well-formed) answer leaves it out.
// Its row read "unchecked" and nothing more: the claim was "grounded" with PubMed "ok" and no
// warning, though 1002's abstract (which contradicts the claim) was never read; with the PMIDs given
// as a list, the unread paper counted as an out-of-range citation: citeF1 0 and the statement's
// `supported: false` beside its status "supported". Now PubMed reads partial with a warning naming
// the PMID, the claim is unverifiable, and the unread paper is a document, not a citation fault.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/context.js';
import { useFakeUpstreamContexts } from '../support/fake-upstream-contexts.js';
import { mountFakePubmed, type FakeArticle } from '../support/fake-pubmed.js';
import { callOk, connectInMemory } from '../support/mcp-client.js';
import { writeTinyNli } from '../support/tiny-nli.js';

const ARTICLES: FakeArticle[] = [
  { pmid: '1001', title: 'Metformin and survival', abstract: 'Metformin improves survival of patients with diabetes.' },
  { pmid: '1002', title: 'A null trial', abstract: 'In this trial metformin failed to change survival of patients with diabetes.' },
];

interface Result {
  evidenceStatus: string;
  citeF1: number | null;
  pmids: { pmid: string; verdict: string }[];
  statements: { status: string; supported: boolean | null }[];
  sources: { id: string; status: string; error?: string }[];
  warnings: string[];
}

const { fake, context } = useFakeUpstreamContexts();
const tinyModel = writeTinyNli(path.join(tempDir('biointel-nli-'), 'tiny-nli'));

/** efetch answers for every PMID asked but 1002 (esummary still lists it). */
function omit1002(): void {
  for (const method of ['GET', 'POST']) {
    fake().route(method, '/eutils/efetch.fcgi', (req) => {
      const id = req.query.get('id');
      if (id) req.query.set('id', id.split(',').filter((p) => p !== '1002').join(','));
      return undefined;
    });
  }
}

describe('svc_verify_claim when efetch omits a PMID esummary lists', () => {
  it('is not grounded on the paper it read: PubMed partial, a warning naming the PMID, unverifiable', async () => {
    mountFakePubmed(fake(), ARTICLES);
    omit1002();
    const client = await connectInMemory(await context({ nli: 'auto', nliModel: tinyModel, retries: 0 }));
    const r = await callOk<Result>(client, 'svc_verify_claim', { claim: 'Metformin improves survival of patients with diabetes [PMID:1001]. Metformin improves survival in diabetes [PMID:1002].' });
    expect(r.evidenceStatus).toBe('unverifiable');
    expect(r.sources.find((s) => s.id === 'eutils')).toMatchObject({ status: 'partial' });
    expect(r.warnings.join(' ')).toContain('efetch returned no record for PMID 1002, which esummary lists');
  });

  it('with the PMIDs as a list: the unread paper is no out-of-range citation (no measured 0), and the claim is unverifiable', async () => {
    mountFakePubmed(fake(), ARTICLES);
    omit1002();
    const client = await connectInMemory(await context({ nli: 'auto', nliModel: tinyModel, retries: 0 }));
    const r = await callOk<Result>(client, 'svc_verify_claim', { claim: 'Metformin improves survival of patients with diabetes.', pmids: ['1001', '1002'] });
    expect(r.evidenceStatus).toBe('unverifiable');
    expect(r.citeF1).not.toBe(0);
    expect(r.statements[0]).toMatchObject({ supported: true });
  });
});

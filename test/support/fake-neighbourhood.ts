// The panel-neighbourhood answers of the fake world (svc_prioritize_repurposing): STRING
// interaction_partners and Open Targets mapIds, composed from the project's doc-shaped fixtures.
// - interaction_partners: the doc-shaped BRAF and EGFR answers (query protein as A), the rows of
//   every identifier asked concatenated, as STRING answers several identifiers in one list; an
//   identifier with no fixture has no row.
// - mapIds: the doc-shaped mapping's hit shape for each term that is a gene of the world; other
//   terms get no hit (Open Targets' answer for a term it cannot map).
// - drugs(chemblIds:): further doc-shaped drug files a test adds to the world's answer.
import type { FakeRequest, FakeUpstream } from './fake-upstream.js';
import { ownJson } from './shared.js';

interface Gene {
  symbol: string;
  ensembl: string;
}

const PARTNER_FILES: Record<string, string> = {
  BRAF: 'interaction_partners-BRAF-doc-shaped.json',
  EGFR: 'interaction_partners-EGFR-doc-shaped.json',
};

/** The identifiers of a STRING request (query or form), separated by carriage returns. */
export function stringIdentifiers(req: FakeRequest): string[] {
  const raw = req.method === 'POST' ? new URLSearchParams(req.body).get('identifiers') : req.query.get('identifiers');
  return (raw ?? '').split(/[\r\n]+/).filter(Boolean);
}

export function mountNeighbourhood(fake: FakeUpstream, genes: readonly Gene[]): void {
  const partners = (req: FakeRequest) => ({
    body: stringIdentifiers(req).flatMap((id) => (PARTNER_FILES[id.toUpperCase()] ? ownJson<object[]>('string', PARTNER_FILES[id.toUpperCase()]!) : [])),
  });
  fake.route('GET', '/string/json/interaction_partners', partners);
  fake.route('POST', '/string/json/interaction_partners', partners);
}

/** mapIds over the world's genes, in the doc-shaped answer's shape. */
export function answerMapIds(terms: readonly string[], genes: readonly Gene[]): object {
  return {
    data: {
      mapIds: {
        mappings: terms.map((term) => {
          const g = genes.find((x) => x.symbol === term.toUpperCase());
          return { term, hits: g ? [{ id: g.ensembl, entity: 'target', name: g.symbol, score: 1, object: { id: g.ensembl, approvedSymbol: g.symbol } }] : [] };
        }),
      },
    },
  };
}

/** A drugs(chemblIds:) answer with the drugs of further doc-shaped files that were asked for. */
export function withDrugDetails(answer: { data: { drugs: unknown[] } } | Record<string, unknown>, ids: readonly string[], files: readonly string[]): object {
  const drugs = ((answer as { data: { drugs: { id: string }[] } }).data.drugs ?? []) as { id: string }[];
  const extra = files.flatMap((f) => ownJson<{ data: { drugs: { id: string }[] } }>('opentargets', f).data.drugs).filter((d) => ids.includes(d.id) && !drugs.some((x) => x.id === d.id));
  return { data: { drugs: [...drugs, ...extra] } };
}

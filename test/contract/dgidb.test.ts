import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { parseGeneInteractions } from '../../src/sources/dgidb.js';
import { describeShared, ownFixture, sharedJson } from '../support/shared.js';

const shared = (file: string) => sharedJson<{ data: unknown }>('dgidb', file).data;
const own = (file: string) => (JSON.parse(ownFixture('dgidb', file)) as { data: unknown }).data;

describeShared('DGIdb parsers on recorded answers', () => {
  it('matches nodes to requested genes whatever their order (BRAF first in the answer)', () => {
    const m = parseGeneInteractions(shared('interactions-by-genes-BRAF-EREG.json'), ['EREG', 'BRAF', 'NOTAGENE']);
    expect([...m.keys()]).toEqual(['EREG', 'BRAF', 'NOTAGENE']);
    expect(m.get('BRAF')?.interactions).toHaveLength(191);
    expect(m.get('EREG')?.interactions).toHaveLength(6);
    expect(m.get('NOTAGENE')).toBeNull();
    // dgipy's selection names the gene only inside each interaction.
    expect(m.get('BRAF')).toMatchObject({ gene: 'BRAF', conceptId: 'hgnc:1097' });
    expect(m.get('BRAF')?.categories).toContain('CLINICALLY ACTIONABLE');
  });

  it('reads drugs, scores, claim sources and PMIDs (dgipy selection)', () => {
    const ereg = parseGeneInteractions(shared('interactions-by-gene-EREG.json'), ['ereg']).get('ereg');
    const hcg = ereg?.interactions.find((i) => i.drugName === 'HUMAN CHORIONIC GONADOTROPIN');
    expect(hcg).toMatchObject({
      drugConceptId: 'rxcui:340705',
      chemblId: null,
      approved: true,
      interactionScore: 0.921187214661307,
      sources: ['NCI'],
      pmids: ['16543407'],
    });
    const fepixnebart = ereg?.interactions.filter((i) => i.drugName === 'FEPIXNEBART') ?? [];
    expect(fepixnebart.map((i) => i.chemblId)).toContain('CHEMBL4594573');
    const e6201 = ereg?.interactions.find((i) => i.drugName === 'E6201');
    expect(e6201?.attributes).toContainEqual({ name: 'Mechanism of Action', value: 'Inhibition' });
  });

  it('reads the flat sources selection and dedupes repeated interaction types (EGFR)', () => {
    const egfr = parseGeneInteractions(shared('gene-EGFR-interactions-minimized.json'), ['EGFR']).get('EGFR');
    expect(egfr?.categories).toContain('KINASE');
    const panitumumab = egfr?.interactions.find((i) => i.drugName === 'PANITUMUMAB');
    expect(panitumumab?.interactionTypes).toEqual([
      { type: 'antibody', directionality: null },
      { type: 'inhibitor', directionality: null },
    ]);
    expect(panitumumab?.sources).toHaveLength(13);
    expect(panitumumab?.drugConceptId).toBeNull();
    expect(panitumumab?.pmids).toEqual([]);
  });

  it('parses every interaction of the 974 KB two-gene answer', () => {
    const m = parseGeneInteractions(shared('interactions-by-genes-BRAF-EREG.json'), ['BRAF']);
    const all = m.get('BRAF')?.interactions ?? [];
    expect(all.every((i) => typeof i.interactionScore === 'number' && i.drugName.length > 0)).toBe(true);
    expect(all.some((i) => i.interactionScore !== null && i.interactionScore > 1)).toBe(true); // unbounded, not 0-1
  });
});

describe('DGIdb parsers on documentation-shaped answers', () => {
  it('reads directionality, flat publications and ChEMBL ids of the project query', () => {
    const egfr = parseGeneInteractions(own('interactions-directionality-EGFR-doc-shaped.json'), ['EGFR']).get('EGFR');
    expect(egfr).toMatchObject({ gene: 'EGFR', conceptId: 'hgnc:3236', categories: ['KINASE', 'CLINICALLY ACTIONABLE'] });
    expect(egfr?.interactions[0]).toEqual({
      drugName: 'GEFITINIB',
      drugConceptId: 'chembl:CHEMBL939',
      chemblId: 'CHEMBL939',
      approved: true,
      interactionTypes: [{ type: 'inhibitor', directionality: 'INHIBITORY' }],
      interactionScore: 0.52,
      sources: ['ChEMBL', 'FDA'],
      sourceTrust: [
        { source: 'ChEMBL', level: 'Expert curated' },
        { source: 'FDA', level: 'Expert curated' },
      ],
      pmids: ['15118073'],
      attributes: [{ name: 'Direct Interaction', value: 'true' }],
    });
    expect(egfr?.interactions[1]?.interactionTypes).toEqual([]);
    // DGIdb's own label: what the evidence-quality count leaves out.
    expect(egfr?.interactions[1]?.sourceTrust).toEqual([{ source: 'NCI', level: 'Non-curated' }]);
  });

  it('maps every gene to null when none matched', () => {
    const m = parseGeneInteractions(own('genes-none-matched-doc-shaped.json'), ['NOTAGENE1', 'NOTAGENE2']);
    expect([...m.values()]).toEqual([null, null]);
  });

  it('rejects malformed answers as schema errors', () => {
    expect(() => parseGeneInteractions({}, ['EGFR'])).toThrow(UpstreamError);
    expect(() => parseGeneInteractions({ genes: { nodes: null } }, ['EGFR'])).toThrow(/genes.nodes is not a list/);
    expect(() => parseGeneInteractions({ genes: { nodes: [{ name: 'EGFR' }] } }, ['EGFR'])).toThrow(/interactions/);
  });
});

// Drug candidates built from real recorded answers, through the project's own parsers.
// The genuine Open Targets EGFR recording selects only `drug { id name }` for its 82 candidate
// rows (no stage, no indications): from it alone no candidate can be tier I, and the test says
// so. Stages and indications come from the project's doc-shaped batch fixture (see
// test/fixtures/opentargets/README.md); the disease ids always come from the genuine recording.
import { expect, it } from 'vitest';
import { associationFor, buildDrugCandidates, type DrugCandidate } from '../../src/analysis/drug-candidates.js';
import { parseMolecule } from '../../src/sources/chembl.js';
import { parseGeneInteractions } from '../../src/sources/dgidb.js';
import { parseTargetClinicalContext, parseTargetsClinicalContext, type TargetClinicalContext } from '../../src/sources/opentargets.js';
import { parsePropertyTable } from '../../src/sources/pubchem.js';
import { describeShared, ownFixture, sharedJson } from '../support/shared.js';

const data = (source: string, file: string) => sharedJson<{ data: unknown }>(source, file).data;
const byName = (list: readonly DrugCandidate[], name: string): DrugCandidate => {
  const c = list.find((x) => x.name === name);
  if (!c) throw new Error(`${name} missing`);
  return c;
};

describeShared('drug candidates on recorded EGFR answers (Open Targets, DGIdb, ChEMBL, PubChem)', () => {
  const egfr = parseTargetClinicalContext(data('opentargets', 'target-clinical-context-EGFR-ENSG00000146648.json'), 'ENSG00000146648') as TargetClinicalContext;
  // The lung diseases the recording itself associates with EGFR.
  const lungAssociations = egfr.associations.filter((a) => /lung/i.test(a.diseaseName));
  const disease = { ids: lungAssociations.map((a) => a.diseaseId), name: lungAssociations[0]?.diseaseName ?? '' };
  const dgidb = parseGeneInteractions(data('dgidb', 'gene-EGFR-interactions-minimized.json'), ['EGFR']).get('EGFR');
  const association = associationFor(egfr.associations, disease.ids);

  it('takes the disease context from the recording', () => {
    expect(disease.ids).toEqual(['MONDO_0005233', 'MONDO_0005061', 'MONDO_0008903']);
    expect(disease.name).toBe('non-small cell lung carcinoma');
    expect(association).toEqual({ score: 0.8525670184292347, diseaseId: 'MONDO_0005233', diseaseName: 'non-small cell lung carcinoma' });
  });

  it('merges the genuine Open Targets and DGIdb lists: approved antibodies lead, none is tier I without indications', () => {
    const list = buildDrugCandidates({ genes: [{ gene: 'EGFR', association, candidates: egfr.candidates, interactions: dgidb?.interactions ?? [] }], disease });
    // 72 parents after salt merging; DGIdb's three antibodies join their Open Targets rows by name.
    expect(list).toHaveLength(72);
    expect(list.slice(0, 3).map((c) => c.name)).toEqual(['CETUXIMAB', 'NECITUMUMAB', 'PANITUMUMAB']);
    for (const c of list.slice(0, 3)) {
      expect(c).toMatchObject({ approved: true, maxPhase: 4, tier: 'II', evidenceQuality: 'moderate', sources: ['opentargets', 'dgidb'], targetGenes: ['EGFR'] });
      expect(c.tierReason).toMatch(/^Approved for another indication \(DGIdb; no recorded indication for non-small cell lung carcinoma\)/);
      expect(c.interactionTypes.map((t) => t.type).sort()).toEqual(['antibody', 'inhibitor']);
      expect(c.factors.clinicalPhase.detail).toBe('phase 4 (DGIdb: approved)');
      // phase 1, association 0.853, directness 0.7 (Open Targets listing without action type).
      expect(c.score).toBeCloseTo((0.25 + 0.2 * 0.8525670184292347 + 0.2 * 0.7) / 0.65, 4);
    }
    expect(list.filter((c) => c.tier === 'I')).toEqual([]);
    const conjugate = byName(list, 'CETUXIMAB SAROTALOCAN');
    expect(conjugate.sources).toEqual(['opentargets']);
    const afatinib = byName(list, 'AFATINIB');
    expect(afatinib).toMatchObject({ chemblId: 'CHEMBL1173655', otherChemblIds: ['CHEMBL2105712'], tier: 'III', maxPhase: null, evidenceQuality: 'low' });
    expect(afatinib.missingFactors).toEqual(['clinicalPhase', 'drugLikeness', 'literatureSupport', 'pathwayCentrality']);
    expect(afatinib.tierReason).toMatch(/^Clinical phase unknown and not approved/);
    expect(afatinib.factors.drugLikeness.detail).toBe('no ChEMBL molecule or PubChem record for this drug');
    expect(afatinib.factors.mechanismDirectness).toMatchObject({ value: 0.7, detail: 'listed against EGFR by Open Targets (action type not given)' });
  });

  it('puts an approved EGFR inhibitor indicated for lung cancer in tier I (stage rows from the batch fixture)', () => {
    const staged = parseTargetsClinicalContext(JSON.parse(ownFixture('opentargets', 'targets-clinical-context-EGFR-BRCA1-doc-shaped.json')).data, ['ENSG00000146648', 'ENSG00000012048']);
    const list = buildDrugCandidates({
      genes: [
        { gene: 'EGFR', association, candidates: staged.get('ENSG00000146648')?.candidates ?? [], interactions: dgidb?.interactions ?? [] },
        { gene: 'BRCA1', association: null, candidates: staged.get('ENSG00000012048')?.candidates ?? [] },
      ],
      disease,
    });
    const afatinib = byName(list, 'AFATINIB');
    expect(afatinib).toMatchObject({ tier: 'I', approved: true, indicatedForDisease: true, actionTypes: ['INHIBITOR'], otherChemblIds: ['CHEMBL2105712'] });
    expect(afatinib.matchingIndications).toEqual([{ id: 'MONDO_0005233', name: 'non-small cell lung carcinoma', phase: 4, basis: 'candidate' }]);
    expect(afatinib.factors.mechanismDirectness.value).toBe(1);
    expect(list[0]?.name).toBe('AFATINIB');
    // PHASE_2_3 for NSCLC -> tier II; an approved conjugate tested only in head and neck -> repurposing.
    expect(byName(list, 'ROCILETINIB')).toMatchObject({ tier: 'II', maxPhase: 2.5 });
    expect(byName(list, 'ROCILETINIB').tierReason).toBe('Reached phase 2/3 for non-small cell lung carcinoma, acting on EGFR (inhibitor).');
    expect(byName(list, 'CETUXIMAB SAROTALOCAN')).toMatchObject({ tier: 'II', indicatedForDisease: false, maxPhase: 4 });
    // Without an Open Targets row here, DGIdb's cetuximab is interaction evidence only.
    expect(byName(list, 'CETUXIMAB')).toMatchObject({ tier: 'III', sources: ['dgidb'], evidenceQuality: 'low' });
    expect(list.every((c) => c.targetGenes.every((g) => g === 'EGFR'))).toBe(true);
  });

  it('reads ADMET and drug-likeness from the recorded ChEMBL molecules and PubChem table', () => {
    const aspirin = parseMolecule(sharedJson('chembl', 'molecule-CHEMBL25.json'));
    const amoxicillin = parseMolecule(sharedJson('chembl', 'molecule-CHEMBL1082.json'));
    const [triclosan] = parsePropertyTable(sharedJson('pubchem', 'property-cid-5564-all-properties.json'));
    const list = buildDrugCandidates({
      genes: [
        {
          gene: 'PTGS2',
          association: 0.3,
          candidates: [
            { drugId: 'CHEMBL25', name: 'ASPIRIN', drugType: 'Small molecule', stage: null, phase: null, approved: false, withdrawn: false, drugStage: null, drugPhase: null, mechanisms: [{ mechanismOfAction: 'Cyclooxygenase inhibitor', actionType: 'INHIBITOR' }], indications: [], saltForms: [] },
          ],
          interactions: [
            { drugName: 'AMOXICILLIN', drugConceptId: 'chembl:CHEMBL1082', chemblId: 'CHEMBL1082', approved: null, interactionTypes: [], interactionScore: null, sources: [], pmids: [], attributes: [] },
            { drugName: 'TRICLOSAN', drugConceptId: null, chemblId: null, approved: null, interactionTypes: [], interactionScore: null, sources: [], pmids: [], attributes: [] },
          ],
        },
      ],
      disease: { ids: ['MONDO_0005233'], name: 'non-small cell lung carcinoma' },
      molecules: new Map([['CHEMBL25', aspirin], ['CHEMBL1082', amoxicillin]]),
      pubchem: new Map([['TRICLOSAN', triclosan ?? null]]),
    });
    const a = byName(list, 'ASPIRIN');
    // Approval read from ChEMBL's max_phase "4.0"; not indicated for lung cancer -> repurposing.
    expect(a).toMatchObject({ approved: true, maxPhase: 4, tier: 'II', sources: ['opentargets', 'chembl'] });
    expect(a.tierReason).toMatch(/ChEMBL max_phase 4/);
    expect(a.admet).toMatchObject({ molecularWeight: { value: 180.16, source: 'chembl' }, qed: { value: 0.55, source: 'chembl' }, lipinskiViolations: { value: 0, source: 'chembl' }, lipinskiPass: true });
    expect(a.factors.drugLikeness).toMatchObject({ value: 0.55, detail: 'QED 0.55 (ChEMBL)' });
    const amox = byName(list, 'AMOXICILLIN');
    expect(amox).toMatchObject({ chemblId: 'CHEMBL1082', tier: 'III', approved: true, sources: ['chembl', 'dgidb'] });
    expect(amox.factors.drugLikeness.value).toBe(0.55);
    const tri = byName(list, 'TRICLOSAN');
    // MW 289.5, XLogP 5, HBD 1, HBA 2: no violation, no QED -> 1.
    expect(tri.admet).toMatchObject({ molecularWeight: { value: 289.5, source: 'pubchem' }, lipinskiViolations: { value: 0, source: 'computed' } });
    expect(tri.factors.drugLikeness.value).toBe(1);
    expect(tri.sources).toEqual(['dgidb', 'pubchem']);
    expect(tri.factors.clinicalPhase.value).toBeNull();
  });
});

// Drug candidates built from real recorded answers, through the project's own parsers. Where no
// recording exists for a query this project sends (the Bs-filtered drug context, drugs(chemblIds:),
// ChEMBL drug_indication, a withdrawn drug), the documentation-shaped fixtures of test/fixtures stand
// in; each test says which is which.
import { expect, it } from 'vitest';
import { associationFor, buildDrugCandidates, type DrugCandidate, type GeneDrugEvidence } from '../../src/analysis/drug-candidates.js';
import { parseIndicationList, parseMechanismList, parseMolecule, parseMoleculeList, parseTargetList } from '../../src/sources/chembl.js';
import { parseGeneInteractions } from '../../src/sources/dgidb.js';
import { parseDrugDetails, parseDrugsDetails, parseTargetClinicalContext, parseTargetsDrugContext, type TargetClinicalContext } from '../../src/sources/opentargets.js';
import { parsePropertyTable } from '../../src/sources/pubchem.js';
import { placeMechanisms } from '../../src/tools/shared/drug-details.js';
import { describeShared, ownJson, sharedJson } from '../support/shared.js';

const data = (source: string, file: string) => sharedJson<{ data: unknown }>(source, file).data;
const byName = (list: readonly DrugCandidate[], name: string): DrugCandidate => {
  const c = list.find((x) => x.name === name);
  if (!c) throw new Error(`${name} missing among ${list.map((x) => x.name).join(', ')}`);
  return c;
};

describeShared('drug candidates on recorded answers (Open Targets, DGIdb, ChEMBL, PubChem)', () => {
  const egfr = parseTargetClinicalContext(data('opentargets', 'target-clinical-context-EGFR-ENSG00000146648.json'), 'ENSG00000146648') as TargetClinicalContext;
  // The lung diseases the recording itself associates with EGFR.
  const lungAssociations = egfr.associations.filter((a) => /lung/i.test(a.diseaseName));
  const disease = { ids: lungAssociations.map((a) => a.diseaseId), name: lungAssociations[0]?.diseaseName ?? '' };
  const dgidb = parseGeneInteractions(data('dgidb', 'gene-EGFR-interactions-minimized.json'), ['EGFR']).get('EGFR');
  const association = associationFor(egfr.associations, disease.ids);

  it('takes the disease context from the recording', () => {
    expect(disease.ids).toEqual(['MONDO_0005233', 'MONDO_0005061', 'MONDO_0008903']);
    expect(association).toEqual({ score: 0.8525670184292347, diseaseId: 'MONDO_0005233', diseaseName: 'non-small cell lung carcinoma' });
  });

  it('merges the genuine Open Targets and DGIdb lists: approved antibodies lead, none is tier I without per-disease indications', () => {
    const list = buildDrugCandidates({ genes: [{ gene: 'EGFR', association, candidates: egfr.candidates, interactions: dgidb?.interactions ?? [] }], disease });
    expect(list).toHaveLength(72);
    expect(list.slice(0, 3).map((c) => c.name)).toEqual(['CETUXIMAB', 'NECITUMUMAB', 'PANITUMUMAB']);
    for (const c of list.slice(0, 3)) {
      expect(c).toMatchObject({ approved: true, maxPhase: 4, tier: 'II', indicatedForDisease: false, sources: ['opentargets', 'dgidb'], targetGenes: ['EGFR'] });
      expect(c.tierReason).toMatch(/^Approved \(DGIdb\); its indications could not be checked.*, so it may already be approved for non-small cell lung carcinoma; acting on EGFR/);
      // DGIdb's sources for the pair, ChEMBL counted once with Open Targets' row.
      expect(c.evidenceCurations[0]).toBe('ChEMBL mechanism');
      expect(c.evidenceQuality).toBe('high');
      expect(c.factors.clinicalPhase.detail).toBe('phase 4 (DGIdb: approved)');
      // Antibodies have no QED: drug-likeness unknown and left out, never a substitute.
      expect(c.factors.drugLikeness.value).toBeNull();
    }
    expect(list.filter((c) => c.tier === 'I')).toEqual([]);
    const afatinib = byName(list, 'AFATINIB');
    expect(afatinib).toMatchObject({ chemblId: 'CHEMBL1173655', otherChemblIds: ['CHEMBL2105712'], tier: 'III', maxPhase: null, evidenceQuality: 'low' });
    expect(afatinib.evidenceQualityReason).toBe('one independent curation: ChEMBL mechanism (via Open Targets)');
  });

  it('pembrolizumab (recorded indications and mechanism): tier I where approved, tier II where approved elsewhere', () => {
    // Real: Open Targets drug sections and the ChEMBL mechanism list of CHEMBL3137343. Doc-shaped:
    // the ChEMBL target of PDCD1 (Q15116 -> CHEMBL3307223) that places the mechanism on the gene.
    const details = parseDrugDetails(data('opentargets', 'drug-sections-pembrolizumab-CHEMBL3137343.json'));
    const mechanisms = parseMechanismList(sharedJson('chembl', 'mechanism-by-molecule-CHEMBL3137343-pembrolizumab.json')).items;
    const targets = parseTargetList(ownJson('chembl', 'targets-by-accessions-P00533-Q15116-doc-shaped.json')).items;
    const chemblTargets = new Map(targets.filter((t) => t.accessions.includes('Q15116')).map((t) => [t.targetChemblId, ['PDCD1']]));
    const genes = placeMechanisms([{ gene: 'PDCD1', association: { score: 0.5 } }], new Map([['CHEMBL3137343', mechanisms]]), chemblTargets);
    const drugs = new Map([['CHEMBL3137343', details]]);
    const inContext = (name: string) => buildDrugCandidates({ genes, disease: { ids: [], name }, drugs })[0]!;

    // The recording selects no drug warnings and no ChEMBL molecule is given: whether it was
    // withdrawn is not known, and the reasons say so (an empty warning list once stood for it).
    const unknown = "; whether it was withdrawn is not known (neither its ChEMBL molecule record nor Open Targets' drug warnings were read).";
    const nsclc = inContext('non-small cell lung carcinoma');
    expect(nsclc).toMatchObject({ name: 'PEMBROLIZUMAB', tier: 'I', indicatedForDisease: true, approved: true, actionTypes: ['INHIBITOR'] });
    expect(nsclc.tierReason).toBe(`Approved for non-small cell lung carcinoma (Open Targets indications; same name as the context), acting on PDCD1 (inhibitor)${unknown}`);
    // An approved drug for another indication is tier II: phase 2 here...
    const pancreas = inContext('pancreatic adenocarcinoma');
    expect(pancreas).toMatchObject({ tier: 'II', indicatedForDisease: false, approved: true });
    expect(pancreas.tierReason).toBe(`Reached phase 2 for pancreatic adenocarcinoma (Open Targets indications; same name as the context), acting on PDCD1 (inhibitor); approved for other indications (ChEMBL max_phase 4)${unknown}`);
    // ...or nothing recorded here.
    const other = inContext('type 2 diabetes mellitus');
    expect(other).toMatchObject({ tier: 'II', indicatedForDisease: false });
    expect(other.tierReason).toMatch(/^Approved for another indication \(ChEMBL max_phase 4; no indication recorded for type 2 diabetes mellitus\)/);
    expect(nsclc.factors.mechanismDirectness.detail).toBe('INHIBITOR on PDCD1 (ChEMBL mechanism: Programmed cell death protein 1 inhibitor)');
    // The biologic's ChEMBL record (doc-shaped subset) has no properties: QED unknown stays null.
    const antibody = parseMolecule(ownJson('chembl', 'molecule-antibody-CHEMBL3137343-doc-shaped.json'));
    const withMolecule = buildDrugCandidates({ genes, disease: { ids: [], name: 'melanoma' }, drugs, molecules: new Map([['CHEMBL3137343', antibody]]) })[0]!;
    expect(withMolecule).toMatchObject({ name: 'PEMBROLIZUMAB', tier: 'I' });
    expect(withMolecule.admet.qed).toBeNull();
    expect(withMolecule.factors.drugLikeness).toMatchObject({ value: null, contribution: null });
    expect(withMolecule.missingFactors).toContain('drugLikeness');
  });

  it('reads drug-likeness as QED only: aspirin 0.55, triclosan (PubChem, no QED) unknown, not 1.0', () => {
    const aspirin = parseMolecule(sharedJson('chembl', 'molecule-CHEMBL25.json'));
    const [triclosan] = parsePropertyTable(sharedJson('pubchem', 'property-cid-5564-all-properties.json'));
    const list = buildDrugCandidates({
      genes: [
        {
          gene: 'PTGS2',
          association: 0.3,
          candidates: [
            { drugId: 'CHEMBL25', name: 'ASPIRIN', drugType: 'Small molecule', stage: null, phase: null, approved: false, withdrawn: false, drugStage: null, drugPhase: null, mechanisms: [{ mechanismOfAction: 'Cyclooxygenase inhibitor', actionType: 'INHIBITOR' }], indications: [], saltForms: [] },
          ],
          interactions: [{ drugName: 'TRICLOSAN', drugConceptId: null, chemblId: null, approved: null, interactionTypes: [], interactionScore: null, sources: [], sourceTrust: [], pmids: [], attributes: [] }],
        },
      ],
      disease: { ids: ['MONDO_0005233'], name: 'non-small cell lung carcinoma' },
      molecules: new Map([['CHEMBL25', aspirin]]),
      pubchem: new Map([['TRICLOSAN', triclosan ?? null]]),
    });
    const a = byName(list, 'ASPIRIN');
    expect(a).toMatchObject({ approved: true, maxPhase: 4, tier: 'II', sources: ['opentargets', 'chembl'] });
    expect(a.factors.drugLikeness).toMatchObject({ value: 0.55, detail: 'QED 0.55 (ChEMBL); Ro5 violations 0 (ChEMBL)' });
    const tri = byName(list, 'TRICLOSAN');
    // MW 289.5, XLogP 5, HBD 1, HBA 2: no violation; the old 1 - v/4 made that 1.0, above aspirin.
    expect(tri.admet).toMatchObject({ molecularWeight: { value: 289.5, source: 'pubchem' }, qed: null, lipinskiViolations: { value: 0, source: 'computed' } });
    expect(tri.factors.drugLikeness).toMatchObject({ value: null, detail: 'QED unknown: no ChEMBL record (QED comes from ChEMBL only); Ro5 violations 0 (computed from PubChem)' });
  });
});

it('Bs-filtered drug context, drug details, ChEMBL indications and a withdrawn drug (doc-shaped answers)', () => {
  const ids = ['ENSG00000146648', 'ENSG00000012048', 'ENSG00000073756'];
  const ctx = parseTargetsDrugContext(ownJson<{ data: unknown }>('opentargets', 'targets-drug-context-EGFR-BRCA1-PTGS2-doc-shaped.json').data, ids, true);
  const nsclc = { ids: ['MONDO_0005233'], name: 'non-small cell lung carcinoma' };
  const genes: GeneDrugEvidence[] = [
    { gene: 'EGFR', association: associationFor(ctx.get(ids[0]!)!.associations!, nsclc.ids), candidates: ctx.get(ids[0]!)!.candidates },
    { gene: 'PTGS2', association: associationFor(ctx.get(ids[2]!)!.associations!, nsclc.ids), candidates: ctx.get(ids[2]!)!.candidates },
  ];
  const drugs = parseDrugsDetails(ownJson<{ data: unknown }>('opentargets', 'drugs-details-ERLOTINIB-ROFECOXIB-doc-shaped.json').data, ['CHEMBL553', 'CHEMBL122']);
  const chembl = parseIndicationList(ownJson('chembl', 'drug-indications-CHEMBL553-CHEMBL122-doc-shaped.json')).items;
  const chemblIndications = new Map(['CHEMBL553', 'CHEMBL122'].map((id) => [id, chembl.filter((r) => r.moleculeChemblId === id)]));
  const molecules = new Map(parseMoleculeList(ownJson('chembl', 'molecules-rofecoxib-withdrawn-CHEMBL122-doc-shaped.json')).items.map((m) => [m.chemblId, m]));
  const list = buildDrugCandidates({ genes, disease: nsclc, drugs, chemblIndications, molecules });

  // An unassociated target (the Bs-filtered answer lists no row) scores a measured 0.
  const celecoxib = byName(list, 'CELECOXIB');
  expect(celecoxib.factors.targetDiseaseAssociation).toMatchObject({ value: 0, detail: 'Open Targets lists no association of PTGS2 with non-small cell lung carcinoma (asked for exactly this disease)' });
  // A withdrawn drug is never tier I or II, whatever its approvals.
  const rofecoxib = byName(list, 'ROFECOXIB');
  expect(rofecoxib).toMatchObject({ withdrawn: true, approved: false, status: 'withdrawn', tier: 'III', withdrawnReason: 'ChEMBL withdrawn flag' });
  // Erlotinib: approved for NSCLC in both Open Targets and ChEMBL indications.
  const erlotinib = byName(list, 'ERLOTINIB');
  expect(erlotinib).toMatchObject({ tier: 'I', indicatedForDisease: true });
  expect(erlotinib.matchingIndications.map((m) => [m.source, m.phase, m.approved])).toEqual([
    ['Open Targets indications', 4, true],
    ['ChEMBL drug_indication', 4, true],
    ['Open Targets target row', null, false],
  ]);
  // ...and not for colorectal cancer, where both sources record phase 2.
  const crc = buildDrugCandidates({ genes, disease: { ids: ['MONDO_0005575'], name: 'colorectal cancer' }, drugs, chemblIndications, molecules });
  expect(byName(crc, 'ERLOTINIB')).toMatchObject({ tier: 'II', indicatedForDisease: false });
  expect(byName(crc, 'ROFECOXIB').tier).toBe('III');
});

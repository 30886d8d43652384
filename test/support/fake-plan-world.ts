// The upstreams of svc_generate_validation_plan on the fake upstream server: the fake world of the
// panel tools (HGNC, PubMed, Europe PMC, ...) plus the answers a plan needs, from the project's
// doc-shaped fixtures (test/fixtures/{chembl,cellosaurus,clinicaltrials,opentargets}/README.md) and
// ../shared recordings.
//
// Composed rather than replayed, and why:
// - HGNC: two more genes (PARP1, PTEN) in the fake world's document shape, with HGNC's identifiers.
// - Open Targets DrugsDetails: the shape of the recorded pembrolizumab answer, with the drug's
//   id, name and target (olaparib -> PARP1, gefitinib -> EGFR); an unknown search answers no hits.
// - ChEMBL: a gefitinib synonym search is the olaparib fixture with gefitinib's id and name; molecule
//   batches answer the records of the ids asked from the doc-shaped files; mechanisms and activities
//   are filtered to the molecules asked, as the API's `__in` filters do.
// - Cellosaurus: the doc-shaped searches answer by the disease words and gene in the query.
// - CIViC: resistance evidence for EGFR T790M (doc-shaped); any other profile has none.
import { routeFakeHgnc } from './fake-hgnc.js';
import type { FakeUpstream } from './fake-upstream.js';
import { GENES, hgncDoc, mountFakeWorld, type FakeWorld, type WorldGene, type WorldOptions } from './fake-world.js';
import { ownFixture, sharedJson } from './shared.js';

type Doc = Record<string, unknown>;
const own = <T = Doc>(source: string, file: string): T => JSON.parse(ownFixture(source, file)) as T;

/** HGNC identifiers as published by HGNC (PARP1: HGNC:270, PTEN: HGNC:9588). */
export const PLAN_GENES: WorldGene[] = [
  ...GENES,
  { symbol: 'PARP1', hgncId: 'HGNC:270', ensembl: 'ENSG00000143799', uniprot: 'P09874', name: 'poly(ADP-ribose) polymerase 1', aliases: ['PARP', 'PPOL', 'ARTD1', 'PARP-1'], previous: ['ADPRT'] },
  { symbol: 'PTEN', hgncId: 'HGNC:9588', ensembl: 'ENSG00000171862', uniprot: 'P60484', name: 'phosphatase and tensin homolog', aliases: ['MMAC1', 'TEP1'], previous: ['BZS', 'MHAM'] },
];

/** Articles of the plan world: EGFR inhibition in NSCLC and PARP1/BRCA1 synthetic lethality (written for the tests). */
export const PLAN_ARTICLES = [
  { pmid: '3001', title: 'EGFR inhibitors in EGFR-mutant NSCLC', abstract: 'EGFR tyrosine kinase inhibitors reduce proliferation of EGFR-mutant non-small cell lung carcinoma.' },
  { pmid: '3002', title: 'Gefitinib sensitivity of lung cancer cell lines', abstract: 'EGFR inhibitors reduce the growth of cell lines carrying EGFR mutations.' },
  { pmid: '3003', title: 'Xenograft response to EGFR inhibition', abstract: 'EGFR inhibition suppresses the growth of non-small cell lung carcinoma xenografts.' },
  { pmid: '3004', title: 'EGFR inhibitors in patients', abstract: 'Patients with EGFR-mutant non-small cell lung carcinoma benefit from EGFR inhibitors.' },
  { pmid: '4001', title: 'PARP1 and BRCA1: synthetic lethality', abstract: 'PARP1 inhibition is synthetically lethal with BRCA1 deficiency in breast cancer.' },
  { pmid: '4002', title: 'PARP inhibitors kill BRCA1-deficient cells', abstract: 'Synthetic lethal PARP1 inhibition selectively kills BRCA1-deficient cell lines.' },
  { pmid: '4003', title: 'PARP1 inhibitors in BRCA1 xenografts', abstract: 'PARP1 inhibitors cause regression of BRCA1-deficient breast cancer xenografts.' },
  // The PMIDs CIViC's EGFR T790M resistance items cite (test/fixtures/civic/README.md); titles as published, abstracts written for the tests.
  { pmid: '15737014', title: 'Acquired resistance of lung adenocarcinomas to gefitinib or erlotinib is associated with a second mutation in the EGFR kinase domain', abstract: 'EGFR T790M predicts resistance to gefitinib and erlotinib in lung adenocarcinoma.' },
  { pmid: '15728811', title: 'EGFR mutation and resistance of non-small-cell lung cancer to gefitinib', abstract: 'EGFR T790M predicts resistance to gefitinib in non-small-cell lung cancer.' },
];
/** Europe PMC searches of the plan world (99999999 is a PMID PubMed does not know). */
export const PLAN_LITERATURE = [
  { terms: ['EGFR', 'inhibitor', 'non-small cell lung carcinoma'], pmids: ['3001', '99999999'], hitCount: 2100 },
  { terms: ['EGFR', 'inhibitor', 'cell lines'], pmids: ['3002'], hitCount: 860 },
  { terms: ['EGFR', 'xenograft', 'non-small cell lung carcinoma'], pmids: ['3003'], hitCount: 240 },
  { terms: ['EGFR', 'patients', 'non-small cell lung carcinoma'], pmids: ['3004'], hitCount: 5200 },
  { terms: ['PARP1', 'BRCA1', 'synthetic lethal', 'breast cancer'], pmids: ['4001'], hitCount: 130 },
  { terms: ['PARP1', 'BRCA1', 'synthetic lethal', 'cell lines'], pmids: ['4002'], hitCount: 45 },
  { terms: ['PARP1', 'BRCA1', 'xenograft', 'breast cancer'], pmids: ['4003'], hitCount: 38 },
];
const DRUGS: Record<string, { name: string; target: string; targetName: string }> = {
  CHEMBL521686: { name: 'OLAPARIB', target: 'PARP1', targetName: 'poly(ADP-ribose) polymerase 1' },
  CHEMBL939: { name: 'GEFITINIB', target: 'EGFR', targetName: 'epidermal growth factor receptor' },
};

const meta = (n: number) => ({ limit: 1000, next: null, offset: 0, previous: null, total_count: n });

export function mountPlanWorld(fake: FakeUpstream, options: WorldOptions): FakeWorld {
  const world = mountFakeWorld(fake, options);
  routeFakeHgnc(fake, [...PLAN_GENES, ...(options.extraGenes ?? [])].map(hgncDoc));

  // ---- Open Targets: disease search by the text asked; drug indications and targets.
  const drugShape = sharedJson<{ data: { drug: Doc } }>('opentargets', 'drug-sections-pembrolizumab-CHEMBL3137343.json').data.drug;
  fake.route('POST', '/opentargets/graphql', (req) => {
    const { query, variables } = JSON.parse(req.body) as { query: string; variables: Record<string, unknown> };
    if (query.includes('SearchDisease')) {
      const text = String(variables.queryString ?? '').toLowerCase();
      if (text.includes('lung')) return { body: own('opentargets', 'search-disease-nsclc-doc-shaped.json') };
      if (text.includes('breast')) return { body: own('opentargets', 'search-disease-breast-cancer-doc-shaped.json') };
      return { body: { data: { search: { total: 0, hits: [] } } } };
    }
    if (query.includes('query DrugsDetails')) {
      const ids = (variables.chemblIds as string[]).filter((id) => DRUGS[id]);
      return {
        body: {
          data: {
            drugs: ids.map((id) => ({ ...drugShape, id, name: DRUGS[id]!.name, mechanismsOfAction: { rows: [{ mechanismOfAction: `${DRUGS[id]!.targetName} inhibitor`, actionType: 'INHIBITOR', targets: [{ id: 'ENSG', approvedSymbol: DRUGS[id]!.target }] }] } })),
          },
        },
      };
    }
    return { status: 400, body: { errors: [{ message: `fake plan world: no answer for ${query.slice(0, 60)}` }] } };
  });

  // ---- ChEMBL
  const olaparib = own<{ molecules: Doc[] }>('chembl', 'molecules-synonym-olaparib-doc-shaped.json');
  const gefitinib = { ...olaparib, molecules: olaparib.molecules.map((m) => ({ ...m, molecule_chembl_id: 'CHEMBL939', pref_name: 'GEFITINIB', molecule_hierarchy: { active_chembl_id: 'CHEMBL939', molecule_chembl_id: 'CHEMBL939', parent_chembl_id: 'CHEMBL939' } })) };
  const records: Doc[] = [
    ...own<{ molecules: Doc[] }>('chembl', 'molecules-EGFR-top-drugs-doc-shaped.json').molecules,
    ...olaparib.molecules,
    { ...olaparib.molecules[0]!, molecule_chembl_id: 'CHEMBL3137320', pref_name: 'TALAZOPARIB', molecule_hierarchy: { active_chembl_id: 'CHEMBL3137320', molecule_chembl_id: 'CHEMBL3137320', parent_chembl_id: 'CHEMBL3137320' } },
  ];
  fake.route('GET', '/chembl/molecule.json', (req) => {
    const synonym = req.query.get('molecule_synonyms__molecule_synonym__iexact');
    if (synonym !== null) {
      const word = synonym.toLowerCase();
      if (word === 'olaparib') return { body: olaparib };
      if (word === 'gefitinib') return { body: gefitinib };
      return { body: own('chembl', 'molecules-synonym-none-doc-shaped.json') };
    }
    const ids = (req.query.get('molecule_chembl_id__in') ?? '').split(',');
    const found = records.filter((m) => ids.includes(m.molecule_chembl_id as string));
    return { body: { molecules: found, page_meta: meta(found.length) } };
  });
  const targets: Record<string, string> = { P00533: 'target-by-accession-P00533-doc-shaped.json', P09874: 'target-by-accession-P09874-doc-shaped.json' };
  fake.route('GET', '/chembl/target.json', (req) => {
    const file = targets[req.query.get('target_components__accession') ?? ''];
    return { body: file ? own('chembl', file) : { targets: [], page_meta: meta(0) } };
  });
  const mechanisms = [
    ...own<{ mechanisms: Doc[] }>('chembl', 'mechanism-by-target-CHEMBL203-doc-shaped.json').mechanisms,
    ...own<{ mechanisms: Doc[] }>('chembl', 'mechanism-by-target-CHEMBL3105-doc-shaped.json').mechanisms,
  ];
  fake.route('GET', '/chembl/mechanism.json', (req) => {
    const target = req.query.get('target_chembl_id');
    const ids = req.query.get('molecule_chembl_id__in')?.split(',');
    const rows = mechanisms.filter((m) => (target ? m.target_chembl_id === target : ids?.includes(m.molecule_chembl_id as string)));
    return { body: { mechanisms: rows, page_meta: meta(rows.length) } };
  });
  const activities = [
    ...own<{ activities: Doc[] }>('chembl', 'activity-target-CHEMBL203-doc-shaped.json').activities,
    ...own<{ activities: Doc[] }>('chembl', 'activity-target-CHEMBL3105-doc-shaped.json').activities,
  ];
  fake.route('GET', '/chembl/activity.json', (req) => {
    const ids = req.query.get('molecule_chembl_id__in')?.split(',');
    const rows = activities.filter((a) => a.target_chembl_id === req.query.get('target_chembl_id') && (!ids || ids.includes(a.molecule_chembl_id as string)));
    return { body: { activities: rows, page_meta: meta(rows.length) } };
  });

  // ---- Cellosaurus: by the gene on `var` and the disease words on `di`.
  fake.route('GET', '/cellosaurus/search/cell-line', (req) => {
    const q = req.query.get('q') ?? '';
    const gene = /var:"([^"]+)"/.exec(q)?.[1];
    const organ = /di:"[^"]*\blung\b/.test(q) ? 'lung' : /di:"[^"]*\bbreast\b/.test(q) ? 'breast' : null;
    const file = organ && gene ? `search-di-${organ}-var-${gene}-doc-shaped.json` : organ ? `search-di-${organ}-doc-shaped.json` : null;
    const known = ['search-di-lung-var-EGFR-doc-shaped.json', 'search-di-lung-doc-shaped.json', 'search-di-breast-var-BRCA1-doc-shaped.json', 'search-di-breast-doc-shaped.json'];
    return { body: own('cellosaurus', file && known.includes(file) ? file : 'search-no-match-doc-shaped.json') };
  });

  // ---- CIViC: the resistance query, by the profile asked.
  fake.route('POST', '/civic/api/graphql', (req) => {
    const { variables } = JSON.parse(req.body) as { variables: { molecularProfileName?: string } };
    return { body: own('civic', variables.molecularProfileName === 'EGFR T790M' ? 'resistance-EGFR-T790M-doc-shaped.json' : 'resistance-none-doc-shaped.json') };
  });

  // ---- ClinicalTrials.gov: EGFR in lung cancer, PARP1 or olaparib in breast cancer.
  fake.route('GET', '/clinicaltrials/studies', (req) => {
    const term = req.query.get('query.term') ?? '';
    const intervention = (req.query.get('query.intr') ?? '').toLowerCase();
    const condition = (req.query.get('query.cond') ?? '').toLowerCase();
    if (term === 'EGFR' && condition.includes('lung')) return { body: own('clinicaltrials', 'search-EGFR-nsclc-active-doc-shaped.json') };
    if ((term === 'PARP1' || intervention === 'olaparib') && condition.includes('breast')) return { body: own('clinicaltrials', 'search-PARP1-breast-active-doc-shaped.json') };
    return { body: own('clinicaltrials', 'search-no-matches-doc-shaped.json') };
  });
  return world;
}

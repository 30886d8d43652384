// Drug candidate gathering, round 3: details of the best draft candidates, all asked together in
// batched requests. Open Targets drugs(chemblIds:) for per-disease indications and withdrawal
// warnings; ChEMBL molecules (ADMET, max_phase, withdrawn flag), mechanisms (placed on panel
// genes through the ChEMBL targets of round 2) and drug_indication rows, each with `__in` filters;
// PubChem by name where ChEMBL has no id; Europe PMC for the literature factor and the drug-target
// statements. Then the final ranking.
import {
  buildDrugCandidates,
  firstTarget,
  rankCountedFirst,
  type DiseaseContext,
  type DrugCandidate,
  type DrugCandidateInput,
  type GeneDrugEvidence,
  type LiteratureSupport,
} from '../../analysis/drug-candidates.js';
import type { EnrichmentRow } from '../../analysis/enrichment.js';
import type { DrugLiterature } from '../../analysis/evidence-brief.js';
import { wordLikeSymbol } from '../../analysis/gene-synonyms.js';
import type { Edge } from '../../analysis/hypotheses.js';
import { readIndications, type ChemblMechanism } from '../../sources/chembl.js';
import type { CompoundProperties } from '../../sources/pubchem.js';
import { CAPS, type Gather } from './gather.js';
import { literature, type Term } from './literature.js';
import { literatureDiseaseNames } from './disease.js';

// `pubchemFailed`: names whose PubChem lookup failed, apart from those PubChem does not know (null
// in `pubchem`), so their ADMET reads "not known" (admet.ts propertyLookups), not "no properties".
type Details = Pick<DrugCandidateInput, 'molecules' | 'pubchem' | 'drugs' | 'chemblIndications'> & {
  mechanisms: Map<string, ChemblMechanism[]> | undefined;
  pubchemFailed: Map<string, string>;
};

/** Everything round 3 asks about the first `max` drafts with a ChEMBL id, in parallel. */
export async function drugDetails(g: Gather, drafts: readonly DrugCandidate[], max: number = CAPS.drugDetails): Promise<Details> {
  const s = g.call.ctx.sources;
  const signal = g.call.signal;
  const withId = drafts.filter((d) => d.chemblId).slice(0, max);
  const ids = [...new Set(withId.map((d) => d.chemblId!.toUpperCase()))];
  // Mechanisms and indications may be recorded on a salt form: ask with every id of the drug.
  const allIds = [...new Set(withId.flatMap((d) => [d.chemblId!, ...d.otherChemblIds].map((x) => x.toUpperCase())))];
  const missing = drafts.filter((d) => !d.chemblId).slice(0, CAPS.pubchemFallbacks);
  if (!ids.length) {
    g.report.skip('chembl', 'no candidate with a ChEMBL id');
    return { mechanisms: undefined, ...(await pubchemFor(g, missing)) };
  }
  const chembl = <T>(fn: () => Promise<T>, degrades: string) => g.report.call('chembl', fn, { degrades });
  const [drugs, molecules, mechanisms, chemblIndications, { pubchem, pubchemFailed }] = await Promise.all([
    g.report.call('opentargets', () => s.opentargets.drugs(ids, signal), { degrades: 'per-disease indications and withdrawal warnings from Open Targets are missing' }),
    chembl(() => s.chembl.molecules(ids, signal), 'ADMET properties, max_phase and withdrawn flags from ChEMBL are missing'),
    chembl(() => s.chembl.mechanismsForMolecules(allIds, signal), 'ChEMBL mechanisms are missing'),
    // A molecule whose rows were cut at ChEMBL's paging cap is left out ("not looked up"): an
    // unread approval row must not read as "no indication here" and offer it as a candidate.
    chembl(() => s.chembl.drugIndications(allIds, signal), 'ChEMBL drug indications are missing').then((rows) => rows && readIndications(rows)),
    pubchemFor(g, missing),
  ]);
  return { drugs, molecules, mechanisms, chemblIndications, pubchem, pubchemFailed };
}

async function pubchemFor(g: Gather, missing: readonly DrugCandidate[]): Promise<Pick<Details, 'pubchem' | 'pubchemFailed'>> {
  if (!missing.length) g.report.skip('pubchem', 'ChEMBL covered every candidate');
  const pubchem = new Map<string, CompoundProperties | null>();
  const pubchemFailed = new Map<string, string>();
  await Promise.all(
    missing.map(async (d) => {
      const hit = await g.report.call('pubchem', () => g.call.ctx.sources.pubchem.byName(d.name, g.call.signal), { degrades: `PubChem properties of ${d.name} are missing` });
      // undefined: the call failed; null: PubChem does not know the name.
      if (hit === undefined) pubchemFailed.set(d.name, 'PubChem');
      else pubchem.set(d.name, hit?.[0] ?? null);
    }),
  );
  return { pubchem, pubchemFailed };
}

/** ChEMBL mechanisms whose target contains a panel gene, added to that gene's evidence. */
export function placeMechanisms(evidence: readonly GeneDrugEvidence[], mechanisms: Map<string, ChemblMechanism[]> | undefined, targets: Map<string, string[]> | undefined): GeneDrugEvidence[] {
  if (!mechanisms || !targets) return [...evidence];
  const byGene = new Map<string, ChemblMechanism[]>();
  const seen = new Set<string>();
  for (const m of [...mechanisms.values()].flat()) {
    for (const gene of (m.targetChemblId && targets.get(m.targetChemblId)) || []) {
      const key = `${gene}|${m.moleculeChemblId}|${m.targetChemblId}|${m.actionType}`;
      if (seen.has(key)) continue;
      seen.add(key);
      byGene.set(gene, [...(byGene.get(gene) ?? []), m]);
    }
  }
  return evidence.map((e) => (byGene.has(e.gene) ? { ...e, mechanisms: [...(e.mechanisms ?? []), ...byGene.get(e.gene)!] } : e));
}

/** The disease as the literature is searched for it: as typed, and as Open Targets matched it (disease.ts). */
export function literatureNames(disease: DiseaseContext): string[] {
  return literatureDiseaseNames(disease.name, disease.names ?? []);
}

/** Drug + disease co-mentions from Europe PMC (the literature factor) and drug + gene PMIDs (brief statements), for the first `max` drafts. */
export async function drugLiterature(
  g: Gather,
  drafts: readonly DrugCandidate[],
  disease: Term,
  max: number = CAPS.drugsForLiterature,
): Promise<{ support: Map<string, LiteratureSupport>; failed: Map<string, string>; statements: DrugLiterature[] }> {
  const top = drafts.slice(0, max);
  const support = new Map<string, LiteratureSupport>();
  // Searched and failed, apart from never searched (beyond the first `max`): the factor says which.
  const failed = new Map<string, string>();
  const statements: DrugLiterature[] = [];
  await Promise.all(
    top.flatMap((d, i) => {
      const name = d.name.toLowerCase();
      // No "drug targets gene" claim from a bare DGIdb pair (a biomarker or case-report link).
      const gene = firstTarget(d);
      const jobs = [
        literature(g, [name, disease], 5).then((lit) => {
          if (lit.count !== null) support.set(d.chemblId ?? d.name, { coMentions: lit.count, pmids: lit.pmids, query: lit.query, source: 'europepmc' });
          else failed.set(d.chemblId ?? d.name, 'Europe PMC');
        }),
      ];
      // No "drug targets MET" statement cited with articles where criteria were met (wordLikeSymbol).
      if (i < CAPS.drugTargetStatements && gene && wordLikeSymbol(gene) === null) {
        jobs.push(literature(g, [name, gene], 3).then((lit) => void (statements[i] = { drug: d.name, gene, pmids: lit.pmids })));
      }
      return jobs;
    }),
  );
  return { support, failed, statements: statements.filter(Boolean) };
}

/** STRING degree of each gene in the given network: the network part of the pathway-centrality factor. */
export function networkDegree(edges: readonly Edge[]): Map<string, number> {
  const degree = new Map<string, number>();
  for (const e of edges) for (const x of [e.a, e.b]) degree.set(x, (degree.get(x) ?? 0) + 1);
  return degree;
}

export async function rankCandidates(
  g: Gather,
  evidence: GeneDrugEvidence[],
  disease: DiseaseContext,
  chemblTargets: Map<string, string[]> | undefined,
  pathways: EnrichmentRow[],
  edges: Edge[],
): Promise<{ ranked: DrugCandidate[]; statements: DrugLiterature[] }> {
  const base = { genes: evidence, disease, pathways, networkDegree: networkDegree(edges) };
  // Drafts decide which drugs deserve the detail and literature calls.
  const drafts = buildDrugCandidates(base);
  if (drafts.length === 0) {
    for (const id of ['chembl', 'pubchem'] as const) g.report.skipAfter(id, 'no drug candidate for this panel', ['opentargets', 'dgidb']);
    return { ranked: [], statements: [] };
  }
  // The literature (a few searches) goes to the drafts the answer lists first, in the final ranking's
  // own order (no draft has a literature count yet, so that is tier, then a role conflict last, then
  // score: rankCountedFirst). By score alone it
  // went to tier III compounds whose few known factors scored high, while the tier II drugs shown at
  // the top had none.
  // The molecule, indication and property lookups too (the first 40): in draft score order they
  // skipped the tier II approved drugs the answer lists 4th-14th ("its ChEMBL molecule was not
  // looked up") while tier III compounds below them were looked up.
  const listed = rankCountedFirst(drafts);
  const [details, lit] = await Promise.all([drugDetails(g, listed), drugLiterature(g, listed, literatureNames(disease))]);
  const { mechanisms, ...rest } = details;
  const genes = placeMechanisms(evidence, mechanisms, chemblTargets);
  // Tiered list: tier I first, then II, then III, by score within a tier.
  // Tier first, then the candidates the literature was counted for, then score (rankCountedFirst).
  const ranked = rankCountedFirst(buildDrugCandidates({ ...base, genes, ...rest, literature: lit.support, literatureFailed: lit.failed }));
  return { ranked, statements: lit.statements };
}

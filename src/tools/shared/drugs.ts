// Drug candidate gathering shared by the panel tools: Open Targets and DGIdb evidence per gene,
// ChEMBL/PubChem details and literature for the drafts, and the ranking that combines them.
import { buildDrugCandidates, rankForTier, type DrugCandidate, type GeneDrugEvidence, type LiteratureSupport } from '../../analysis/drug-candidates.js';
import type { EnrichmentRow } from '../../analysis/enrichment.js';
import type { Edge } from '../../analysis/hypotheses.js';
import type { DrugLiterature } from '../../analysis/evidence-brief.js';
import type { ChemblMolecule } from '../../sources/chembl.js';
import type { CompoundProperties } from '../../sources/pubchem.js';
import type { ToolCall } from '../define.js';
import { CAPS, type Gather } from './gather.js';
import { literature } from './literature.js';
import type { PanelResolution } from './panel.js';

/** Per gene: Open Targets candidates and disease association, DGIdb interactions. */
export async function drugEvidence(g: Gather, panel: PanelResolution, diseaseIds: readonly string[]): Promise<{ evidence: GeneDrugEvidence[]; associations: Map<string, number | null> }> {
  const bySymbol = new Map(panel.results.filter((r) => r.symbol).map((r) => [r.symbol!, r]));
  const ensembl = panel.symbols.map((s) => bySymbol.get(s)?.ensemblGeneId).filter((x): x is string => Boolean(x));
  const [contexts, interactions] = await Promise.all([
    g.report.call('opentargets', () => g.call.ctx.sources.opentargets.clinicalContexts(ensembl, { associations: 200 }, g.call.signal), {
      records: (m) => [...m.values()].reduce((s, c) => s + (c?.candidates.length ?? 0), 0),
      degrades: 'Open Targets drug and clinical candidates are missing',
    }),
    g.report.call('dgidb', () => g.call.ctx.sources.dgidb.interactions(panel.symbols, g.call.signal), {
      records: (m) => [...m.values()].reduce((s, x) => s + (x?.interactions.length ?? 0), 0),
      degrades: 'DGIdb drug-gene interactions are missing',
    }),
  ]);
  const ids = new Set(diseaseIds);
  const associations = new Map<string, number | null>();
  const evidence = panel.symbols.map((symbol): GeneDrugEvidence => {
    const id = bySymbol.get(symbol)?.ensemblGeneId;
    const ctx = id ? contexts?.get(id) : undefined;
    const assoc = ctx?.associations.filter((a) => ids.has(a.diseaseId)).sort((a, b) => b.score - a.score)[0];
    associations.set(symbol, ctx ? (assoc?.score ?? null) : null);
    return {
      gene: symbol,
      ...(ctx ? { association: assoc ? { score: assoc.score, diseaseId: assoc.diseaseId, diseaseName: assoc.diseaseName } : null, candidates: ctx.candidates } : {}),
      ...(interactions ? { interactions: interactions.get(symbol)?.interactions ?? [] } : {}),
    };
  });
  return { evidence, associations };
}

/** ChEMBL molecules (ADMET, phase, withdrawal) for the best-ranked drafts; PubChem where ChEMBL has no id. */
export async function drugDetails(g: Gather, drafts: readonly DrugCandidate[]): Promise<{ molecules: Map<string, ChemblMolecule | null>; pubchem: Map<string, CompoundProperties | null> }> {
  const ids = [...new Set(drafts.flatMap((d) => (d.chemblId ? [d.chemblId] : [])))].slice(0, CAPS.chemblMolecules);
  const missing = drafts.filter((d) => !d.chemblId).slice(0, CAPS.pubchemFallbacks);
  const [molecules, pubchem] = await Promise.all([
    ids.length
      ? g.report.call('chembl', () => g.call.ctx.sources.chembl.molecules(ids, g.call.signal), { degrades: 'ADMET properties from ChEMBL are missing' })
      : Promise.resolve(undefined),
    Promise.all(
      missing.map(async (d) => {
        const found = await g.report.call('pubchem', () => g.call.ctx.sources.pubchem.byName(d.name, g.call.signal), { degrades: `PubChem properties of ${d.name} are missing` });
        return [d.name, found?.[0] ?? null] as const;
      }),
    ),
  ]);
  if (!ids.length) g.report.skip('chembl', 'no candidate with a ChEMBL id');
  if (!missing.length) g.report.skip('pubchem', 'ChEMBL covered every candidate');
  return { molecules: molecules ?? new Map(), pubchem: new Map(pubchem) };
}

/** Drug + disease co-mentions (the literature factor) and drug + gene PMIDs (brief statements). */
export async function drugLiterature(g: Gather, drafts: readonly DrugCandidate[], disease: string): Promise<{ support: Map<string, LiteratureSupport>; statements: DrugLiterature[] }> {
  const top = drafts.slice(0, CAPS.drugsForLiterature);
  const support = new Map<string, LiteratureSupport>();
  const statements: DrugLiterature[] = [];
  await Promise.all(
    top.flatMap((d, i) => {
      const name = d.name.toLowerCase();
      const gene = d.targetGenes[0];
      const jobs = [
        literature(g, [name, disease], 5).then((lit) => {
          if (lit.count !== null) support.set(d.chemblId ?? d.name, { coMentions: lit.count, pmids: lit.pmids, query: lit.query });
        }),
      ];
      if (i < CAPS.drugTargetStatements && gene) {
        jobs.push(literature(g, [name, gene], 3).then((lit) => void (statements[i] = { drug: d.name, gene, pmids: lit.pmids })));
      }
      return jobs;
    }),
  );
  return { support, statements: statements.filter(Boolean) };
}

/** Why drug candidates are absent, or undefined when they are analysed (DESIGN.md 2.3). */
export function drugAnalysisNote(includeDrugs: boolean, call: ToolCall): string | undefined {
  if (!includeDrugs) return 'Drug analysis skipped: includeDrugs is false (pathway-only analysis; no drug sources were called).';
  if (call.tier === 'free') {
    return 'Ranked drug candidates are not included for the free tier. Use an API key of tier "researcher" (X-API-Key header), or run biointel locally, to get tiered candidates with scores and ADMET.';
  }
  return undefined;
}

export async function rankCandidates(
  g: Gather,
  evidence: GeneDrugEvidence[],
  disease: { ids: string[]; name: string },
  pathways: EnrichmentRow[],
  edges: Edge[],
): Promise<{ ranked: DrugCandidate[]; statements: { drug: string; gene: string; pmids: string[] }[] }> {
  const networkDegree = new Map<string, number>();
  for (const e of edges) for (const x of [e.a, e.b]) networkDegree.set(x, (networkDegree.get(x) ?? 0) + 1);
  const base = { genes: evidence, disease, pathways, networkDegree };
  // Drafts decide which drugs deserve the (per-drug) detail and literature calls.
  const drafts = buildDrugCandidates(base);
  if (drafts.length === 0) {
    for (const id of ['chembl', 'pubchem'] as const) g.report.skip(id, 'no drug candidate for this panel');
    return { ranked: [], statements: [] };
  }
  const [details, literature] = await Promise.all([drugDetails(g, drafts), drugLiterature(g, drafts, disease.name)]);
  // Tiered list: tier I first, then II, then III, by score within a tier.
  const ranked = rankForTier(buildDrugCandidates({ ...base, molecules: details.molecules, pubchem: details.pubchem, literature: literature.support }), 'all');
  return { ranked, statements: literature.statements };
}

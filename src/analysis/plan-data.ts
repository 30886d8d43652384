// The data a validation plan builds on, shaped from what the sources answered (pure): tool compounds
// with their potency (ChEMBL mechanisms, molecules and activities), cell-line models of the disease
// and genotype (Cellosaurus), and the disease names Cellosaurus is asked about.
import type { CellLine } from '../sources/cellosaurus.js';
import type { ChemblMechanism, ChemblMolecule } from '../sources/chembl.js';
import type { ChemblActivity } from '../sources/chembl-potency.js';
import { civicVariantName } from './plan-resistance.js';

export interface Potency {
  /** The activity type most measurements of this compound on the target report (IC50, Ki, Kd, EC50). */
  type: string;
  /** Median pChEMBL (-log10 molar) over the measurements. */
  pchembl: number;
  /** The median as a concentration, in nM. */
  nM: number;
  /** Measurements behind the median. */
  n: number;
}

export interface ToolCompound {
  chemblId: string;
  name: string | null;
  /** The gene whose product it acts on. */
  gene: string;
  targetChemblId: string;
  /** ChEMBL mechanism action type (INHIBITOR, ANTAGONIST...); null for research compounds known only by activity. */
  actionType: string | null;
  maxPhase: number | null;
  withdrawn: boolean | null;
  /** drug: a curated mechanism of action on the target; research: potent in ChEMBL activity data only. */
  kind: 'drug' | 'research';
  /** Null when ChEMBL holds no IC50/Ki/Kd/EC50 with a pChEMBL value for it on this target. */
  potency: Potency | null;
}

export interface CellModel {
  accession: string;
  name: string;
  disease: string | null;
  /** Curated variations in the hypothesis genes, e.g. "EGFR p.Leu858Arg (c.2573T>G)". */
  variants: string[];
  /** Hypothesis genes with a curated variation in this line. */
  carries: string[];
  /** altered: carries a variation in a hypothesis gene; comparison: none listed (not proof of wild type). */
  role: 'altered' | 'comparison';
  url: string;
}

/** Action types that reduce a target's activity (what inhibition-like plans need). */
const INHIBITORY = new Set(['INHIBITOR', 'ANTAGONIST', 'BLOCKER', 'NEGATIVE ALLOSTERIC MODULATOR', 'NEGATIVE MODULATOR', 'ANTISENSE INHIBITOR', 'DEGRADER', 'RNAI INHIBITOR', 'INVERSE AGONIST', 'CROSS-LINKING AGENT', 'DISRUPTING AGENT']);

export function isInhibitory(actionType: string | null | undefined): boolean {
  return Boolean(actionType && INHIBITORY.has(actionType.toUpperCase()));
}

/** Potency per compound (keyed by parent id): median pChEMBL of its valid measurements on the target. */
export function potencyByCompound(activities: readonly ChemblActivity[], parentOf: ReadonlyMap<string, string> = new Map()): Map<string, Potency> {
  const groups = new Map<string, ChemblActivity[]>();
  for (const a of activities) {
    if (a.pchembl === null || a.dataValidityComment) continue;
    const id = (a.parentMoleculeChemblId ?? parentOf.get(a.moleculeChemblId) ?? a.moleculeChemblId).toUpperCase();
    groups.set(id, [...(groups.get(id) ?? []), a]);
  }
  const out = new Map<string, Potency>();
  for (const [id, rows] of groups) {
    const values = rows.map((r) => r.pchembl!).sort((x, y) => x - y);
    const mid = values.length >> 1;
    const median = values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
    const pchembl = Math.round(median * 100) / 100;
    out.set(id, { type: mostCommon(rows.map((r) => r.standardType ?? 'potency')), pchembl, nM: toNanomolar(pchembl), n: rows.length });
  }
  return out;
}

/** 10^(9 - pChEMBL), to 3 significant figures. */
export function toNanomolar(pchembl: number): number {
  return Number((10 ** (9 - pchembl)).toPrecision(3));
}

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? 'potency';
}

/**
 * Compounds with a curated mechanism on the target: one per parent molecule, those whose action suits
 * the plan first (inhibitory when `wantInhibitory`), then drugs the hypothesis names (`named`: ChEMBL
 * ids), then the most advanced, then the most potent. Withdrawn drugs stay listed (marked) but go
 * last: a withdrawal is no reason not to use a tool compound, but the plan should not lean on it.
 */
export function mechanismCompounds(
  gene: string,
  targetChemblId: string,
  mechanisms: readonly ChemblMechanism[],
  molecules: ReadonlyMap<string, ChemblMolecule | null>,
  potency: ReadonlyMap<string, Potency>,
  wantInhibitory: boolean,
  named: readonly string[] = [],
  max = 4,
): ToolCompound[] {
  const isNamed = (c: ToolCompound) => named.some((id) => id.toUpperCase() === c.chemblId);
  const byParent = new Map<string, ChemblMechanism>();
  for (const m of mechanisms) {
    const id = (m.parentMoleculeChemblId ?? m.moleculeChemblId).toUpperCase();
    if (!byParent.has(id)) byParent.set(id, m);
  }
  const compounds = [...byParent].map(([id, m]): ToolCompound => {
    const mol = molecules.get(id) ?? null;
    return {
      chemblId: id,
      name: mol?.prefName ?? null,
      gene,
      targetChemblId,
      actionType: m.actionType,
      maxPhase: mol?.maxPhase ?? m.maxPhase,
      withdrawn: mol?.withdrawn ?? null,
      kind: 'drug',
      potency: potency.get(id) ?? null,
    };
  });
  const suits = (c: ToolCompound) => (wantInhibitory ? isInhibitory(c.actionType) : true);
  return compounds
    .sort(
      (a, b) =>
        Number(suits(b)) - Number(suits(a)) ||
        Number(a.withdrawn === true) - Number(b.withdrawn === true) ||
        Number(isNamed(b)) - Number(isNamed(a)) ||
        (b.maxPhase ?? -1) - (a.maxPhase ?? -1) ||
        (b.potency?.pchembl ?? 0) - (a.potency?.pchembl ?? 0) ||
        a.chemblId.localeCompare(b.chemblId),
    )
    .slice(0, max);
}

/** The most potent compounds of a target in ChEMBL activity data (for targets without a drug). */
export function researchCompounds(gene: string, targetChemblId: string, activities: readonly ChemblActivity[], max = 3): ToolCompound[] {
  const potency = potencyByCompound(activities);
  const names = new Map(activities.map((a) => [(a.parentMoleculeChemblId ?? a.moleculeChemblId).toUpperCase(), a.moleculeName]));
  return [...potency]
    .sort((a, b) => b[1].pchembl - a[1].pchembl || b[1].n - a[1].n || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([id, p]) => ({ chemblId: id, name: names.get(id) ?? null, gene, targetChemblId, actionType: null, maxPhase: null, withdrawn: null, kind: 'research', potency: p }));
}

/**
 * Disease names to search Cellosaurus with: the matched disease and its related matches, each also
 * with "cancer" read as "carcinoma" (Cellosaurus labels diseases with NCIt terms, which say carcinoma).
 */
export function cellosaurusDiseaseNames(names: readonly string[], max = 4): string[] {
  const out: string[] = [];
  for (const n of names) {
    const name = n.trim().toLowerCase();
    if (!name) continue;
    for (const v of [name.replace(/\bcancers?\b/g, 'carcinoma'), name]) if (!out.includes(v)) out.push(v);
  }
  return out.slice(0, max);
}

/**
 * The kind of variation that makes a line "altered" for a hypothesis: an amplification for a gene
 * said to be overexpressed or amplified, a mutation for one said to be mutated or activated, a
 * truncating mutation or a deletion for one said to be lost, any kind otherwise (a marker, a
 * dependency). A missense or in-frame change is not a loss: EGFR's exon-19 deletion activates it.
 */
export type AlterationKind = 'amplification' | 'mutation' | 'loss' | 'any';

/** Each kind in words: "EGFR amplification listed by Cellosaurus", "no line with a curated EGFR mutation". */
export const ALTERATION_KIND_WORDS: Record<AlterationKind, string> = { amplification: 'amplification', mutation: 'mutation', loss: 'truncating mutation or deletion', any: 'variation' };

/** Cellosaurus `variation-type` values of each kind (Mutation, Gene amplification, Gene deletion, Gene fusion). */
const KIND_TYPES: Record<Exclude<AlterationKind, 'loss' | 'any'>, RegExp> = {
  amplification: /amplification/i,
  mutation: /^mutation$/i,
};

/**
 * A mutation that truncates the protein, read from its HGVS description: a frameshift (p.Gln1756Profs*74),
 * a stop (p.Arg306Ter, p.R306*), a canonical splice site (c.5277+1G>A) or a lost start codon.
 */
const TRUNCATING = /fs\b|fs\*|Ter\b|\bp\.[A-Z][a-z]{0,2}\d+\*|c\.\d+[+-][12][ACGT]>|p\.Met1\?|p\.0\b/;

export function variationOfKind(v: { type: string | null; description?: string | null }, kind: AlterationKind, variant: string | null = null): boolean {
  if (variant) return /^mutation$/i.test(v.type ?? 'Mutation') && carriesVariant(v.description ?? '', variant);
  if (kind === 'any') return true;
  const type = v.type ?? 'Mutation';
  if (kind === 'loss') return /deletion/i.test(type) || (/^mutation$/i.test(type) && TRUNCATING.test(v.description ?? ''));
  return KIND_TYPES[kind].test(type);
}

/**
 * Whether an HGVS description is the variant a hypothesis names: a protein change by its CIViC name
 * ("p.Gly12Cys" is G12C; A549's p.Gly12Ser is not), an exon deletion or insertion as an in-frame
 * deletion or insertion (Cellosaurus gives no exon numbers: the nearest reading it allows).
 */
function carriesVariant(description: string, variant: string): boolean {
  const protein = /p\.\(?[A-Za-z0-9_*]+\)?/.exec(description)?.[0];
  if (/^exon /i.test(variant)) {
    if (!protein || /fs/.test(protein)) return false;
    return /delet|del$/i.test(variant) ? /del(?!ins)/.test(protein) : /insert|ins$/i.test(variant) ? /ins|dup/.test(protein) : false;
  }
  return Boolean(protein && civicVariantName(protein)?.toUpperCase() === variant.toUpperCase());
}

export interface ModelSelection {
  models: CellModel[];
  /** Lines with a variation in the genes of another kind than the hypothesis names: neither side. */
  otherKind: { name: string; variants: string[] }[];
}

/**
 * Models from the searches: lines carrying a curated variation of the hypothesis' kind in one of its
 * genes first (from the gene-specific searches and the disease-wide one), then disease lines with no
 * variation in those genes listed, as comparisons. A line whose variations in the genes are all of
 * another kind (an EGFR point mutation, for an EGFR-amplification hypothesis) is on neither side:
 * it is not the alteration asked about, and it is no clean comparison either.
 */
export function selectModels(searches: readonly (readonly CellLine[])[], genes: readonly string[], max = 8, kind: AlterationKind = 'any'): CellModel[] {
  return selectModelsOfKind(searches, genes, max, kind).models;
}

export function selectModelsOfKind(searches: readonly (readonly CellLine[])[], genes: readonly string[], max = 8, kind: AlterationKind = 'any', variant: string | null = null): ModelSelection {
  const wanted = new Set(genes.map((g) => g.toUpperCase()));
  const seen = new Map<string, CellModel>();
  const otherKind = new Map<string, { name: string; variants: string[] }>();
  const describe = (v: CellLine['variations'][number]) => `${v.gene} ${v.description ?? v.type ?? 'variation'}${v.description && v.type && v.type !== 'Mutation' ? ` (${v.type})` : ''}`;
  for (const line of searches.flat()) {
    if (seen.has(line.accession) || otherKind.has(line.accession)) continue;
    const inGenes = line.variations.filter((v) => v.gene && wanted.has(v.gene.toUpperCase()));
    const hits = inGenes.filter((v) => variationOfKind(v, kind, variant));
    // For a named variant, a line with another variant of the gene is a comparison (a G12S line
    // for a G12C inhibitor, an exon-19 line against T790M), shown with what it carries.
    if (inGenes.length && !hits.length && !variant) {
      otherKind.set(line.accession, { name: line.name, variants: inGenes.map(describe) });
      continue;
    }
    seen.set(line.accession, {
      accession: line.accession,
      name: line.name,
      disease: line.diseases[0]?.label ?? null,
      // "Mutation" goes without saying; other types (Gene deletion, Gene amplification...) are shown.
      variants: (hits.length ? hits : inGenes).map(describe),
      carries: [...new Set(hits.map((v) => v.gene!))],
      role: hits.length ? 'altered' : 'comparison',
      url: line.url,
    });
  }
  const all = [...seen.values()];
  const altered = all.filter((m) => m.role === 'altered');
  const comparison = all.filter((m) => m.role === 'comparison');
  // Keep room for comparisons: a plan needs both sides of the contrast.
  const keepComparisons = Math.min(comparison.length, Math.max(2, max - altered.length));
  return { models: [...altered.slice(0, max - keepComparisons), ...comparison.slice(0, keepComparisons)], otherKind: [...otherKind.values()] };
}

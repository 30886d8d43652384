// The genes a repurposing search looks at beyond the panel (svc_prioritize_repurposing): members of
// the panel's most significant enriched pathways and its high-confidence STRING partners. A drug
// acting on one of them can reach the panel's biology without touching a panel gene. Pure.
//
// Decisions (tests pin them):
// - Pathways: the significant rows with the smallest q, at most `pathways` of them, skipping sets
//   larger than `maxSetSize` genes (a 2,000-gene GO process says nothing specific about the panel).
// - STRING partners: the answer of interaction_partners for the panel genes, kept at
//   `minStringScore` (0.7, STRING's "high confidence") or above.
// - A neighbour gene ranks by how many links it has to the panel (partner of k panel genes + member
//   of m of the pathways looked into), then its best STRING score, then its best pathway q, then
//   its name; the first `genes` are kept and the rest counted in `leftOut`.
// - For scoring, the drug engine's pathway centrality counts a gene in each significant pathway
//   it belongs to and its STRING degree; neighbours are added to the pathway rows they are members
//   of and their edges to the panel to the network, so they are measured on the panel's own scale.
import type { EnrichmentRow } from './enrichment.js';
import type { Edge } from './hypotheses.js';
import { pathwayLabel } from './pathway-names.js';

export interface PathwayRef {
  id: string;
  name: string;
  library: string;
  q: number;
}

/** A significant pathway with every gene of its set (not only the panel's overlap). */
export interface PathwayMembers {
  row: EnrichmentRow;
  members: readonly string[];
}

/** One STRING interaction_partners row: `gene` is the panel gene asked about, `partner` the other end. */
export interface Partner {
  gene: string;
  partner: string;
  score: number;
}

export interface NeighbourGene {
  gene: string;
  /** Pathways looked into that contain the gene, best q first. */
  pathways: PathwayRef[];
  /** Panel genes it interacts with in STRING, best score first. */
  partnerOf: { gene: string; score: number }[];
}

export interface Neighbourhood {
  genes: NeighbourGene[];
  /** The pathways whose members were looked into: their size and how many genes they brought. */
  pathways: (PathwayRef & { size: number; added: number })[];
  /** Neighbour genes found beyond the cap (not searched for drugs). */
  leftOut: number;
  /** False when STRING partners were not available (source failed or not asked). */
  stringChecked: boolean;
  /** False when the enrichment could not run (no gene-set library loaded): no pathway's members were searched. */
  pathwaysChecked: boolean;
}

export const NEIGHBOURHOOD_CAPS = { pathways: 5, maxSetSize: 500, genes: 40, minStringScore: 0.7 } as const;

export type NeighbourhoodCaps = { [K in keyof typeof NEIGHBOURHOOD_CAPS]: number };

export function pathwayRef(r: Pick<EnrichmentRow, 'id' | 'name' | 'library' | 'q'>): PathwayRef {
  return { id: r.id, name: pathwayLabel(r.name), library: r.library, q: r.q };
}

const up = (s: string) => s.trim().toUpperCase();

/** The significant pathways a repurposing search looks into (smallest q first, sets not too broad). */
export function pathwaysToSearch(significant: readonly EnrichmentRow[], caps: Pick<NeighbourhoodCaps, 'pathways' | 'maxSetSize'> = NEIGHBOURHOOD_CAPS): EnrichmentRow[] {
  const seen = new Set<string>();
  return [...significant]
    .filter((r) => r.significant && r.K <= caps.maxSetSize)
    .sort((a, b) => a.q - b.q || a.p - b.p)
    .filter((r) => {
      const key = `${r.library}|${r.id}`;
      return seen.has(key) ? false : (seen.add(key), true);
    })
    .slice(0, caps.pathways);
}

/**
 * Neighbour genes of the panel. `pathways` are the rows chosen by pathwaysToSearch with their
 * members (null = the enrichment could not run); `partners` null = STRING could not be asked.
 */
export function neighbourhood(panel: readonly string[], pathways: readonly PathwayMembers[] | null, partners: readonly Partner[] | null, caps: NeighbourhoodCaps = NEIGHBOURHOOD_CAPS): Neighbourhood {
  const inPanel = new Set(panel.map(up));
  const byGene = new Map<string, NeighbourGene>();
  const entry = (gene: string): NeighbourGene => {
    let e = byGene.get(gene);
    if (!e) byGene.set(gene, (e = { gene, pathways: [], partnerOf: [] }));
    return e;
  };
  for (const p of pathways ?? []) {
    for (const m of new Set(p.members.map(up))) if (!inPanel.has(m)) entry(m).pathways.push(pathwayRef(p.row));
  }
  for (const x of partners ?? []) {
    const [a, b] = [up(x.gene), up(x.partner)];
    if (x.score < caps.minStringScore || !inPanel.has(a) || inPanel.has(b)) continue;
    const e = entry(b);
    const prev = e.partnerOf.find((p) => p.gene === a);
    if (!prev) e.partnerOf.push({ gene: a, score: x.score });
    else prev.score = Math.max(prev.score, x.score);
  }
  const links = (g: NeighbourGene) => g.pathways.length + g.partnerOf.length;
  const bestScore = (g: NeighbourGene) => Math.max(0, ...g.partnerOf.map((p) => p.score));
  const bestQ = (g: NeighbourGene) => Math.min(1, ...g.pathways.map((p) => p.q));
  const ranked = [...byGene.values()]
    .map((g) => ({ ...g, pathways: [...g.pathways].sort((a, b) => a.q - b.q), partnerOf: [...g.partnerOf].sort((a, b) => b.score - a.score) }))
    .sort((a, b) => links(b) - links(a) || bestScore(b) - bestScore(a) || bestQ(a) - bestQ(b) || a.gene.localeCompare(b.gene));
  const genes = ranked.slice(0, caps.genes);
  const kept = new Set(genes.map((g) => g.gene));
  return {
    genes,
    pathways: (pathways ?? []).map((p) => ({
      ...pathwayRef(p.row),
      size: p.members.length,
      added: new Set(p.members.map(up).filter((m) => kept.has(m))).size,
    })),
    leftOut: ranked.length - genes.length,
    stringChecked: partners !== null,
    pathwaysChecked: pathways !== null,
  };
}

/**
 * Pathway rows for the drug engine's centrality factor: each significant row with the neighbour
 * genes that are members of its set added to its overlap. `membersOf` null = set not found.
 */
export function scoringPathways(significant: readonly EnrichmentRow[], membersOf: (row: EnrichmentRow) => readonly string[] | null, neighbours: readonly string[]): EnrichmentRow[] {
  const extra = new Set(neighbours.map(up));
  if (extra.size === 0) return [...significant];
  return significant.map((row) => {
    const added = (membersOf(row) ?? []).filter((m) => extra.has(up(m)) && !row.overlapGenes.includes(m));
    return added.length ? { ...row, overlapGenes: [...row.overlapGenes, ...added] } : row;
  });
}

/** The panel network plus each kept neighbour's STRING edges to the panel. */
export function scoringEdges(panelEdges: readonly Edge[], n: Neighbourhood): Edge[] {
  return [...panelEdges, ...n.genes.flatMap((g) => g.partnerOf.map((p) => ({ a: p.gene, b: g.gene, score: p.score })))];
}

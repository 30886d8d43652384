// The first round of every tool that analyses a gene panel in a disease: HGNC resolution, the
// disease in Open Targets and the gene-set libraries, asked together; then the enrichment (pure),
// of which only significant rows are built. What was left out becomes a warning.
import { enrichMany, type EnrichmentResult, type EnrichmentRow } from '../../analysis/enrichment.js';
import type { DiseaseHit } from '../../sources/opentargets.js';
import type { LoadResult } from '../../genesets/service.js';
import { matchDisease } from './disease.js';
import type { Gather } from './gather.js';
import { resolvePanel, type PanelResolution } from './panel.js';

export interface PanelStart {
  panel: PanelResolution;
  diseases: DiseaseHit[];
  libs: LoadResult;
  enrichment: EnrichmentResult[];
  /** Significant rows of every library, smallest q first. */
  significant: EnrichmentRow[];
}

/** `onPanel` runs as soon as the genes are resolved, before the disease and libraries are in: work that needs only the genes starts with round 1. */
export async function startPanel(g: Gather, genes: readonly string[], disease: string, onPanel?: (panel: PanelResolution) => void): Promise<PanelStart> {
  const { report } = g;
  const signal = g.call.signal;
  const [panel, diseases, libs] = await Promise.all([
    resolvePanel(g, genes).then((p) => (onPanel?.(p), p)),
    matchDisease(g, disease),
    g.call.ctx.genesets.load({ report, ...(signal ? { signal } : {}) }),
  ]);
  // Enrichr failures are already in the report's warnings; user GMT files are not fetched, so say it here.
  for (const f of libs.failures.filter((x) => x.path)) report.warnings.push(`gene-set file ${f.path} not used: ${f.error}`);
  report.warnings.push(...libs.warnings);
  if (panel.unresolved.length) report.warnings.push(`unresolved genes left out: ${panel.unresolved.join(', ')}`);
  // Only significant rows are reported, so only they get overlap lists and row objects.
  const enrichment = enrichMany(panel.symbols, libs.libraries.map((l) => l.library), { rows: 'significant' });
  const significant = enrichment.flatMap((e) => e.rows.filter((r) => r.significant)).sort((a, b) => a.q - b.q || a.p - b.p);
  return { panel, diseases, libs, enrichment, significant };
}

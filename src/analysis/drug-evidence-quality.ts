// The evidence-quality flag of a drug candidate: how many independent curations link the drug to
// a panel gene. Sources are not counted by name, because they are not independent: Open Targets
// takes its drug-target links from ChEMBL's curated mechanisms, and DGIdb re-imports ChEMBL among
// its sources. So:
//
//   ChEMBL mechanism curation  one curation, whichever way it arrived: an Open Targets candidate
//                              row, a ChEMBL mechanism record, or a DGIdb claim sourced "ChEMBL".
//   each other DGIdb source    one curation per database (GuideToPharmacology, TTD, CIViC, ...),
//                              unless DGIdb itself labels it "Non-curated" (its sourceTrustLevel).
//
//   high      >= 3 independent curations, one of them a ChEMBL-curated mechanism
//   moderate  >= 2 independent curations
//   low       1 (or only non-curated evidence)
//
// Literature counts and ADMET do not count: they say nothing about the drug acting on the gene.
import type { DrugEvidence } from './drug-merge.js';

export type EvidenceQuality = 'high' | 'moderate' | 'low';

export interface EvidenceQualityResult {
  quality: EvidenceQuality;
  reason: string;
  /** The independent curations counted, e.g. ["ChEMBL mechanism", "GuideToPharmacology", "TTD"]. */
  curations: string[];
}

const CHEMBL = 'ChEMBL mechanism';

export function evidenceQualityOf(drug: Pick<DrugEvidence, 'records'>): EvidenceQualityResult {
  const chemblVia = new Set<string>();
  const others = new Map<string, string>(); // lower-case key -> display name
  const uncurated = new Set<string>();
  for (const rec of drug.records) {
    if (rec.kind === 'opentargets') chemblVia.add('Open Targets');
    else if (rec.kind === 'chembl') chemblVia.add('ChEMBL');
    else {
      const trust = new Map(rec.interaction.sourceTrust.map((t) => [t.source.toLowerCase(), t.level]));
      for (const name of rec.interaction.sources) {
        const key = name.trim().toLowerCase();
        if (key === 'chembl') chemblVia.add('DGIdb');
        else if ((trust.get(key) ?? '').toLowerCase() === 'non-curated') uncurated.add(name);
        else if (!others.has(key)) others.set(key, name);
      }
    }
  }
  const curations = [...(chemblVia.size ? [CHEMBL] : []), ...[...others.values()].sort((a, b) => a.localeCompare(b))];
  const n = curations.length;
  const quality: EvidenceQuality = n >= 3 && chemblVia.size > 0 ? 'high' : n >= 2 ? 'moderate' : 'low';
  const via = chemblVia.size ? ` (via ${[...chemblVia].join(', ')})` : '';
  const named = curations.map((c) => (c === CHEMBL ? `${c}${via}` : c));
  const skipped = uncurated.size ? `; not counted, labelled non-curated by DGIdb: ${[...uncurated].join(', ')}` : '';
  const reason =
    n === 0
      ? `no curated source links the drug to the panel${skipped}`
      : n === 1
        ? `one independent curation: ${named[0]}${skipped}`
        : `${n} independent curations: ${named.join(' + ')}${quality === 'moderate' && n >= 3 ? ' (high needs a ChEMBL-curated mechanism among them)' : ''}${skipped}`;
  return { quality, reason, curations };
}

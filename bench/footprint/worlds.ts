// The recorded worlds the footprint is measured on (test/support/fake-*.ts: real recordings replayed
// by a local server, composed where the header of each file says so):
// - panel: the 4-gene panel of test/integration/generate-insights.test.ts (EGFR, ERBB2, BRAF, BRCA1
//   in breast cancer), every one of the 23 sources answering;
// - panel50: the same world with 46 more genes, the first genes of MSigDB HALLMARK_ESTROGEN_RESPONSE_EARLY
//   (../shared/genesets), so per-gene lists (resolution, literature, brief statements, citation
//   metrics) are long. Composed for this benchmark: their HGNC documents carry the real record shape
//   and the symbol, with an hgnc_id marked "composed" and no Ensembl or UniProt id (this repository
//   holds none for them), and each has one PubMed article and a Europe PMC literature entry
//   written here ("<GENE> is associated with breast cancer.");
// - brief: the EGFR target-brief world of test/integration/target-brief.test.ts;
// - repurpose: the panel world with the Open Targets drug details of the repurposing test (drugs
//   approved elsewhere acting on ERBB2);
// - plan: the validation-plan world of test/integration/validation-plan.test.ts.
import { readFileSync } from 'node:fs';
import { mountBriefUpstream } from '../../test/support/fake-brief.js';
import { routeFakeHgnc } from '../../test/support/fake-hgnc.js';
import { mountPlanWorld, PLAN_ARTICLES, PLAN_LITERATURE } from '../../test/support/fake-plan-world.js';
import type { FakeUpstream } from '../../test/support/fake-upstream.js';
import { GENES, hgncDoc, mountFakeWorld, PANEL_ARTICLES, PANEL_LITERATURE } from '../../test/support/fake-world.js';
import { sharedPath } from '../../test/support/shared.js';

export type WorldName = 'panel' | 'panel50' | 'brief' | 'repurpose' | 'plan';

export const PANEL = GENES.map((g) => g.symbol);
export const DISEASE = 'breast cancer';

const ARTICLES = PANEL_ARTICLES;
const LITERATURE = PANEL_LITERATURE;

/** The 46 genes added to the panel for the 50-gene world. */
export function extraGenes(): string[] {
  const line = readFileSync(sharedPath('genesets', 'msigdb_hallmark_v7.0_symbols.gmt'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith('HALLMARK_ESTROGEN_RESPONSE_EARLY\t'));
  if (!line) throw new Error('HALLMARK_ESTROGEN_RESPONSE_EARLY not found in the shared Hallmark GMT');
  return line.split('\t').slice(2).filter((g) => g && !PANEL.includes(g)).slice(0, 46);
}

export interface MountedWorld {
  genes: string[];
  /** PMIDs PubMed knows in this world (for claims that cite many). */
  pmids: string[];
}

export function mountWorld(fake: FakeUpstream, name: WorldName): MountedWorld {
  if (name === 'brief') {
    mountBriefUpstream(fake);
    return { genes: ['EGFR'], pmids: [] };
  }
  if (name === 'plan') {
    mountPlanWorld(fake, { articles: PLAN_ARTICLES, literature: PLAN_LITERATURE });
    return { genes: ['EGFR'], pmids: PLAN_ARTICLES.map((a) => a.pmid) };
  }
  if (name === 'repurpose') {
    mountFakeWorld(fake, { articles: ARTICLES, literature: LITERATURE, drugDetails: ['drugs-details-ERBB2-repurposing-doc-shaped.json'] });
    return { genes: PANEL, pmids: ARTICLES.map((a) => a.pmid) };
  }
  if (name === 'panel') {
    mountFakeWorld(fake, { articles: ARTICLES, literature: LITERATURE });
    return { genes: PANEL, pmids: ARTICLES.map((a) => a.pmid) };
  }
  const extra = extraGenes();
  const articles = [...ARTICLES, ...extra.map((g, i) => ({ pmid: String(3001 + i), title: `${g} in breast cancer`, abstract: `${g} is associated with breast cancer.` }))];
  const literature = [...LITERATURE, ...extra.map((g, i) => ({ terms: [g, DISEASE], pmids: [String(3001 + i)], hitCount: 100 + i }))];
  mountFakeWorld(fake, { articles, literature });
  const docs = extra.map((symbol) => ({ hgnc_id: `HGNC:composed-${symbol}`, symbol, name: `${symbol} (composed for the footprint benchmark)`, status: 'Approved', locus_type: 'gene with protein product', locus_group: 'protein-coding gene', prev_symbol: [], alias_symbol: [] }));
  routeFakeHgnc(fake, [...GENES.map(hgncDoc), ...docs]); // later routes win: the 50 genes
  return { genes: [...PANEL, ...extra], pmids: articles.map((a) => a.pmid) };
}

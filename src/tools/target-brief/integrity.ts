// The evidence integrity pipeline (DESIGN.md section 5) on the statements of a target brief that
// cite PMIDs: UniProt's function text (its first sentence, citing the PubMed ids UniProt gives)
// and, for the top drugs, DGIdb interactions that carry publications. Uncited statements are not
// judged: they would only count as unsupported.
//
// The pipeline runs esummary (stage 0) and then efetch for the PMIDs that exist. Both are started
// together here, through an Eutils whose efetch answers from the request already in flight: the
// integrity check takes one dependent round instead of two. PMIDs that turn out not to exist
// were fetched for nothing, which costs no extra round. The prefetch starts outside any report
// call (observe()), where the client caches only an answer whose parser ran inside the request:
// efetch's does (sources/eutils.ts), so NCBI's 200 error document or a cut-off answer is not kept.
import type { z } from 'zod';
import { round, runIntegrity, verdictOf } from '../../evidence/pipeline.js';
import type { StatementStatus } from '../../evidence/status.js';
import { notRun, reportIntegrity } from '../shared/integrity.js';
import { splitSentences } from '../../evidence/statements.js';
import { Eutils, type PubmedArticle } from '../../sources/eutils.js';
import type { UpstreamClient } from '../../sources/http.js';
import type { SourceReport } from '../../sources/report.js';
import type { ToolCall } from '../define.js';
import type { integrity as integritySchema } from '../shared/schemas.js';

/** Drug statements judged at most (each costs NLI passes). */
const MAX_DRUG_STATEMENTS = 5;

export interface BriefStatement {
  about: 'function' | 'drug';
  /** The gene, or the drug the statement is about. */
  subject: string;
  text: string;
  pmids: string[];
}

export interface BriefEvidenceRow extends BriefStatement {
  judged: string[];
  /** The statement's verdict (unjudged without a model, unverifiable without abstracts, ...). */
  status: StatementStatus;
  supported: boolean | null;
  bestEntailment: number | null;
  bestPmid?: string;
  skipped?: 'uncited' | 'out_of_range';
}

export interface BriefIntegrity {
  integrity: z.input<typeof integritySchema>;
  evidence: BriefEvidenceRow[];
  /** Cited PMIDs PubMed does not know, and retracted ones: removed from the brief. */
  removed: Set<string>;
}

const ACTION: Record<string, string> = {
  inhibitor: 'is an inhibitor of',
  antagonist: 'is an antagonist of',
  agonist: 'is an agonist of',
  blocker: 'is a blocker of',
  activator: 'is an activator of',
  antibody: 'is an antibody against',
  modulator: 'is a modulator of',
};

export function briefStatements(
  symbol: string,
  fn: { text: string | null; pmids: readonly string[] } | null,
  drugs: readonly { name: string; interactionTypes: readonly string[]; pmids: readonly string[] }[],
): BriefStatement[] {
  const out: BriefStatement[] = [];
  const first = fn?.text ? splitSentences(fn.text)[0] : undefined;
  if (first && fn && fn.pmids.length > 0) out.push({ about: 'function', subject: symbol, text: first, pmids: [...fn.pmids] });
  for (const d of drugs.filter((x) => x.pmids.length > 0).slice(0, MAX_DRUG_STATEMENTS)) {
    const verb = d.interactionTypes.map((t) => ACTION[t.toLowerCase()]).find(Boolean) ?? 'interacts with';
    out.push({ about: 'drug', subject: d.name, text: `${d.name} ${verb} ${symbol}.`, pmids: [...d.pmids] });
  }
  return out;
}

/** Eutils whose efetch answers from a request started earlier (see the file header). */
class PrefetchedEutils extends Eutils {
  constructor(
    http: UpstreamClient,
    private readonly prefetchedIds: ReadonlySet<string>,
    private readonly prefetched: Promise<Map<string, PubmedArticle>>,
  ) {
    super(http);
  }

  override async articles(pmids: readonly string[], signal?: AbortSignal): Promise<Map<string, PubmedArticle>> {
    if (!pmids.every((p) => this.prefetchedIds.has(p))) return super.articles(pmids, signal);
    const all = await this.prefetched;
    return new Map([...all].filter(([p]) => pmids.includes(p)));
  }
}

export async function briefIntegrity(call: ToolCall, report: SourceReport, statements: readonly BriefStatement[]): Promise<BriefIntegrity> {
  const cited = [...new Set(statements.flatMap((s) => s.pmids))];
  if (cited.length === 0) {
    // The cited statements come from UniProt (function) and DGIdb (drugs): with one of them down,
    // "no statement cites a PMID" is no finding about the gene.
    const names: Record<string, string> = { uniprot: 'UniProt', dgidb: 'DGIdb' };
    const failed = report.list().filter((s) => s.id in names && s.status === 'failed').map((s) => names[s.id]!);
    const why = `no statement of this brief cites a PMID${failed.length ? ` (${failed.join(' and ')} failed: the statements ${failed.length > 1 ? 'they give' : 'it gives'} are missing)` : ''}`;
    report.skip('eutils', why);
    return { integrity: notRun(why), evidence: [], removed: new Set() };
  }
  const prefetched = call.ctx.sources.eutils.articles(cited, call.signal);
  prefetched.catch(() => undefined); // a failure surfaces where the pipeline reads the abstracts
  const eutils = new PrefetchedEutils(call.ctx.http, new Set(cited), prefetched);
  const run = await runIntegrity(
    { eutils, nli: call.ctx.nli, report, ...(call.signal ? { signal: call.signal } : {}) },
    statements.map((s) => ({ text: s.text, pmids: s.pmids })),
  );
  const i = run.integrity;
  if (i.hallucinated > 0) {
    report.warnings.push(`PubMed does not know PMID ${i.hallucinatedPmids.join(', ')} cited by the sources; removed from the brief.`);
  }
  // Retracted articles exist but are no evidence: taken out of the brief the same way.
  const removed = new Set([...i.hallucinatedPmids, ...i.retractedPmids]);
  if (i.retracted > 0) report.warnings.push(`Retracted PMID ${i.retractedPmids.join(', ')} cited by the sources; removed from the brief.`);
  return {
    integrity: reportIntegrity(run),
    evidence: run.statements.map((s, k) => ({
      ...(statements[k] as BriefStatement),
      judged: s.judged,
      status: s.status,
      ...verdictOf(s),
      ...(s.bestPmid ? { bestPmid: s.bestPmid } : {}),
      ...(s.skipped ? { skipped: s.skipped } : {}),
    })),
    removed,
  };
}


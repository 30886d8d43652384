// Resolving the gene of a target brief through HGNC, and what happens when that is impossible.
//
// - Approved symbol, previous symbol or alias: used, and the brief says how it resolved.
// - Alias of several genes: invalid input listing them (never a guess).
// - Withdrawn with a replacement HGNC names: the replacement is briefed, with a warning.
// - Unknown, or withdrawn without replacement: NotFoundError naming the gene.
// - HGNC unreachable: rather than failing a brief that the other eleven sources can answer, the
//   input (normalised: upper case, `orf` kept) is used as the symbol if Open Targets (mapIds,
//   exact approvedSymbol) or UniProt (reviewed human entry whose own gene name it is) confirms
//   it; the brief then says `resolvedBy: "unverified"` and warns that aliases and previous
//   symbols could not be resolved. If neither confirms, the HGNC error is the call's error: with
//   no authority reachable, "not found" would be a guess. This costs one extra dependent round,
//   only when HGNC is down.
import { InvalidInputError, NotFoundError, UpstreamError } from '../../errors.js';
import { normaliseSymbol, type ResolvedSymbol } from '../../sources/hgnc.js';
import type { SourceReport } from '../../sources/report.js';
import type { UniProtEntry } from '../../sources/uniprot.js';
import type { ToolCall } from '../define.js';

export type GeneResolution = 'approved' | 'previous' | 'alias' | 'replacement' | 'unverified';

export interface BriefGene {
  input: string;
  symbol: string;
  resolvedBy: GeneResolution;
  hgncId: string | null;
  name: string | null;
  ensemblId: string | null;
  uniprotAccession: string | null;
  entrezId: string | null;
  /** HGNC's locus type ("gene with protein product", "RNA, long non-coding"...); null when not known. */
  locusType: string | null;
  /** The UniProt entry when the fallback already fetched it (saves a request). */
  entry?: UniProtEntry | null;
}

export async function resolveBriefGene(call: ToolCall, report: SourceReport, input: string): Promise<BriefGene> {
  const { hgnc } = call.ctx.sources;
  let r: ResolvedSymbol;
  try {
    r = await report.must('hgnc', () => hgnc.resolveSymbol(input, call.signal), { records: (x) => (x.symbol ? 1 : 0) });
  } catch (err) {
    if (err instanceof UpstreamError) return fallback(call, report, input, err);
    throw err;
  }
  if (r.symbol && (r.how === 'approved' || r.how === 'previous' || r.how === 'alias')) {
    if (r.how !== 'approved') report.warnings.push(`"${input}" is ${r.how === 'alias' ? 'an alias' : 'a previous symbol'} of ${r.symbol} (HGNC ${r.hgncId}); the brief is for ${r.symbol}.`);
    return fromHgnc(input, r, r.how);
  }
  if (r.how === 'ambiguous') {
    throw new InvalidInputError(
      'gene',
      `"${input}" is a previous symbol or alias of several genes (${r.candidates.join(', ')})`,
      'Ask again with one approved HGNC symbol.',
    );
  }
  const replacement = r.how === 'withdrawn' ? r.replacedBy?.symbol : null;
  if (replacement) {
    const next = await report.must('hgnc', () => hgnc.resolveSymbol(replacement, call.signal));
    if (next.symbol && next.how === 'approved') {
      report.warnings.push(`HGNC withdrew "${input}" (${r.hgncId}) and points to ${next.symbol}; the brief is for ${next.symbol}.`);
      return fromHgnc(input, next, 'replacement');
    }
  }
  const hint =
    r.how === 'withdrawn'
      ? `HGNC withdrew "${input}" (${r.hgncId ?? 'no id'}) without a replacement. Check the symbol at https://www.genenames.org.`
      : `HGNC has no approved symbol, previous symbol or alias "${input}". Check the spelling and use the approved HGNC symbol (e.g. TP53, ERBB2).`;
  throw new NotFoundError('gene', input, hint);
}

/**
 * HGNC unreachable and neither fallback confirmed the symbol. "Unknown gene" is said only of what a
 * source answered; a source that could not be reached is named, and the gene is then unchecked,
 * not unknown (offline, BRAF must not read as "not an approved symbol").
 */
function unchecked(input: string, hgncError: UpstreamError, answered: { opentargets: boolean; uniprot: boolean }): UpstreamError {
  const names = { opentargets: 'Open Targets', uniprot: 'UniProt' } as const;
  const down = ['HGNC', ...(['opentargets', 'uniprot'] as const).filter((k) => !answered[k]).map((k) => names[k])];
  const asked = (['opentargets', 'uniprot'] as const).filter((k) => answered[k]).map((k) => names[k]);
  const message = asked.length
    ? `"${input}" could not be checked in HGNC (unreachable), and ${asked.join(' and ')} ${asked.length > 1 ? 'do' : 'does'} not know it as an approved symbol` +
      `${down.length > 1 ? `; ${down.slice(1).join(' and ')} could not be reached either` : ''}; aliases and previous symbols could not be resolved`
    : `"${input}" could not be checked: ${down.join(', ').replace(/, ([^,]*)$/, ' and $1')} could not be reached`;
  return new UpstreamError({
    source: 'hgnc',
    failure: hgncError.failure,
    ...(hgncError.status === undefined ? {} : { status: hgncError.status }),
    message,
    ...(hgncError.upstreamMessage ? { upstreamMessage: hgncError.upstreamMessage } : {}),
    hint: asked.length
      ? 'Give the approved HGNC symbol, or retry when HGNC answers so aliases and previous symbols can be resolved.'
      : 'This says nothing about the gene: retry when the network or the sources are back (`biointel sources` shows their status).',
    cause: hgncError,
  });
}

function fromHgnc(input: string, r: ResolvedSymbol, resolvedBy: GeneResolution): BriefGene {
  return {
    input,
    symbol: r.symbol as string,
    resolvedBy,
    hgncId: r.hgncId,
    name: r.name,
    ensemblId: r.ensemblGeneId,
    uniprotAccession: r.uniprotIds[0] ?? null,
    entrezId: r.entrezId,
    locusType: r.gene?.locusType ?? null,
  };
}

async function fallback(call: ToolCall, report: SourceReport, input: string, hgncError: UpstreamError): Promise<BriefGene> {
  const { opentargets, uniprot } = call.ctx.sources;
  const symbol = normaliseSymbol(input);
  const [mapped, entry] = await Promise.all([
    report.call('opentargets', () => opentargets.mapTargets([symbol], call.signal), { records: (m) => [...m.values()].filter(Boolean).length }),
    report.call('uniprot', () => uniprot.entryForGene(symbol, call.signal)),
  ]);
  const hit = mapped?.get(symbol) ?? null;
  const own = entry && entry.geneName?.toUpperCase() === symbol.toUpperCase() ? entry : null;
  if (!hit && !own) throw unchecked(input, hgncError, { opentargets: mapped !== undefined, uniprot: entry !== undefined });
  const by = [hit ? 'Open Targets' : null, own ? 'UniProt' : null].filter(Boolean).join(' and ');
  report.warnings.push(
    `HGNC could not be reached (${hgncError.message}); "${symbol}" was used as typed, confirmed as a gene symbol by ${by}. ` +
      'Aliases and previous symbols could not be resolved.',
  );
  return {
    input,
    symbol: hit?.symbol ?? own?.geneName ?? symbol,
    resolvedBy: 'unverified',
    hgncId: null,
    name: hit?.name && hit.name !== hit.symbol ? hit.name : null,
    ensemblId: hit?.ensemblId ?? null,
    uniprotAccession: own?.accession ?? null,
    entrezId: null,
    locusType: null,
    entry: own,
  };
}

// Terminal rendering of `biointel enrich` and of the local library cache listing.
import type { EnrichmentRow } from '../../analysis/enrichment.js';
import type { CachedLibrary } from '../../genesets/service.js';
import type { EnrichReport, LibraryReport } from '../enrich.js';
import { heading, style, table } from '../output.js';
import { truncate as clip, pValue } from '../../text.js';
import { enrichmentLowPowerClause, untestedReason } from '../../tools/shared/panel-analysis/enrichment-notes.js';

const OVERLAP_SHOWN = 8;
const NAME_CHARS = 60;

export function renderEnrich(r: EnrichReport): string {
  const lines: string[] = [];
  lines.push(`${heading('Gene panel:')} ${r.genes.length} gene${r.genes.length === 1 ? '' : 's'} (symbols as given, not HGNC-resolved)`);
  lines.push(
    `${r.showing === 'all' ? 'Showing every set with at least one panel gene' : `Showing sets with q <= ${r.qThreshold}`} ` +
      `(hypergeometric upper tail, Benjamini-Hochberg per library), at most ${r.top} per library.`,
  );
  for (const lib of r.libraries) lines.push('', ...renderLibrary(lib, r));
  if (r.failures.length) {
    lines.push('', heading('Libraries not loaded'));
    for (const f of r.failures) lines.push(style('red', `! ${f.error.includes(f.name) ? f.error : `${f.name}: ${f.error}`}`));
  }
  if (r.warnings.length) lines.push('', heading('Warnings'), ...r.warnings.map((w) => `! ${w}`));
  const sources = r.sources.filter((s) => s.status !== 'skipped' || s.note);
  if (sources.length) {
    lines.push('', `Sources: ${sources.map((s) => `${s.id} ${s.status}${s.ms ? ` (${s.ms} ms)` : ''}${s.note ? ` - ${s.note}` : ''}`).join('; ')}`);
  }
  return lines.join('\n');
}

function renderLibrary(lib: LibraryReport, r: EnrichReport): string[] {
  const origin = lib.origin === 'enrichr' ? `Enrichr, downloaded ${lib.fetchedAt?.slice(0, 10) ?? '?'}` : `file ${lib.path}`;
  const out = [
    `${heading(lib.library)}  (${origin}; sha256 ${lib.sha256.slice(0, 12)})`,
    `N ${fmtInt(lib.N)} genes, n ${lib.n} panel genes in the library, ${fmtInt(lib.tested)} of ${fmtInt(lib.sets)} sets tested; ` +
      `${lib.significant} significant, ${lib.withOverlap} with overlap`,
  ];
  const untested = untestedReason(lib);
  const lowPower = untested ? undefined : enrichmentLowPowerClause([lib], r.genes.length);
  if (lib.n === 0) {
    // Nothing was testable: not a finding that no set is enriched.
    out.push(style('yellow', 'Not tested: no panel gene is in this library, so it says nothing about enrichment (check the symbols, or use HGNC-resolved ones: `biointel analyze`).'));
  } else if (untested) {
    // No set of the sizes tested (or none holding a panel gene): no set could reach q, whatever the genes.
    out.push(style('yellow', `Not tested (${untested}): this library says nothing about enrichment of this panel.`));
  } else if (lib.rows.length === 0) {
    const none = r.showing === 'all' ? 'No tested set contains a panel gene.' : `No set with q <= ${r.qThreshold}${lib.withOverlap ? ' (use --all to list the sets with overlap)' : ''}.`;
    out.push(none, ...(lowPower ? [style('yellow', `Little power: ${lowPower}; no set with q <= ${r.qThreshold} says little about the genes' pathways.`)] : []));
  } else {
    out.push(
      table(
        lib.rows.map((row) => rowCells(row)),
        ['id', 'name', 'k/K', 'n/N', 'odds ratio', 'p', 'q', 'overlap', 'link'],
      ),
    );
    const hidden = (r.showing === 'all' ? lib.withOverlap : lib.significant) - lib.rows.length;
    if (hidden > 0) out.push(`... ${hidden} more (raise --top)`);
    if (lowPower && !lib.significant) out.push(style('yellow', `Little power: ${lowPower}; no set with q <= ${r.qThreshold} says little about the genes' pathways.`));
  }
  if (lib.notInLibrary.length) out.push(`Not in library (${lib.notInLibrary.length}): ${clip(lib.notInLibrary.join(', '), 200)}`);
  return out;
}

function rowCells(row: EnrichmentRow): string[] {
  const overlap = row.overlapGenes.slice(0, OVERLAP_SHOWN).join(',') + (row.overlapGenes.length > OVERLAP_SHOWN ? `,+${row.overlapGenes.length - OVERLAP_SHOWN}` : '');
  return [
    row.id === row.name ? '' : row.id,
    clip(row.name, NAME_CHARS),
    `${row.k}/${row.K}`,
    `${row.n}/${row.N}`,
    fmtRatio(row.oddsRatio),
    pValue(row.p),
    pValue(row.q),
    overlap,
    row.link ?? '',
  ];
}

export function renderCachedLibraries(dir: string, libs: readonly CachedLibrary[]): string {
  if (libs.length === 0) return `No gene-set library cached in ${dir} yet: the defaults are downloaded on first use.`;
  return [
    `${heading('Gene-set library cache:')} ${dir}`,
    table(
      libs.map((l) => [
        l.name,
        l.sidecar ? l.sidecar.fetchedAt.slice(0, 10) : 'local file',
        fmtBytes(l.bytes),
        l.sidecar ? fmtInt(l.sidecar.sets) : '?',
        l.sidecar ? fmtInt(l.sidecar.genes) : '?',
        l.sidecar ? l.sidecar.sha256.slice(0, 12) : '',
      ]),
      ['library', 'downloaded', 'size', 'sets', 'genes', 'sha256'],
    ),
    'Libraries are kept until you run `biointel enrich --refresh-libraries` (or delete the files).',
  ].join('\n');
}


function fmtRatio(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return x >= 1000 ? x.toExponential(2) : x >= 100 ? x.toFixed(0) : x.toFixed(2);
}

function fmtInt(n: number): string {
  return n.toLocaleString('en-US');
}

function fmtBytes(n: number): string {
  return n >= 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}


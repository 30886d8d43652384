// Report section on the focus genes: protein, structure, genetics and clinical evidence side by side,
// each cell linking to its source so a reader can check it.
import type { InsightsOutput } from '../tools/shared/panel-analysis/schema.js';
import { LOEUF_INTOLERANT_BELOW } from '../sources/gnomad.js';
import { html, join, link, pmidLinks, type SafeHtml } from './escape.js';
import { fixed } from './format.js';
import { sourceFailed } from '../source-status.js';
import { civicInDisease, failedForGene } from '../tools/shared/panel-analysis/focus-gaps.js';

type Profile = InsightsOutput['focusGenes'][number];

export function genesSection(r: InsightsOutput): SafeHtml {
  const x = r.enrichmentCrossCheck;
  const crossCheck = x
    ? html`<p class="muted">g:Profiler (${x.version ?? 'version unknown'}), run independently on the same genes with its own annotations and FDR, confirms ${x.confirmed} of the ${x.checked} reported pathways.</p>`
    : html`<p class="muted">The g:Profiler cross-check was not available for this analysis.</p>`;
  if (r.focusGenes.length === 0) return html`<section id="genes"><h2>Focus genes</h2>${crossCheck}<p class="empty">No gene was profiled.</p></section>`;
  // An empty cell whose source failed says so; a dash alone would read as "nothing there". AlphaFold,
  // CIViC and ClinPGx are asked per gene: one gene's failed call is not known for that gene alone.
  const failed = (source: string) => sourceFailed(r.sources, source);
  const or = (f: Profile, cell: SafeHtml | string, source: string, name: string) =>
    cell !== '—' ? cell : failed(source) ? html`<span class="muted">not known (${name} failed)</span>` : failedForGene(r, source, f.symbol) ? html`<span class="muted">not known (${name} failed for this gene)</span>` : cell;
  const rows = r.focusGenes.map(
    (f) =>
      html`<tr><td><strong>${f.symbol}</strong><div class="muted small">${f.why}</div></td><td>${protein(f, failed('uniprot'))}</td><td class="num">${or(f, structure(f), 'alphafold', 'AlphaFold DB')}</td><td class="num">${or(f, constraint(f), 'gnomad', 'gnomAD')}</td><td>${or(f, clinical(f), 'civic', 'CIViC')}</td><td>${or(f, pgx(f), 'pharmgkb', 'ClinPGx')}</td></tr>`,
  );
  return html`<section id="genes"><h2>Focus genes</h2><p class="muted">The panel genes that carry most of the enrichment signal, profiled in UniProt, AlphaFold DB, MyGene.info, Ensembl, gnomAD, CIViC and ClinPGx. A dash: the source has nothing for the gene, or was not asked for it (see Sources); a source that failed, for every gene or for this one, reads "not known".</p>${crossCheck}
<div class="table-wrap"><table><thead><tr><th>Gene</th><th>Protein (UniProt)</th><th class="num">Structure (mean pLDDT)</th><th class="num" title="loss-of-function observed/expected upper bound; < ${LOEUF_INTOLERANT_BELOW} = intolerant (gnomAD v4 guidance)">LOEUF (gnomAD)</th><th>Clinical evidence (CIViC)</th><th>Pharmacogenomics (ClinPGx)</th></tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

function protein(f: Profile, uniprotFailed: boolean): SafeHtml | string {
  const p = f.protein;
  const location = f.gene?.location ? html`<div class="muted small">${f.gene.location}${f.gene.biotype ? ` · ${f.gene.biotype}` : ''}</div>` : '';
  if (!p) return html`${uniprotFailed ? html`<span class="muted">not known (UniProt failed)</span>` : '—'}${location}`;
  return html`${link(p.url, p.name ?? p.accession)}${p.targetClasses.length ? html` <span class="chip">${p.targetClasses.join(', ')}</span>` : ''}${location}`;
}

function structure(f: Profile): SafeHtml | string {
  return f.structure ? html`${link(f.structure.url, fixed(f.structure.meanPlddt, 0))} <span class="muted small">${f.structure.band.replace('_', ' ')}</span>` : '—';
}

function constraint(f: Profile): SafeHtml | string {
  const c = f.constraint;
  if (!c || c.loeuf === null) return '—';
  return html`${link(c.url, fixed(c.loeuf))}${c.lofIntolerant ? html` <span class="badge b-blue">intolerant</span>` : ''}`;
}

function clinical(f: Profile): SafeHtml | string {
  const c = f.clinicalEvidence;
  if (!c) return '—';
  const top = c.top.map((t) => html`<li>${link(t.url, t.name)} <span class="muted small">(${civicPhrase(t)}${t.disease ? `; ${t.disease}` : ''})</span>${t.pmid ? html` ${pmidLinks([t.pmid])}` : ''}</li>`);
  return html`${c.evidenceItems} items, ${c.assertions} assertions, ${inDisease(c)}${top.length ? html`<ul class="small">${join(top, '')}</ul>` : ''}`;
}

/** The CIViC count in the disease as far as the items were read: past one request's list, not a count of all. */
function inDisease(c: NonNullable<Profile['clinicalEvidence']>): string {
  const here = civicInDisease(c);
  if (here.read === 'all') return `${here.count} in this disease`;
  const rest = 'CIViC lists that many a request; the others were not read';
  if (here.read === 'first') return `${here.count === 0 ? 'none' : here.count} in this disease among the first ${here.first} read (${rest})`;
  return 'in this disease: not known (not every item was read)';
}

type CivicItem = NonNullable<Profile['clinicalEvidence']>['top'][number];

/**
 * "BRAF V600E: sensitivity/response to dabrafenib + trametinib, level A", or "...: evidence against
 * sensitivity/response to ivosidenib, level C" when CIViC's direction is DOES_NOT_SUPPORT. Several
 * therapies read as CIViC relates them: "+" combined, "then" sequential, "or" substitutes, ", " not given.
 */
export function civicPhrase(t: CivicItem): string {
  const significance = t.significance.toLowerCase().replace('sensitivityresponse', 'sensitivity/response').replace(/_/g, ' ');
  const join = t.therapyInteraction === 'COMBINATION' ? ' + ' : t.therapyInteraction === 'SEQUENTIAL' ? ' then ' : t.therapyInteraction === 'SUBSTITUTES' ? ' or ' : ', ';
  const therapies = t.therapies.length ? ` to ${t.therapies.join(join)}` : '';
  const against = t.direction === 'DOES_NOT_SUPPORT' ? 'evidence against ' : '';
  return `${t.profile ? `${t.profile}: ` : ''}${against}${significance}${therapies}, level ${t.level}`;
}

function pgx(f: Profile): SafeHtml | string {
  const p = f.pharmacogenomics;
  if (!p) return '—';
  const top = p.top.map((a) => html`<li>${link(a.url, a.name)} <span class="muted small">(level ${a.level ?? '?'})</span></li>`);
  return html`${p.annotations} annotation${p.annotations === 1 ? '' : 's'}${top.length ? html`<ul class="small">${join(top, '')}</ul>` : ''}`;
}

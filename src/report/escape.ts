// HTML building with escaping by default. Every string in an analysis result may carry upstream
// text (pathway names, drug names, error messages), so interpolation escapes unless the value is
// already markup built here: forgetting to escape would need an explicit `raw()`, not an omission.

/** Markup produced by this module (or by `raw` for constant strings); interpolated as is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

function render(v: HtmlValue): string {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return (v as readonly HtmlValue[]).map(render).join('');
  return escapeHtml(String(v));
}

/** Tagged template: the literal parts are trusted markup, every interpolation is escaped. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Trusted constant markup (CSS, fixed snippets). Never pass result data here. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** Joins fragments with a trusted separator. */
export function join(parts: readonly HtmlValue[], separator = ''): SafeHtml {
  return new SafeHtml(parts.map(render).join(separator));
}

/**
 * An upstream link, kept only when it is plain http(s). Anything else (javascript:, data:,
 * relative paths) is dropped: the CSP would block scripts anyway, but a report must not carry them.
 */
export function safeUrl(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** An external link that opens in a new tab and sends no referrer; text when the URL is unsafe. */
export function link(url: string | undefined | null, text: HtmlValue, title?: string): SafeHtml {
  const href = safeUrl(url);
  if (!href) return html`${text}`;
  return html`<a href="${href}" target="_blank" rel="noopener noreferrer"${title ? html` title="${title}"` : ''}>${text}</a>`;
}

const PMID = /^[1-9]\d{0,8}$/;
const CHEMBL_ID = /^CHEMBL\d+$/;

export function pubmedUrl(pmid: string): string | undefined {
  return PMID.test(pmid) ? `https://pubmed.ncbi.nlm.nih.gov/${pmid}/` : undefined;
}

export function chemblUrl(id: string | null): string | undefined {
  return id && CHEMBL_ID.test(id) ? `https://www.ebi.ac.uk/chembl/compound_report_card/${id}/` : undefined;
}

/** "PMIDs a, b" with each id linked to PubMed; empty when there are none. */
export function pmidLinks(pmids: readonly string[]): SafeHtml {
  if (pmids.length === 0) return html``;
  return html`${pmids.length === 1 ? 'PMID' : 'PMIDs'} ${join(pmids.map(pmidLink), ', ')}`;
}

export function pmidLink(pmid: string): SafeHtml {
  const url = pubmedUrl(pmid);
  return url ? html`<a class="pmid" href="${url}" target="_blank" rel="noopener noreferrer" title="PubMed ${pmid}">${pmid}</a>` : html`<span class="pmid">${pmid}</span>`;
}

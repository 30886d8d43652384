// Report sections about trust: the evidence brief with its citations, the integrity panel, the
// sources consulted and the warnings.
import type { InsightsOutput } from '../tools/shared/panel-analysis/schema.js';
import { html, join, pmidLinks, type SafeHtml } from './escape.js';
import { fixed, integer, percent } from './format.js';
import { noStatementsText } from '../tools/shared/summary.js';

type Result = InsightsOutput;
type Statement = Result['evidenceBrief']['statements'][number];

export function briefSection(r: Result): SafeHtml {
  const b = r.evidenceBrief;
  const supported = b.statements.filter((s) => s.status === 'supported').length;
  const items = b.statements.map(statementItem);
  const tally = r.integrity.nliEnabled
    ? html`<p class="muted">${supported} of ${b.statements.length} statements supported: a cited abstract entails the checked claim and none contradicts it (see Integrity).</p>`
    : html`<p class="muted">No statement was judged: no NLI model was available, so the citations were looked up in PubMed but entailment was not checked (see Warnings).</p>`;
  return html`<section id="brief"><h2>Evidence brief <span class="muted small">for a ${b.audience}</span></h2>
<p class="headline">${b.headline}</p><p>${b.summary}</p>${
    b.statements.length ? html`${tally}<ol class="statements">${items}</ol>` : emptyBrief(r)
  }</section>`;
}

const STATUS_MARK: Record<Statement['status'], { symbol: string; tone: 'ok' | 'warn' | 'bad'; title: string }> = {
  grounded: { symbol: '✓', tone: 'ok', title: 'grounded: entailed by the cited abstracts' },
  supported: { symbol: '✓', tone: 'ok', title: 'supported: a cited abstract entails the claim and none contradicts it' },
  contested: { symbol: '±', tone: 'warn', title: 'contested: some cited abstracts entail the claim, others contradict it' },
  contradicted: { symbol: '✗', tone: 'bad', title: 'contradicted: a cited abstract contradicts the claim and none entails it' },
  unsupported: { symbol: '✗', tone: 'bad', title: 'unsupported: no cited abstract entails the claim' },
  unjudged: { symbol: '?', tone: 'warn', title: 'unjudged: no NLI model was available to judge entailment' },
  hallucinated: { symbol: '✗', tone: 'bad', title: 'hallucinated: every cited PMID is unknown to PubMed' },
  unverifiable: { symbol: '?', tone: 'warn', title: 'unverifiable: no cited abstract could be read' },
};

/** The rendered text ends with "[PMID a, b]"; that tail is replaced by links rather than repeated. */
function statementItem(s: Statement): SafeHtml {
  const tail = s.citations.length ? ` [PMID ${s.citations.join(', ')}]` : '';
  const text = tail && s.text.endsWith(tail) ? s.text.slice(0, -tail.length) : s.text;
  const m = STATUS_MARK[s.status];
  const mark = html`<span class="mark ${m.tone}" title="${m.title}">${m.symbol} ${s.status}</span>`;
  return html`<li class="statement ${s.status}" data-statement="${s.id}"><div class="st-head">${mark} <span class="muted small">${s.kind} · ${s.bestEntailment === null ? 'not judged by a model' : `best entailment ${fixed(s.bestEntailment)}`}</span></div>
<p>${text}${s.citations.length ? html` <span class="cites">[${pmidLinks(s.citations)}]</span>` : html` <span class="muted">(no citation)</span>`}</p>
<p class="claim small muted">Checked claim: “${s.claim}”</p></li>`;
}

interface Metric {
  name: string;
  value: string;
  tone: 'ok' | 'warn' | 'bad' | 'neutral';
  explain: string;
}

const NOT_COMPUTED = 'Not computed: PubMed could not be reached, or no cited abstract could be read, so there was nothing to measure.';

function ratio(name: string, x: number | null, show: (x: number) => string, good: (x: number) => boolean, bad: (x: number) => boolean, explain: string, unjudged?: string): Metric {
  // Without a model the figure is "not judged" whatever it holds (older snapshots kept a 0 there).
  if (unjudged) return { name, value: unjudged, tone: 'warn', explain: `${explain} Not judged: no NLI model was available.` };
  if (x === null) return { name, value: 'not computed', tone: 'warn', explain: NOT_COMPUTED };
  return { name, value: show(x), tone: bad(x) ? 'bad' : good(x) ? 'ok' : 'warn', explain };
}

export function integritySection(r: Result): SafeHtml {
  const i = r.integrity;
  // Without a model nothing was judged: those figures are null and read "not judged".
  const unjudged = i.nliEnabled ? undefined : 'not judged';
  const metrics: Metric[] = [
    {
      name: 'PMIDs checked',
      value: i.pmidsChecked ? `yes (${integer(i.pmidsCited)})` : i.pmidsCited === 0 ? 'none cited' : 'no',
      tone: i.pmidsChecked ? 'ok' : i.pmidsCited === 0 ? 'warn' : 'bad',
      explain:
        i.pmidsCited === 0
          ? 'No statement cited a PMID (the literature searches found nothing, or failed: see Sources), so there was nothing to check.'
          : 'Every cited PMID was looked up in PubMed. “No” means PubMed could not be reached, so a made-up PMID could have slipped through.',
    },
    // A figure that could not be computed is null: shown as such, never as a zero or a full mark.
    ratio('Hallucinated PMIDs', i.hallucinated, integer, (x) => x === 0, (x) => x > 0, 'Cited PMIDs that do not exist in PubMed.'),
    // Older snapshots have no `retracted`: shown as not computed.
    ratio('Retracted PMIDs', i.retracted ?? null, integer, (x) => x === 0, (x) => x > 0, 'Cited PMIDs PubMed marks as retracted (or retraction notices): they exist, but count as evidence for nothing and were removed from the answer.'),
    ratio('Hallucination rate', i.hallucinationRate, (x) => percent(x, 1), (x) => x === 0, (x) => x > 0, 'Share of cited PMIDs that do not exist.'),
    ratio('Grounded ratio', i.groundedRatio, fixed, (x) => x >= 0.8, (x) => x < 0.5, 'Share of statements a cited abstract entails and none contradicts.', unjudged),
    ratio('Citation precision', i.citationPrecision, fixed, (x) => x >= 0.6, (x) => x < 0.3, 'Share of citations that help support their statement: an irrelevant citation lowers it (ALCE).', unjudged),
    ratio('Citation recall', i.citationRecall, fixed, (x) => x >= 0.6, (x) => x < 0.3, 'Share of statements fully entailed by their citations taken together (ALCE).', unjudged),
    ratio('Citation F1', i.citeF1, fixed, (x) => x >= 0.6, (x) => x < 0.3, 'Harmonic mean of citation precision and recall; 0.6 or more with nothing hallucinated counts as grounded.', unjudged),
    {
      name: 'NLI model',
      value: i.nliEnabled ? 'on' : 'off',
      tone: i.nliEnabled ? 'ok' : 'warn',
      explain: i.nliEnabled
        ? 'A natural-language-inference model judged whether each abstract entails or contradicts each claim, window by window over the whole abstract.'
        : 'No NLI model was available, so nothing was judged: grounded ratio and citation metrics are 0 because no check ran. Run `biointel nli download` to enable it.',
    },
    { name: 'Entailment method', value: i.entailmentMethod, tone: 'neutral', explain: 'The judge that decided entailment for every number above.' },
  ];
  const cards = metrics.map(
    (m) => html`<div class="metric tone-${m.tone}"><dt>${m.name}</dt><dd><span class="metric-value${m.tone === 'neutral' ? ' text' : ''}">${m.value}</span><span class="explain">${m.explain}</span></dd></div>`,
  );
  return html`<section id="integrity"><h2>Integrity</h2><p class="muted">Every statement of the brief went through the evidence pipeline before this report was written: PMID existence, entailment of each claim by its cited abstracts, citation precision and recall.</p><dl class="metrics">${cards}</dl></section>`;
}

export function sourcesSection(r: Result): SafeHtml {
  const counts = (['ok', 'cached', 'partial', 'failed', 'skipped'] as const).map((s) => [s, r.sources.filter((x) => x.status === s).length] as const).filter(([, n]) => n > 0);
  const rows = r.sources.map(
    (s) =>
      html`<tr class="source status-${s.status}"><td><code>${s.id}</code></td><td><span class="badge st-${s.status}">${s.status}</span></td><td class="num">${integer(s.ms)}</td><td class="num">${integer(s.records)}</td><td class="${s.error ? 'error-text' : 'muted'}">${s.error ?? s.note ?? ''}</td></tr>`,
  );
  const warnings = r.warnings.length
    ? html`<h3>Warnings</h3><ul class="warnings">${r.warnings.map((w) => html`<li>${w}</li>`)}</ul>`
    : html`<p class="muted">No warnings.</p>`;
  return html`<section id="sources"><h2>Sources and warnings</h2><p class="muted">${r.sources.length} source${r.sources.length === 1 ? '' : 's'} consulted${
    counts.length ? `: ${counts.map(([s, n]) => `${n} ${s}`).join(', ')}` : ''
  }. A failed source degrades the answer; it is named here, never hidden.</p>
<div class="table-wrap"><table class="compact"><thead><tr><th>Source</th><th>Status</th><th class="num">ms</th><th class="num">Records</th><th>Error or note</th></tr></thead><tbody>${join(rows)}</tbody></table></div>${warnings}</section>`;
}

/** Why the brief has no statement: none could be cited, or the searches that cite failed. */
function emptyBrief(r: Result): SafeHtml {
  const none = noStatementsText(r);
  return html`<p class="${none.failed ? 'alert' : 'empty'}">${none.text} None was checked.</p>`;
}

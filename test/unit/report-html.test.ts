// The HTML report of `biointel analyze --html`: structure, content, escaping, variants, and the
// atomic writer. The browser-level checks (no request, nothing runs, layout) are in
// test/e2e/report-chromium.test.ts.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FACTOR_NAMES } from '../../src/analysis/drug-scoring.js';
import { BiointelError } from '../../src/errors.js';
import { escapeHtml, html, safeUrl } from '../../src/report/escape.js';
import { REPORT_CSP, renderHtmlReport } from '../../src/report/html.js';
import { CHART_PATHWAYS } from '../../src/report/sections.js';
import { niceMax } from '../../src/report/svg-chart.js';
import { assertWritableReportPath, writeHtmlReport } from '../../src/report/write.js';
import { HOSTILE, drugNoteInsightsResult, hostileInsightsResult, insightsResult, noPathwaysInsightsResult } from '../fixtures/report/insights-result.js';
import { tempDir } from '../support/context.js';

const META = { generatedAt: '2025-06-01T10:00:00.000Z', version: '9.9.9-test' };
const doc = renderHtmlReport(insightsResult, META);

const count = (text: string, pattern: RegExp) => (text.match(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`)) ?? []).length;
/** Names of every attribute of every tag (attribute values are quoted and never hold a raw quote). */
function attributeNames(text: string): string[] {
  return [...text.matchAll(/<[a-zA-Z][^>]*>/g)].flatMap((tag) => [...tag[0].matchAll(/\s([^\s=/>]+)(?:="[^"]*")?/g)].map((a) => a[1]!.toLowerCase()));
}
/** The markup of one section, so assertions cannot be satisfied by another part of the page. */
function section(text: string, id: string): string {
  const start = text.indexOf(`<section id="${id}"`);
  expect(start, `section #${id}`).toBeGreaterThanOrEqual(0);
  return text.slice(start, text.indexOf('</section>', start));
}

describe('renderHtmlReport: a self-contained document', () => {
  it('is one HTML document with a strict CSP before anything else in <head>', () => {
    expect(doc.startsWith('<!doctype html>')).toBe(true);
    expect(count(doc, /<html\b/)).toBe(1);
    expect(doc).toContain(`<meta http-equiv="Content-Security-Policy" content="${escapeHtml(REPORT_CSP)}">`);
    expect(REPORT_CSP).toMatch(/^default-src 'none'; style-src 'unsafe-inline'; img-src data:/);
    const head = doc.slice(doc.indexOf('<head>'), doc.indexOf('</head>'));
    expect(head.indexOf('Content-Security-Policy')).toBeLessThan(head.indexOf('<title>'));
    expect(head).toContain('name="viewport"');
  });

  it('loads nothing: no script, external stylesheet, font, image or frame', () => {
    expect(doc).not.toMatch(/<script/i);
    expect(doc).not.toMatch(/<link\b/i);
    expect(doc).not.toMatch(/<(img|iframe|object|embed|video|audio|source)\b/i);
    expect(doc).not.toMatch(/\ssrc=/i);
    expect(doc).not.toMatch(/@import|url\(/i);
    expect(attributeNames(doc).filter((a) => a.startsWith('on'))).toEqual([]);
    // Every href is an in-page anchor or an https link opened in a new tab.
    for (const [, href] of doc.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(#[a-z]+|https:\/\/)/);
  });

  it('renders the same bytes for the same input and meta', () => {
    expect(renderHtmlReport(insightsResult, META)).toBe(doc);
  });
});

describe('renderHtmlReport: content', () => {
  it('header: panel, disease, audience, snapshot, quality score with its parts, time, version', () => {
    const header = doc.slice(doc.indexOf('<header'), doc.indexOf('</header>'));
    for (const g of insightsResult.genes) expect(header).toContain(`<span class="chip">${g}</span>`);
    expect(header).toContain('Unresolved, left out: NOTAGENE1');
    expect(header).toContain('HER2 → ERBB2 (alias)');
    expect(header).toContain('breast carcinoma (EFO_0000305)');
    expect(header).toContain('<dt>Audience</dt><dd>researcher</dd>');
    expect(header).toContain(insightsResult.snapshotId);
    expect(header).toContain(`<span class="num">${insightsResult.qualityScore.toFixed(2)}</span>`);
    for (const label of ['grounded ratio', 'citation F1', 'not hallucinated', 'source coverage']) expect(header).toContain(label);
    expect(header).toContain('× 0.35');
    expect(header).toContain(META.generatedAt);
    expect(header).toContain(`version ${META.version}`);
    expect(header).toContain('2 warnings');
  });

  it('enrichment chart: one labelled, titled bar per top pathway, on a -log10(q) axis', () => {
    const s = section(doc, 'pathways');
    const top = insightsResult.enrichedPathways.slice(0, CHART_PATHWAYS);
    expect(top).toHaveLength(15);
    expect(count(s, /<rect class="bar"/)).toBe(top.length);
    expect(count(s, /<g class="bar-row" role="listitem"/)).toBe(top.length);
    expect(s).toContain('<svg class="chart"');
    expect(s).toContain('−log10(q)');
    expect(s).toContain('q = 0.05');
    // Bar titles carry name, library, id and q; labels show the plain name and the library.
    expect(s).toContain('<title>ERBB signaling pathway (GO_Biological_Process_2021, GO:0038127): q = 8.71e-9');
    expect(s).toMatch(/<text class="bar-label"[^>]*>Signaling by ERBB2<tspan class="bar-sub" dx="6">ReactomePathways_2021<\/tspan>/);
    // Bars are proportional: the first (q = 8.7e-9, -log10 = 8.06) on an axis to 10.
    expect(s).toContain('width="69.32%"');
    // The 18th pathway is in the table, not in the chart.
    expect(s).not.toContain('<title>Signaling by EGFR');
  });

  it('pathway table: every enriched set, id linked, k/K, n/N, odds ratio, p, q, overlap genes', () => {
    const s = section(doc, 'pathways');
    expect(count(s, /<tr class="pathway">/)).toBe(insightsResult.enrichedPathways.length);
    const egfr = s.slice(s.indexOf('Signaling by EGFR</div>'));
    expect(egfr).toMatch(/^Signaling by EGFR<\/div><div class="small"><a href="https:\/\/reactome\.org\/content\/detail\/R-HSA-177929" target="_blank" rel="noopener noreferrer" title="Open R-HSA-177929">R-HSA-177929<\/a>/);
    expect(egfr).toContain('<td class="num">2/50</td><td class="num">5/11,387</td><td class="num">157.4</td><td class="num">1.87e-4</td><td class="num">0.00808</td><td class="genes">EGFR, PIK3CA</td>');
    expect(s).toContain('href="https://amigo.geneontology.org/amigo/term/GO:0038127"');
    // Library summary, including the library with no significant set.
    expect(s).toMatch(/MSigDB_Hallmark_v7\.0<\/td><td class="num">4,384<\/td><td class="num">5<\/td><td class="num">50<\/td><td class="num">0<\/td>/);
  });

  it('drug table: a row per candidate with ChEMBL link, tier, score, six factors, ADMET, evidence', () => {
    const s = section(doc, 'drugs');
    const drugs = insightsResult.drugCandidates;
    expect(count(s, /<tr class="drug"/)).toBe(drugs.length);
    expect(count(s, /<td class="num factor[^"]*" data-factor=/)).toBe(drugs.length * FACTOR_NAMES.length);
    expect(s).toContain('<a href="https://www.ebi.ac.uk/chembl/compound_report_card/CHEMBL554/" target="_blank" rel="noopener noreferrer" title="ChEMBL compound report card CHEMBL554">CHEMBL554</a>');
    for (const w of ['×0.25', '×0.20', '×0.15', '×0.10']) expect(s).toContain(w);

    const lapatinib = s.slice(s.indexOf('data-chembl="CHEMBL554"'));
    const row = lapatinib.slice(0, lapatinib.indexOf('</tr>'));
    expect(row).toContain('<span class="badge tier tier-I">I</span>');
    expect(row).toContain('<strong>0.87</strong>');
    expect(row).toMatch(/data-factor="clinicalPhase" data-value="1" title="Clinical phase: 1\.00 × weight 0\.25 → contributes 0\.250\. phase 4 \(opentargets\)">1\.00</);
    expect(row).toMatch(/data-factor="drugLikeness" data-value="0\.23" title="[^"]*QED 0\.23 \(ChEMBL\)">0\.23</);
    expect(row).toContain('<td class="num" title="ChEMBL">581</td>');
    expect(row).toContain('<span class="badge b-red">fail</span> <span class="muted">2</span>');
    expect(row).toContain('<span class="badge eq-high">high</span>');
    // A gene only DGIdb claims link the drug to is said apart from its targets, with what is claimed.
    expect(row).toContain('<div class="small muted" data-interaction-only>DGIdb claims only, not targets: BRAF (response: sensitive; JAX-CKB)</div>');
    expect(count(s, /data-interaction-only/)).toBe(1);
    // The details row explains every factor.
    expect(lapatinib).toContain('Details: LAPATINIB');
    expect(lapatinib).toContain('1,204 articles mention LAPATINIB with breast cancer (Europe PMC)');

    // An unknown factor is shown as such, and the renormalisation is explained.
    const trastuzumab = s.slice(s.indexOf('data-chembl="CHEMBL1201585"'));
    expect(trastuzumab).toMatch(/class="num factor missing" data-factor="drugLikeness" data-value="" title="Drug-likeness: unknown \(left out of the score\)\. Antibody: rule-of-five properties do not apply">n\/a</);
    expect(trastuzumab).toContain('Unknown, left out: Drug-likeness. The known weights are renormalised (÷ 0.90)');
    // A PubChem value is marked.
    const ipatasertib = s.slice(s.indexOf('data-chembl="CHEMBL2177390"'));
    expect(ipatasertib.slice(0, ipatasertib.indexOf('</tr>'))).toContain('<td class="num" title="PubChem">458<span class="src-pubchem">*</span></td>');
  });

  it('focus genes: a row per profiled gene, each value linked to its source, g:Profiler agreement', () => {
    const s = section(doc, 'genes');
    expect(count(s, /<tbody><tr>|<\/tr><tr>/)).toBe(insightsResult.focusGenes.length);
    expect(s).toContain('g:Profiler (e113_eg59_p19_f6a03c19), run independently on the same genes with its own annotations and FDR, confirms 12 of the 18 reported pathways.');
    expect(s).toContain('<a href="https://www.uniprot.org/uniprotkb/P00533/entry" target="_blank" rel="noopener noreferrer">Epidermal growth factor receptor</a> <span class="chip">kinase, enzyme</span>');
    expect(s).toContain('chr7:55019017-55211628:+ · protein_coding');
    expect(s).toContain('>76</a> <span class="muted small">confident</span>');
    expect(s).toContain('>0.29</a> <span class="badge b-blue">intolerant</span>');
    // The header states the cut-off the badge uses (gnomAD v4's 0.6, not v2's 0.35).
    expect(s).toContain('title="loss-of-function observed/expected upper bound; < 0.6 = intolerant (gnomAD v4 guidance)"');
    expect(s).toContain('25 items, 3 assertions, 1 in this disease');
    expect(s).toContain('<a href="https://civicdb.org/evidence/1431" target="_blank" rel="noopener noreferrer">EID1431</a>');
    expect(s).toContain('sensitivity/response to Lapatinib, level B; Breast Cancer');
    // Upstream text is escaped, and a gene no source knew shows dashes, not empty cells.
    expect(s).toContain('Annotation of EGFR and gefitinib &lt;script&gt;');
    expect(s).not.toContain('<script>');
    const akt1 = s.slice(s.indexOf('<strong>AKT1</strong>'));
    expect(count(akt1.slice(0, akt1.indexOf('</tr>')), /<td[^>]*>—<\/td>/)).toBe(5);
  });

  it('focus genes: an empty cell whose source failed reads "not known", never a dash alone', () => {
    const failed = (ids: string[]) => ({ ...insightsResult, sources: [...insightsResult.sources.filter((s) => !ids.includes(s.id)), ...ids.map((id) => ({ id, status: 'failed' as const, ms: 1, records: 0, error: 'down' }))] });
    const s = section(renderHtmlReport(failed(['uniprot', 'alphafold', 'gnomad', 'civic', 'pharmgkb'])), 'genes');
    const akt1 = s.slice(s.indexOf('<strong>AKT1</strong>'));
    const row = akt1.slice(0, akt1.indexOf('</tr>'));
    for (const name of ['UniProt', 'AlphaFold DB', 'gnomAD', 'CIViC', 'ClinPGx']) expect(row).toContain(`not known (${name} failed)`);
    expect(count(row, /<td[^>]*>—<\/td>/)).toBe(0);
  });

  it('drug details: trials in the disease and the FDA label with its boxed warning', () => {
    const s = section(doc, 'drugs');
    const lapatinib = s.slice(s.indexOf('Details: LAPATINIB'));
    expect(lapatinib).toContain('<dt>Trials in this disease</dt><dd>41 (ClinicalTrials.gov, highest phase 3): <a href="https://clinicaltrials.gov/study/NCT00374322"');
    expect(lapatinib).toContain('>boxed warning</a><div class="small">WARNING: HEPATOTOXICITY.');
    const alpelisib = s.slice(s.indexOf('Details: ALPELISIB'));
    expect(alpelisib.slice(0, alpelisib.indexOf('</details>'))).not.toContain('FDA label');
  });

  it('strategies and hypotheses: rationale, drugs, confidence, novel badge, PMIDs', () => {
    const st = section(doc, 'strategies');
    expect(count(st, /<li class="card strategy">/)).toBe(3);
    expect(st).toContain('Inhibit ERBB2 to modulate Signaling by ERBB2');
    expect(st).toContain('href="https://pubmed.ncbi.nlm.nih.gov/11248153/"');
    const hy = section(doc, 'hypotheses');
    expect(count(hy, /<li class="card hypothesis">/)).toBe(2);
    expect(hy).toContain('confidence 0.96 (high)');
    expect(count(hy, /class="badge novel"/)).toBe(1);
    expect(hy).toContain('no article mentions both with breast cancer');
  });

  it('evidence brief: statements with supported marks and PubMed citation links', () => {
    const s = section(doc, 'brief');
    const statements = insightsResult.evidenceBrief.statements;
    expect(s).toContain(insightsResult.evidenceBrief.headline);
    expect(count(s, /<li class="statement /)).toBe(statements.length);
    expect(count(s, /class="mark ok"/)).toBe(statements.filter((x) => x.supported).length);
    expect(count(s, /class="mark bad"/)).toBe(1);
    expect(s).toContain('8 of 9 statements supported');
    const links = [...s.matchAll(/<a class="pmid" href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual(statements.flatMap((x) => x.citations).map((p) => `https://pubmed.ncbi.nlm.nih.gov/${p}/`));
    // The "[PMID ...]" tail of the text becomes links instead of being printed twice.
    expect(s).not.toContain('[PMID 3798106, 23000897]');
    expect(s).toContain('best entailment 0.21');
  });

  it('integrity panel: every metric with a plain explanation', () => {
    const s = section(doc, 'integrity');
    for (const name of ['PMIDs checked', 'Hallucinated PMIDs', 'Retracted PMIDs', 'Hallucination rate', 'Grounded ratio', 'Citation precision', 'Citation recall', 'Citation F1', 'NLI model', 'Entailment method']) {
      expect(s).toContain(`<dt>${name}</dt>`);
    }
    expect(count(s, /<span class="explain">/)).toBe(10);
    // A saved analysis from before the count existed reads "not computed", never 0.
    const older = section(renderHtmlReport({ ...insightsResult, integrity: { ...insightsResult.integrity, retracted: undefined } } as unknown as typeof insightsResult, META), 'integrity');
    expect(older).toMatch(/<dt>Retracted PMIDs<\/dt><dd><span class="metric-value">not computed<\/span>/);
    expect(s).toContain('nli:Xenova/nli-deberta-v3-xsmall@q8');
    expect(s).toContain('<span class="metric-value">0.87</span>');
  });

  // Issue 8: without a model every statement read "✗ unsupported" and the metrics 0.00, as if judged.
  it('no NLI model: statements read unjudged and the metrics "not judged", never unsupported or 0.00', () => {
    const unjudged = {
      ...insightsResult,
      integrity: { ...insightsResult.integrity, nliEnabled: false, entailmentMethod: 'none', groundedRatio: 0, citationPrecision: 0, citationRecall: 0, citeF1: 0 },
      evidenceBrief: { ...insightsResult.evidenceBrief, statements: insightsResult.evidenceBrief.statements.map((x) => ({ ...x, status: 'unjudged' as const, supported: null, bestEntailment: null })) },
    };
    const page = renderHtmlReport(unjudged, META);
    const brief = section(page, 'brief');
    expect(count(brief, /class="mark warn" title="unjudged: no NLI model/)).toBe(unjudged.evidenceBrief.statements.length);
    expect(brief).not.toContain('unsupported');
    expect(brief).toContain('No statement was judged: no NLI model was available');
    // Once "best entailment 0.00" beside each, as if a model had judged and rejected it.
    expect(count(brief, /not judged by a model/)).toBe(unjudged.evidenceBrief.statements.length);
    expect(brief).not.toMatch(/best entailment/);
    const integrity = section(page, 'integrity');
    expect(count(integrity, /<span class="metric-value">not judged<\/span>/)).toBe(4);
    expect(integrity).not.toContain('<span class="metric-value">0.00</span>');
  });

  it('sources and warnings: status, time, records, errors', () => {
    const s = section(doc, 'sources');
    expect(count(s, /<tr class="source /)).toBe(insightsResult.sources.length);
    expect(s).toContain('7 ok, 1 cached, 1 failed, 1 skipped');
    expect(s).toContain('<td class="error-text">europepmc: timeout after 15000 ms</td>');
    expect(s).toContain('HGNC resolved every symbol');
    for (const w of insightsResult.warnings) expect(s).toContain(`<li>${escapeHtml(w)}</li>`);
  });
});

describe('renderHtmlReport: escaping', () => {
  const hostile = renderHtmlReport(hostileInsightsResult(), META);

  it('renders a <script> in a pathway name, a warning and an error as text', () => {
    expect(hostile).not.toMatch(/<script/i);
    const escaped = escapeHtml(HOSTILE.script);
    expect(escaped).toBe('&lt;script&gt;window.__biointelPwned = &quot;script&quot;&lt;/script&gt;');
    expect(section(hostile, 'pathways')).toContain(`<div class="name">Signaling by ERBB2 ${escaped}</div>`);
    expect(section(hostile, 'pathways')).toContain(`<title>Signaling by ERBB2 ${escaped} (ReactomePathways_2021`);
    expect(section(hostile, 'sources')).toContain(`<li>upstream said: ${escaped}</li>`);
    expect(section(hostile, 'sources')).toContain(`<td class="error-text">europepmc: ${escaped}</td>`);
  });

  it('cannot break out of an attribute, and drops non-http links', () => {
    expect(attributeNames(hostile).filter((a) => a.startsWith('on') || a === 'data-x')).toEqual([]);
    expect(hostile).toContain('title="x&quot; onmouseover=&quot;window.__biointelPwned=&#39;attr&#39;&quot; data-x=&quot;"');
    expect(hostile).not.toMatch(/href="javascript:/i);
    expect(section(hostile, 'pathways')).toMatch(/<div class="small">R-HSA-1227986<\/div>/);
  });

  it('escape helpers', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(html`<b>${'<i>'}</b>${['<', html`<br>`]}${null}${7}`.value).toBe('<b>&lt;i&gt;</b>&lt;<br>7');
    expect(safeUrl('https://reactome.org/content/detail/R-HSA-177929')).toBe('https://reactome.org/content/detail/R-HSA-177929');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'vbscript:x', '', undefined]) expect(safeUrl(bad)).toBeUndefined();
    expect(attributeNames('<td title="a b" onmouseover="y" data-x="">')).toEqual(['title', 'onmouseover', 'data-x']);
    expect([niceMax(8.06), niceMax(2.2), niceMax(0.4), niceMax(0)]).toEqual([10, 2.5, 0.5, 1]);
  });
});

describe('renderHtmlReport: variants', () => {
  it('drugs withheld: the note instead of the table', () => {
    const r = drugNoteInsightsResult();
    const s = section(renderHtmlReport(r, META), 'drugs');
    expect(s).not.toContain('<table');
    expect(s).toContain(`<p class="note drug-note">${escapeHtml(r.drugAnalysisNote!)}</p>`);
    expect(section(renderHtmlReport(r, META), 'strategies')).toContain('No strategy');
  });

  it('no candidate and no note: says that none was found, or that the drug sources failed', () => {
    const r = drugNoteInsightsResult();
    delete r.drugAnalysisNote;
    const up = (id: string) => ({ id, status: 'ok' as const, ms: 5, records: 0 });
    r.sources = [up('opentargets'), up('dgidb'), up('chembl')];
    expect(section(renderHtmlReport(r, META), 'drugs')).toContain('<p class="note drug-note">Drug candidates: none found for these genes in Open Targets, DGIdb or ChEMBL.</p>');
    // Once "No drug candidate acts on a gene of this panel" with every drug source down.
    r.sources = r.sources.map((x) => ({ ...x, status: 'failed' as const, error: 'HTTP 503' }));
    const down = section(renderHtmlReport(r, META), 'drugs');
    expect(down).toContain('<p class="note drug-note warn">Drug candidates: not known: Open Targets, DGIdb and ChEMBL all failed.</p>');
    expect(down).not.toMatch(/none found|No drug candidate acts/);
  });

  // Once "No gene pair of the panel interacts..." with STRING down, and "No strategy: neither a drug
  // candidate nor ..." with the drug sources down: failures read as findings.
  it('an empty hypotheses or strategies section whose source failed says so, not that there is none', () => {
    const r = drugNoteInsightsResult();
    delete r.drugAnalysisNote;
    r.hypotheses = [];
    r.therapeuticStrategies = [];
    const up = (id: string) => ({ id, status: 'ok' as const, ms: 5, records: 0 });
    r.sources = [up('opentargets'), up('dgidb'), up('chembl'), up('string')];
    expect(section(renderHtmlReport(r, META), 'hypotheses')).toContain('No gene pair of the panel interacts');
    expect(section(renderHtmlReport(r, META), 'strategies')).toContain('No strategy: neither a drug candidate');
    r.sources = r.sources.map((x) => ({ ...x, status: 'failed' as const, error: 'HTTP 503' }));
    const hyp = section(renderHtmlReport(r, META), 'hypotheses');
    expect(hyp).toContain('No hypothesis could be derived: STRING failed (see Sources). This is not a finding that no gene pair interacts.');
    expect(hyp).not.toContain('No gene pair of the panel interacts or shares');
    expect(section(renderHtmlReport(r, META), 'strategies')).toContain('No strategy could be built: Open Targets, DGIdb and ChEMBL failed (see Sources).');
  });

  it('no significant pathway: no chart, a plain message, the library summary kept', () => {
    const out = renderHtmlReport(noPathwaysInsightsResult(), META);
    const s = section(out, 'pathways');
    expect(s).not.toContain('<svg');
    expect(s).not.toContain('<tr class="pathway">');
    expect(s).toContain('No gene set reached q ≤ 0.05 in the 3 libraries tested.');
    expect(s).toContain('ReactomePathways_2021');
    expect(section(out, 'hypotheses')).toContain('no hypothesis derived');
  });
});

describe('writeHtmlReport', () => {
  it('writes the report atomically and leaves no temporary file', async () => {
    const dir = tempDir('biointel-report-');
    const file = path.join(dir, 'report.html');
    writeFileSync(file, 'old report');
    const written = await writeHtmlReport(file, insightsResult, META);
    expect(written).toEqual({ path: file, bytes: Buffer.byteLength(doc) });
    expect(readFileSync(file, 'utf8')).toBe(doc);
    expect(readdirSync(dir)).toEqual(['report.html']);
  });

  it('resolves a relative path against the working directory', async () => {
    const dir = tempDir('biointel-report-');
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const written = await writeHtmlReport('r.html', insightsResult, META);
      expect(written.path).toBe(path.join(process.cwd(), 'r.html'));
    } finally {
      process.chdir(cwd);
    }
  });

  it('fails clearly when the directory does not exist or the path is a directory', async () => {
    const dir = tempDir('biointel-report-');
    const missing = path.join(dir, 'nope', 'report.html');
    const err = await writeHtmlReport(missing, insightsResult).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BiointelError);
    expect(err).toMatchObject({ code: 'invalid_input', field: 'html' });
    expect((err as Error).message).toBe(`html: cannot write the HTML report to ${missing}: the directory does not exist (ENOENT)`);
    expect((err as BiointelError).hint).toContain(`biointel snapshots show ${insightsResult.snapshotId}`);

    mkdirSync(path.join(dir, 'sub'));
    await expect(writeHtmlReport(path.join(dir, 'sub'), insightsResult)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('is a directory') });
    expect(readdirSync(path.join(dir, 'sub'))).toEqual([]);
  });

  it('assertWritableReportPath checks before a long analysis', async () => {
    const dir = tempDir('biointel-report-');
    await expect(assertWritableReportPath(path.join(dir, 'a.html'))).resolves.toBe(path.join(dir, 'a.html'));
    await expect(assertWritableReportPath(path.join(dir, 'x', 'a.html'))).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('does not exist') });
    await expect(assertWritableReportPath(dir)).rejects.toMatchObject({ message: expect.stringContaining('is a directory') });
  });
});

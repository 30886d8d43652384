// The HTML report opened from disk in headless Chromium (Debian's `chromium`, driven by
// playwright-core; no browser is ever downloaded). One browser for the whole file keeps it fast.
// Screenshots go to $BIOINTEL_E2E_ARTIFACTS (set by the global setup: <tmp>/biointel-e2e).
// Without a Chromium executable (a user's clone) the suite is skipped with a message; CI installs
// it and sets BIOINTEL_REQUIRE_CHROMIUM=1 (.ci/run), which turns the skip into a failure.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTOR_NAMES } from '../../src/analysis/drug-scoring.js';
import { CHART_PATHWAYS } from '../../src/report/sections.js';
import { writeHtmlReport } from '../../src/report/write.js';
import { HOSTILE, hostileInsightsResult } from '../fixtures/report/insights-result.js';
import { tempDir } from '../support/context.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const ARTIFACTS = process.env.BIOINTEL_E2E_ARTIFACTS ?? path.join(os.tmpdir(), 'biointel-e2e', 'report');
const SUITE = 'HTML report in headless Chromium';
// CI sets this (.ci/run) so that a missing browser fails there instead of skipping.
const required = process.env.BIOINTEL_REQUIRE_CHROMIUM === '1';
if (!hasChromium) {
  process.stderr.write(`[skip] ${SUITE}: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)\n`);
}

declare global {
  interface Window {
    __biointelPwned?: string;
    __cspViolations?: string[];
  }
}

// The hostile variant is the realistic example plus markup in a charted pathway name, a warning,
// a source error, a tier reason (attribute break-out) and a javascript: link: one page checks
// both the content and that none of it runs.
const result = hostileInsightsResult();

if (required && !hasChromium) {
  it(`${SUITE}: Chromium is required (BIOINTEL_REQUIRE_CHROMIUM=1)`, () => {
    expect.fail(`no Chromium executable at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
  });
}

describe.skipIf(!hasChromium)(hasChromium ? SUITE : `${SUITE} (skipped: no Chromium at ${CHROMIUM})`, () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let fileUrl: string;
  const requests: string[] = [];
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const file = path.join(tempDir('biointel-report-e2e-'), 'report.html');
    await writeHtmlReport(file, result, { generatedAt: '2025-06-01T10:00:00.000Z' });
    fileUrl = pathToFileURL(file).href;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Everything but the report itself is recorded and refused, so a leak never reaches the network.
    await context.route('**/*', (route) => (route.request().url() === fileUrl ? route.continue() : route.abort()));
    context.on('request', (r) => requests.push(r.url()));
    // Loads the CSP blocks never become requests: they surface as violations and console errors.
    await context.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations?.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(fileUrl, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens offline: no request but the file, no console error, no CSP violation', async () => {
    expect(requests).toEqual([fileUrl]);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
    expect(await page.title()).toBe('biointel: EGFR, ERBB2, BRAF, PIK3CA, AKT1 in breast cancer');
  });

  it('escaped markup stays text and nothing runs, even with the CSP bypassed', async () => {
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    await page.locator('tr.drug').first().locator('td').nth(2).hover();
    expect(await page.evaluate(() => window.__biointelPwned)).toBeUndefined();
    await expect.poll(() => page.locator('tr.pathway').nth(2).locator('.name').textContent()).toBe(`Signaling by ERBB2 ${HOSTILE.script}`);
    expect(await page.locator('ul.warnings').textContent()).toContain(HOSTILE.script);
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);

    // The CSP is the second line of defence; escaping alone must already be enough.
    const open = await browser.newContext({ bypassCSP: true });
    try {
      await open.route('**/*', (route) => (route.request().url() === fileUrl ? route.continue() : route.abort()));
      const p = await open.newPage();
      await p.goto(fileUrl);
      await p.locator('tr.drug').first().locator('td').nth(2).hover();
      expect(await p.evaluate(() => [document.scripts.length, window.__biointelPwned ?? null])).toEqual([0, null]);
    } finally {
      await open.close();
    }
  });

  it('draws one visible, titled bar per top pathway, longest first', async () => {
    const top = result.enrichedPathways.slice(0, CHART_PATHWAYS);
    const bars = page.locator('svg.chart rect.bar');
    expect(await bars.count()).toBe(top.length);
    expect(await page.locator('svg.chart g.bar-row > title').allTextContents()).toEqual(
      top.map((p) => expect.stringContaining(`(${p.library}, ${p.id}): q = `)),
    );
    const widths = await bars.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
    expect(widths.every((w) => w > 20)).toBe(true);
    expect(widths[0]).toBeGreaterThan(widths[widths.length - 1]!);
    expect(await page.locator('tr.pathway').count()).toBe(result.enrichedPathways.length);
  });

  it('lists every drug candidate with its six factor values and a ChEMBL link', async () => {
    const rows = page.locator('table.drugs tr.drug');
    expect(await rows.count()).toBe(result.drugCandidates.length);
    for (const [i, c] of result.drugCandidates.entries()) {
      const row = rows.nth(i);
      const cells = await row.locator('td[data-factor]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-factor'), e.textContent]));
      expect(cells).toEqual(FACTOR_NAMES.map((n) => [n, c.factors[n].value === null ? 'n/a' : c.factors[n].value!.toFixed(2)]));
      expect(await row.locator('a').first().getAttribute('href')).toBe(`https://www.ebi.ac.uk/chembl/compound_report_card/${c.chemblId}/`);
    }
    // The details row opens and explains the factors.
    const details = page.locator('tr.drug-detail details').first();
    await details.locator('summary').click();
    await expect.poll(() => details.locator('.factor-list li').count()).toBe(FACTOR_NAMES.length);
    expect(await details.locator('.factor-list').isVisible()).toBe(true);
  });

  it('links every citation to PubMed', async () => {
    const hrefs = await page.locator('#brief a.pmid').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs).toEqual(result.evidenceBrief.statements.flatMap((s) => s.citations).map((p) => `https://pubmed.ncbi.nlm.nih.gov/${p}/`));
    expect(await page.locator('#brief .mark.ok').count()).toBe(8);
    expect(await page.locator('#integrity .metric').count()).toBe(10);
  });

  it('fits a phone: the page never scrolls sideways, wide tables scroll inside their box', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const drugs = await page.locator('table.drugs').evaluate((t) => {
        const wrap = t.parentElement!;
        return { overflowX: getComputedStyle(wrap).overflowX, scrolls: wrap.scrollWidth > wrap.clientWidth };
      });
      expect(drugs).toEqual({ overflowX: 'auto', scrolls: true });
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'report-phone.png'), fullPage: true });
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('prints without navigation, and takes a desktop screenshot', async () => {
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('nav.toc').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('nav.toc').isVisible()).toBe(true);
    mkdirSync(ARTIFACTS, { recursive: true });
    const shot = path.join(ARTIFACTS, 'report-desktop.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(50_000);
    // Nothing was requested by any of the interactions above either.
    expect(requests).toEqual([fileUrl]);
  });
});

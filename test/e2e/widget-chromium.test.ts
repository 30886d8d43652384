// The embeddable widget and the Origin rules in real headless Chromium (Debian's `chromium`,
// driven by playwright-core; nothing is downloaded). A biointel server answers from the recorded
// upstream world (test/support/fake-world.ts); host pages are served by a second local server under
// two names that Chromium resolves to 127.0.0.1: widget-host.example (listed in corsOrigins) and
// evil.example (not listed). Screenshots go to $BIOINTEL_E2E_ARTIFACTS (set by the global setup: <tmp>/biointel-e2e).
// Without Chromium the suite skips with a message; CI sets BIOINTEL_REQUIRE_CHROMIUM=1 (.ci/run).
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { createLogger } from '../../src/log.js';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http-server.js';
import { KeyStore } from '../../src/store/keys.js';
import { tempDir, testContext } from '../support/context.js';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.js';
import { mountFakeWorld } from '../support/fake-world.js';
import { describeShared } from '../support/shared.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const ARTIFACTS = process.env.BIOINTEL_E2E_ARTIFACTS ?? path.join(os.tmpdir(), 'biointel-e2e', 'widget');
const SUITE = 'widget and Origin rules in headless Chromium';
const required = process.env.BIOINTEL_REQUIRE_CHROMIUM === '1';
if (!hasChromium) process.stderr.write(`[skip] ${SUITE}: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)\n`);
if (required && !hasChromium) {
  it(`${SUITE}: Chromium is required (BIOINTEL_REQUIRE_CHROMIUM=1)`, () => {
    expect.fail(`no Chromium executable at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
  });
}

const ARTICLES = [
  { pmid: '2001', title: 'EGFR in breast cancer', abstract: 'EGFR is associated with breast cancer progression and poor prognosis.' },
  { pmid: '2002', title: 'ERBB2 amplification', abstract: 'ERBB2 amplification is associated with breast cancer and defines the HER2-positive subtype.' },
];
const LITERATURE = [
  { terms: ['EGFR', 'breast cancer'], pmids: ['2001'], hitCount: 1520 },
  { terms: ['ERBB2', 'breast cancer'], pmids: ['2002'], hitCount: 9800 },
];

declare global {
  interface Window {
    __ready?: { snapshotId?: string; drugCandidates: { name: string }[]; drugAnalysisNote?: string; pathways: unknown[] };
    __quota?: { kind: string; message: string };
    __attack?: Record<string, string>;
  }
}

/** Host pages; the hostile CSS checks that page styles do not reach into the widget (and back). */
function pages(biointel: string, key: string): Record<string, string> {
  const hostile = '<style>* { color: rgb(255, 0, 0) !important; font-family: serif !important; } rect { fill: rgb(0, 255, 0) !important; } h2 { font-size: 40px; }</style>';
  return {
    '/embed.html': `<!doctype html><html lang="en"><head><title>Lab page</title>${hostile}</head><body>
      <h2 id="page-heading">Our lab</h2>
      <div id="auto" data-genes="EGFR, ERBB2, BRAF" data-disease="breast cancer"></div>
      <div id="prog"></div>
      <div id="limited"></div>
      <script async src="${biointel}/widget.js"></script>
      <script>
        function go() {
          BioIntel.render({ target: '#prog', genes: ['EGFR', 'ERBB2', 'BRAF'], disease: 'breast cancer', apiKey: ${JSON.stringify(key)},
            onReady: function (info) { window.__ready = info; } });
        }
        (function wait() { if (window.BioIntel) go(); else setTimeout(wait, 20); })();
      </script></body></html>`,
    '/attack.html': `<!doctype html><html><body><script>
      window.__attack = {};
      const body = JSON.stringify({ method: 'tools/call', params: { name: 'svc_search_snapshots', arguments: {} } });
      fetch('${biointel}/mcp', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body })
        .then(() => { window.__attack.simple = 'sent (opaque)'; }, (e) => { window.__attack.simple = 'failed: ' + e; });
      fetch('${biointel}/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
        .then((r) => r.text().then((t) => { window.__attack.cors = 'read: ' + t; }), (e) => { window.__attack.cors = 'failed: ' + e; });
    </script></body></html>`,
  };
}

describeShared(SUITE, () => {
  if (!hasChromium) return;
  let fake: FakeUpstream;
  let ctx: AppContext;
  let server: RunningHttpServer;
  let hostPages: Server;
  let pagePort: number;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let researcherKey: string;
  const logLines: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    fake = await startFakeUpstream();
    mountFakeWorld(fake, { articles: ARTICLES, literature: LITERATURE });
    hostPages = createServer((req, res) => {
      const html = pages(server.url, researcherKey)[req.url ?? ''];
      res.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(html ?? 'not found');
    });
    await new Promise<void>((resolve) => hostPages.listen(0, '127.0.0.1', resolve));
    pagePort = (hostPages.address() as AddressInfo).port;
    ctx = await testContext(
      // One free analysis a day, so the third render meets the quota.
      { dataDir: tempDir(), corsOrigins: `http://widget-host.example:${pagePort}`, freeDailyLimit: 1, logLevel: 'debug' },
      fake.url,
      { log: createLogger('debug', { write: (l) => logLines.push(l) }) },
    );
    researcherKey = (await new KeyStore(ctx.store).create({ tier: 'researcher', label: 'lab page' })).key;
    server = await startHttpServer(ctx, { host: '127.0.0.1', port: 0 });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
        '--host-resolver-rules=MAP widget-host.example 127.0.0.1, MAP evil.example 127.0.0.1'],
    });
    context = await browser.newContext({ viewport: { width: 900, height: 1400 } });
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`http://widget-host.example:${pagePort}/embed.html`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await new Promise((r) => hostPages?.close(r));
    await fake?.close();
  });

  it('renders the programmatic widget with a researcher key: chart, drug candidates, snapshot id to onReady', async () => {
    await page.waitForFunction(() => window.__ready !== undefined, undefined, { timeout: 90_000 });
    const ready = (await page.evaluate(() => window.__ready))!;
    expect(ready.snapshotId).toMatch(/^snap_/);
    const prog = page.locator('#prog');
    expect(await prog.locator('svg.chart rect.bar').count()).toBe(Math.min(8, ready.pathways.length));
    expect(ready.pathways.length).toBeGreaterThan(0);
    expect(await prog.locator('code.snapshot').textContent()).toBe(ready.snapshotId);
    expect(ready.drugCandidates.length).toBeGreaterThan(0);
    expect(await prog.locator('ol.drugs li').first().textContent()).toContain(ready.drugCandidates[0]!.name);
    // The snapshot belongs to the key: saved, and visible to that key only.
    const saved = await ctx.snapshots.get(ready.snapshotId!);
    expect(saved?.owner).toMatch(/^key:k_/);
    expect(await ctx.snapshots.scoped({ owner: 'anonymous' }).get(ready.snapshotId!)).toBeNull();
  }, 120_000);

  it('renders the data-attribute widget anonymously: free tier, so the tier note instead of drugs', async () => {
    const auto = page.locator('#auto');
    await auto.locator('code.snapshot').waitFor({ timeout: 90_000 });
    expect(await auto.locator('svg.chart rect.bar').count()).toBeGreaterThan(0);
    expect(await auto.locator('ol.drugs').count()).toBe(0);
    expect(await auto.locator('p.note').textContent()).toMatch(/not included for the free tier.*researcher/);
    expect(await auto.locator('dd.quality').textContent()).toMatch(/^\d\.\d\d$/);
  }, 120_000);

  it('says when the daily limit is reached and when it resets', async () => {
    await page.evaluate(() =>
      window.BioIntel!.render({ target: '#limited', genes: 'EGFR ERBB2', disease: 'breast cancer', onError: (f) => { window.__quota = f; } }),
    );
    const failure = (await page.evaluate(() => window.__quota))!;
    expect(failure.kind).toBe('quota');
    const status = page.locator('#limited [role="alert"]');
    expect(await status.textContent()).toMatch(/^Daily analysis limit reached: 1 analysis a day for anonymous callers \(counted per client address\); it resets at [^Z]+$/);
    // The retry button is reachable and works from the keyboard.
    await page.locator('#limited button').focus();
    await page.keyboard.press('Enter');
    await page.locator('#limited [role="alert"]').waitFor();
  }, 60_000);

  it('is accessible and isolated from the page styles both ways', async () => {
    const auto = page.locator('#auto');
    expect(await auto.locator('section[aria-labelledby]').getAttribute('aria-busy')).toBe('false');
    const svg = auto.locator('svg.chart');
    expect(await svg.getAttribute('role')).toBe('img');
    const titleId = await svg.getAttribute('aria-labelledby');
    expect(await auto.locator(`[id="${titleId}"]`).textContent()).toMatch(/^Top \d+ enriched pathways by -log10 q/);
    expect(await auto.locator('[role="status"]').textContent()).toMatch(/ready/);
    // The page says "everything red, rects green, serif": none of it reaches inside the widget.
    const inside = await auto.locator('h2').evaluate((e) => [getComputedStyle(e).color, getComputedStyle(e).fontFamily, getComputedStyle(e).fontSize]);
    expect(inside[0]).toBe('rgb(27, 31, 36)');
    expect(inside[1]).not.toMatch(/^serif/);
    expect(inside[2]).toBe('16px');
    expect(await auto.locator('rect.bar').first().evaluate((e) => getComputedStyle(e).fill)).toBe('rgb(31, 95, 168)');
    // And the widget's styles do not reach the page.
    expect(await page.locator('#page-heading').evaluate((e) => getComputedStyle(e).fontSize)).toBe('40px');
    expect(pageErrors).toEqual([]);
    mkdirSync(ARTIFACTS, { recursive: true });
    const shot = path.join(ARTIFACTS, 'widget.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(20_000);
  });

  // Once "No drug candidate was found for this panel." whatever happened: the drug sources failing
  // read as a finding.
  it('says the drug candidates are not known when the drug sources failed, never "none found"', async () => {
    fake.route('POST', '/dgidb/graphql', { status: 503, body: 'down' });
    fake.route('GET', '/chembl/target.json', { status: 500, body: 'down' });
    fake.route('POST', '/opentargets/graphql', (req) => (req.body.includes('TargetsDrugContext') ? { status: 500, body: { errors: [{ message: 'down' }] } } : undefined));
    try {
      await page.evaluate((key) => {
        const div = document.createElement('div');
        div.id = 'down';
        document.body.append(div);
        window.BioIntel!.render({ target: '#down', genes: 'EGFR BRCA1', disease: 'breast cancer', apiKey: key });
      }, researcherKey);
      const down = page.locator('#down');
      await down.locator('code.snapshot').waitFor({ timeout: 90_000 });
      expect(await down.locator('ol.drugs').count()).toBe(0);
      const note = (await down.locator('p.note.warn').textContent())!;
      expect(note).toMatch(/^Drug candidates: (not known|none found in the drug sources that answered).*DGIdb.*ChEMBL.*failed/);
      expect(note).not.toMatch(/No drug candidate was found|none found for these genes/);
    } finally {
      fake.reset();
      mountFakeWorld(fake, { articles: ARTICLES, literature: LITERATURE });
    }
  }, 120_000);

  it('refuses the cross-site attack from an unlisted origin: nothing runs, nothing is read', async () => {
    const attacker = await context.newPage();
    const answers: { method: string; status: number }[] = [];
    attacker.on('response', (r) => {
      if (r.url().startsWith(`${server.url}/mcp`)) answers.push({ method: r.request().method(), status: r.status() });
    });
    const before = logLines.filter((l) => / POST \/mcp 200 /.test(l)).length;
    await attacker.goto(`http://evil.example:${pagePort}/attack.html`);
    await attacker.waitForFunction(() => window.__attack?.simple !== undefined && window.__attack?.cors !== undefined);
    const attack = (await attacker.evaluate(() => window.__attack))!;
    expect(attack.cors).toMatch(/^failed: TypeError/);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 403)).toBe(true);
    expect(logLines.filter((l) => / POST \/mcp 200 /.test(l)).length).toBe(before);
    expect(logLines.some((l) => l.includes('refused POST /mcp: Origin http://evil.example'))).toBe(true);
    await attacker.close();
  });
});

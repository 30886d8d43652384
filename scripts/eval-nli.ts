// npm run eval:nli: runs the adversarial claim/abstract set (test/fixtures/evidence/adversarial.json,
// provenance in its README) through the configured NLI model (default Xenova/nli-deberta-v3-xsmall,
// q8) exactly as the pipeline judges a cited abstract (whole when it fits, else every window; the
// strongest entailment and contradiction), and prints accuracy per category, so the threshold and
// window can be checked. Opt-in, not part of `npm test`: it needs the real model (downloaded into
// the data directory on first run, about 96 MB, so network once). BIOINTEL_NLI_THRESHOLD,
// BIOINTEL_NLI_WINDOW and BIOINTEL_NLI_MODEL apply as everywhere else; --json prints the rows.
import { readFileSync } from 'node:fs';
import Keyv from 'keyv';
import { downloadDisplay } from '../src/cli/download-progress.js';
import { loadConfig } from '../src/config.js';
import { DocumentJudge } from '../src/evidence/doc-judge.js';
import { createNliService } from '../src/evidence/nli.js';
import { createLogger } from '../src/log.js';
import { verdictOf } from '../src/tools/verify-claim/per-pmid.js';

interface Abstract {
  id: string;
  title: string;
  abstract: string;
}
interface Case {
  id: string;
  category: string;
  claim: string;
  abstract: string;
  expected: 'supports' | 'contradicts' | 'neutral';
}

const set = JSON.parse(readFileSync(new URL('../test/fixtures/evidence/adversarial.json', import.meta.url), 'utf8')) as { abstracts: Abstract[]; cases: Case[] };
const json = process.argv.includes('--json');
const config = loadConfig();
const nli = createNliService({ config, log: createLogger('warn'), cache: new Keyv() });

let judge = await nli.judge();
if (!judge.nliEnabled) {
  process.stderr.write(`${config.nliModel} is not here yet; downloading it into ${nli.status().cacheDir}\n`);
  const display = downloadDisplay(config.nliModel);
  const s = await nli.download(display.onProgress).finally(() => display.stop());
  judge = await nli.judge();
  if (!judge.nliEnabled) {
    process.stderr.write(`eval:nli needs the NLI model, and it could not be loaded: ${s.lastError ?? s.state}\n`);
    process.exit(1);
  }
}

const abstracts = new Map(set.abstracts.map((a) => [a.id, a]));
const docs = new DocumentJudge(judge, nli.threshold, nli.window, (id) => abstracts.get(id));
const rows: (Case & { predicted: string; entailment: number; contradiction: number; windows: number; correct: boolean })[] = [];
for (const c of set.cases) {
  const d = await docs.document(c.abstract, c.claim);
  if (!d) throw new Error(`case ${c.id}: abstract ${c.abstract} missing from the set`);
  const predicted = verdictOf(d);
  rows.push({ ...c, predicted, entailment: d.judgement.entailment, contradiction: d.judgement.contradiction, windows: d.windows, correct: predicted === c.expected });
}

if (json) {
  process.stdout.write(`${JSON.stringify({ model: judge.method, threshold: nli.threshold, window: nli.window, rows }, null, 2)}\n`);
} else {
  const categories = [...new Set(rows.map((r) => r.category))].sort();
  const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(0)}%`);
  const lines = [`model ${judge.method}, threshold ${nli.threshold}, window ${nli.window} characters, ${rows.length} cases`, ''];
  lines.push(`${'category'.padEnd(26)} ${'n'.padStart(3)} ${'correct'.padStart(8)} ${'accuracy'.padStart(9)}`);
  for (const cat of categories) {
    const r = rows.filter((x) => x.category === cat);
    const ok = r.filter((x) => x.correct).length;
    lines.push(`${cat.padEnd(26)} ${String(r.length).padStart(3)} ${String(ok).padStart(8)} ${pct(ok, r.length).padStart(9)}`);
  }
  const ok = rows.filter((r) => r.correct).length;
  lines.push(`${'all'.padEnd(26)} ${String(rows.length).padStart(3)} ${String(ok).padStart(8)} ${pct(ok, rows.length).padStart(9)}`, '');
  const falseClaims = rows.filter((r) => r.expected !== 'supports');
  const falseSupported = falseClaims.filter((r) => r.predicted === 'supports' || r.predicted === 'mixed');
  const trueClaims = rows.filter((r) => r.expected === 'supports');
  lines.push(`false claims the model would let through as entailed: ${falseSupported.length} of ${falseClaims.length} (${falseSupported.map((r) => r.id).join(', ') || 'none'})`);
  lines.push(`true claims it entails: ${trueClaims.filter((r) => r.predicted === 'supports').length} of ${trueClaims.length}`, '');
  for (const r of rows.filter((x) => !x.correct)) {
    lines.push(`✗ ${r.id} [${r.category}] expected ${r.expected}, got ${r.predicted} (entail ${r.entailment.toFixed(2)}, contra ${r.contradiction.toFixed(2)}, ${r.windows} window${r.windows === 1 ? '' : 's'}): ${r.claim}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
await nli.close();

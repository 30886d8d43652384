// Prints the footprint (tools/list and every scenario's default answer, bytes and cl100k tokens)
// and writes last-run.json. The budgets are enforced by test/integration/footprint.test.ts.
// Run: npx vitest run --config bench/vitest.bench.config.ts bench/footprint
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { SHARED_DIR } from '../../test/support/shared.js';
import { measureFootprint } from './measure.js';
import { TOOLS_LIST_BUDGET } from './scenarios.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const haveShared = existsSync(path.join(SHARED_DIR, 'fixtures'));

describe.skipIf(!haveShared)('footprint', () => {
  it('measures tools/list and every default answer', async () => {
    const f = await measureFootprint();
    const rows = [
      ['tools/list', 'all tools', f.toolsList.bytes, f.toolsList.tokens, TOOLS_LIST_BUDGET, ''],
      ...f.toolsList.perTool.map((t) => [`  ${t.tool}`, 'its entry', t.bytes, t.tokens, '', '']),
      ...f.answers.map((a) => [a.tool, a.scenario, a.bytes, a.tokens, a.budget, a.textTokens]),
    ];
    process.stdout.write(`\n${['what', 'scenario', 'bytes', 'tokens', 'budget', 'of which text'].join(' | ')}\n${rows.map((r) => r.join(' | ')).join('\n')}\n`);
    writeFileSync(path.join(here, 'last-run.json'), `${JSON.stringify({ date: new Date().toISOString(), node: process.version, tokenizer: 'gpt-tokenizer cl100k_base', ...f }, null, 2)}\n`);
  });
});

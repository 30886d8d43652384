// Answers must fit a model's context (DESIGN.md 2.1): tools/list and every tool's default answer on
// the recorded worlds, measured in cl100k tokens by bench/footprint, each within its budget. Every
// tool of the registry must have a scenario, so a new tool is held to the budget from the start.
import { beforeAll, expect, it } from 'vitest';
import { measureFootprint, type Footprint } from '../../bench/footprint/measure.js';
import { SCENARIOS, TOOLS_LIST_BUDGET } from '../../bench/footprint/scenarios.js';
import { tools } from '../../src/tools/index.js';
import { describeShared } from '../support/shared.js';

describeShared('footprint: what an answer costs a model', () => {
  let footprint: Footprint;
  beforeAll(async () => {
    footprint = await measureFootprint();
  }, 300_000);

  it('measures every tool of the registry', () => {
    for (const t of tools) expect(SCENARIOS.some((s) => s.tool === t.name), `${t.name}: add a scenario to bench/footprint/scenarios.ts`).toBe(true);
  });

  it(`keeps tools/list within ${TOOLS_LIST_BUDGET} tokens`, () => {
    expect(footprint.toolsList.perTool.map((t) => t.tool).sort()).toEqual(tools.map((t) => t.name).sort());
    expect(footprint.toolsList.tokens).toBeLessThanOrEqual(TOOLS_LIST_BUDGET);
  });

  it('keeps every default answer within its budget, the text block a summary rather than a copy', () => {
    const over = footprint.answers.filter((a) => a.tokens > a.budget).map((a) => `${a.tool} (${a.scenario}): ${a.tokens} > ${a.budget}`);
    expect(over).toEqual([]);
    // A section page is data asked for, so its text carries it; elsewhere the text summarises.
    const large = footprint.answers.filter((x) => x.tool !== 'svc_get_snapshot' && x.tokens > 1_000);
    expect(large.length).toBeGreaterThan(3);
    for (const a of large) expect(a.textTokens, `${a.tool} (${a.scenario})`).toBeLessThan(a.tokens / 3);
  });
});

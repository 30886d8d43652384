// Answers of read-only analyses served again from memory (src/server/result-cache.ts; the store-level
// whole-result cache has its own test, result-cache.test.ts): the
// tool runs once, a repeat gets the same answer with every source marked `cached`; results with a
// failed source, tools that save snapshots, other tiers and owners, and --no-cache are never
// served from it; nothing is kept longer than the shortest TTL of the sources consulted.
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { anonymousCaller, keyCaller } from '../../src/caller.js';
import { keepFor, RESULT_TTL_MS, ResultCache, resultKey } from '../../src/server/result-cache.js';
import { defineTool } from '../../src/tools/define.js';
import { testConfig, testContext } from '../support/context.js';
import { connectInMemory } from '../support/mcp-client.js';

const runs = { count: 0 };
const output = z.object({ value: z.string(), sources: z.array(z.object({ id: z.string(), status: z.string(), ms: z.number(), records: z.number() })), warnings: z.array(z.string()) });
function tool(name: string, opts: { idempotent: boolean; failing?: boolean }) {
  return defineTool({
    name,
    title: name,
    description: 'counts its runs',
    input: z.object({ x: z.string() }),
    output,
    summarize: (a) => a.value,
    annotations: { readOnlyHint: opts.idempotent, destructiveHint: false, openWorldHint: true, idempotentHint: opts.idempotent },
    async handler(input, call) {
      runs.count += 1;
      return {
        value: `${input.x}:${call.tier}`,
        sources: [
          { id: 'hgnc', status: 'ok', ms: 12, records: 1 },
          { id: 'pubmed', status: opts.failing ? 'failed' : 'cached', ms: 0, records: 3 },
        ].map((s) => (s.id === 'pubmed' ? { ...s, id: 'eutils' } : s)),
        warnings: [],
      };
    },
  });
}
const pure = tool('test_pure', { idempotent: true });
const flaky = tool('test_flaky', { idempotent: true, failing: true });
const saving = tool('test_saving', { idempotent: false });

describe('the result cache', () => {
  it('runs a read-only analysis once and serves the repeat with its sources marked cached', async () => {
    const client = await connectInMemory(await testContext({ cache: true }), { tools: [pure] });
    runs.count = 0;
    const first = (await client.callTool({ name: 'test_pure', arguments: { x: 'a' } })) as unknown as { structuredContent: { sources: { status: string; ms: number }[] }; content: { text: string }[] };
    const again = (await client.callTool({ name: 'test_pure', arguments: { x: 'a' } })) as unknown as typeof first;
    expect(runs.count).toBe(1);
    // The repeat is not validated again either: its arguments are the kept answer's key.
    const parse = vi.spyOn(pure.input, 'safeParseAsync');
    await client.callTool({ name: 'test_pure', arguments: { x: 'a' } });
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(first.structuredContent.sources.map((s) => [s.status, s.ms])).toEqual([['ok', 12], ['cached', 0]]);
    expect(again.structuredContent.sources.map((s) => [s.status, s.ms])).toEqual([['cached', 0], ['cached', 0]]);
    // The text block is the tool's summary of the answer, kept with it.
    expect(again.content[0]!.text).toBe(first.content[0]!.text);
    // Other arguments are another entry.
    await client.callTool({ name: 'test_pure', arguments: { x: 'b' } });
    expect(runs.count).toBe(2);
  });

  it('never keeps a result with a failed source, nor one of a tool that is not idempotent, nor with --no-cache', async () => {
    for (const [t, cache] of [[flaky, true], [saving, true], [pure, false]] as const) {
      const client = await connectInMemory(await testContext({ cache }), { tools: [t] });
      runs.count = 0;
      await client.callTool({ name: t.name, arguments: { x: 'a' } });
      await client.callTool({ name: t.name, arguments: { x: 'a' } });
      expect(runs.count, `${t.name} cache=${cache}`).toBe(2);
    }
  });

  it('keys by tier and owner, and by argument values whatever their order', () => {
    const a = keyCaller({ id: 'k_1', label: 'a', tier: 'researcher' });
    const b = keyCaller({ id: 'k_2', label: 'b', tier: 'researcher' });
    const free = keyCaller({ id: 'k_1', label: 'a', tier: 'free' });
    const k = (caller: typeof a, args: object) => resultKey('t', args, caller, 'judge');
    expect(k(a, { x: 1, y: 2 })).toBe(k(a, { y: 2, x: 1 }));
    expect(new Set([k(a, { x: 1 }), k(b, { x: 1 }), k(free, { x: 1 }), k(anonymousCaller('1.2.3.4'), { x: 1 })]).size).toBe(4);
    expect(resultKey('t', { x: 1 }, a, 'judge')).not.toBe(resultKey('t', { x: 1 }, a, 'another judge'));
  });

  it('keeps a result no longer than the shortest TTL of its sources (and 10 minutes at most)', () => {
    const config = testConfig();
    expect(keepFor({ sources: [{ id: 'hgnc', status: 'ok' }, { id: 'eutils', status: 'cached' }] }, config)).toBe(RESULT_TTL_MS);
    expect(keepFor({ sources: [{ id: 'hgnc', status: 'ok' }, { id: 'eutils', status: 'partial' }] }, config)).toBeUndefined();
    expect(keepFor({ sources: [] }, config)).toBeUndefined();
    expect(keepFor({ sources: [{ id: 'nope', status: 'ok' }] }, config)).toBeUndefined();
    const clock = { now: 0 };
    const cache = new ResultCache<string>(() => clock.now, 100);
    cache.set('a', 'A', 10, 1_000);
    clock.now = 999;
    expect(cache.get('a')).toBe('A');
    clock.now = 1_000;
    expect(cache.get('a')).toBeUndefined();
    // Memory stays bounded: the least recently used goes first.
    cache.set('x', 'X', 20, 10_000);
    cache.set('y', 'Y', 20, 10_000);
    cache.get('x');
    for (const k of ['p', 'q', 'r', 's']) cache.set(k, k, 20, 10_000);
    expect(cache.get('y')).toBeUndefined();
    expect(cache.size).toBeLessThanOrEqual(5);
  });

  it('reads the NLI model state once a second for its key, not once a call, and a new state is a new entry', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const ctx = await testContext({ cache: true });
      let state: 'not_downloaded' | 'ready' = 'not_downloaded';
      const status = ctx.nli.status.bind(ctx.nli);
      let reads = 0;
      ctx.nli.status = () => {
        reads++;
        return { ...status(), state };
      };
      const client = await connectInMemory(ctx, { tools: [pure] });
      runs.count = 0;
      for (let i = 0; i < 30; i++) await client.callTool({ name: 'test_pure', arguments: { x: 'n' } });
      expect(reads).toBe(1);
      expect(runs.count).toBe(1);
      // Another process finished a download: seen once the second is up, and answers are made again.
      state = 'ready';
      vi.advanceTimersByTime(1001);
      await client.callTool({ name: 'test_pure', arguments: { x: 'n' } });
      expect(reads).toBe(2);
      expect(runs.count).toBe(2);
      // This process's own change (its download finished, the model loaded) is seen at once.
      let local = 'before';
      ctx.nli.localState = () => local;
      await client.callTool({ name: 'test_pure', arguments: { x: 'n' } });
      expect(reads).toBe(3);
      local = 'after';
      await client.callTool({ name: 'test_pure', arguments: { x: 'n' } });
      expect(reads).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

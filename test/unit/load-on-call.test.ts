// A tool's handler code loaded on its first call (tools/define.ts loadOnCall): once, shared by calls
// that arrive together, and loaded again after a failed load instead of failing for ever.
import { describe, expect, it, vi } from 'vitest';
import { loadOnCall, silentProgress, type ToolCall } from '../../src/tools/define.js';

const call = { tier: 'researcher', progress: silentProgress } as unknown as ToolCall;

describe('loadOnCall', () => {
  it('loads nothing until called, then once for every call', async () => {
    const load = vi.fn(async () => async (n: number) => n * 2);
    const handler = loadOnCall(load);
    expect(load).not.toHaveBeenCalled();
    expect(await Promise.all([handler(1, call), handler(2, call)])).toEqual([2, 4]);
    expect(await handler(3, call)).toBe(6);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('passes a failed load on as that call’s error, and tries again on the next call', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('chunk missing');
      return async (n: number) => n + 1;
    });
    const handler = loadOnCall(load);
    await expect(handler(1, call)).rejects.toThrow('chunk missing');
    fail = false;
    expect(await handler(1, call)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

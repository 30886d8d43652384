import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { rateWindow, sleep } from '../../src/sources/pacing.js';
import { SOURCES } from '../../src/sources/registry.js';

describe('rateWindow', () => {
  it('allows whole requests per second', () => {
    expect(rateWindow(3)).toEqual({ intervalCap: 3, interval: 1000 });
    expect(rateWindow(1)).toEqual({ intervalCap: 1, interval: 1000 });
  });

  it('spaces requests out below one per second (Semantic Scholar without a key: 1 per 2 s)', () => {
    expect(rateWindow(0.5)).toEqual({ intervalCap: 1, interval: 2000 });
  });

  it('gives every registered source a usable window', () => {
    for (const s of SOURCES) {
      const w = rateWindow(s.perSecond);
      expect(w.intervalCap, s.id).toBeGreaterThanOrEqual(1);
      expect(w.interval, s.id).toBeGreaterThanOrEqual(1000);
    }
  });
});

describe('sleep', () => {
  it('leaves no abort listener behind on the call signal after each wait (retries of one call used to pile them up)', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 12; i++) await sleep(1, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('rejects with the reason when the signal aborts, at once when it already has', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    await expect(sleep(1, controller.signal)).rejects.toThrow('stop');
  });
});

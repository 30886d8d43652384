import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { rateText, rateWindow, sleep } from '../../src/sources/pacing.js';
import { SOURCES } from '../../src/sources/registry.js';

describe('rateWindow', () => {
  it('allows whole requests per second', () => {
    expect(rateWindow({ perSecond: 3 })).toEqual({ intervalCap: 3, interval: 1000 });
    expect(rateWindow({ perSecond: 1 })).toEqual({ intervalCap: 1, interval: 1000 });
  });

  it('keeps a limit stated per minute as that window, so a few requests leave at once', () => {
    expect(rateWindow({ perSecond: 4, window: { requests: 240, seconds: 60 } })).toEqual({ intervalCap: 240, interval: 60_000 });
    expect(rateText({ perSecond: 4, window: { requests: 240, seconds: 60 } })).toBe('240 per minute');
    expect(rateText({ perSecond: 3 })).toBe('3/s');
  });

  it('gives ClinicalTrials.gov and openFDA their per-minute windows: the trials of 3 candidates and 5 labels are one burst', () => {
    const of = (id: string) => SOURCES.find((s) => s.id === id)!;
    for (const [id, burst] of [['clinicaltrials', 3], ['openfda', 5]] as const) {
      const s = of(id);
      expect(Math.min(rateWindow(s).intervalCap, s.concurrency), id).toBeGreaterThanOrEqual(burst);
      // The window never allows more than the stated rate over its length.
      expect(rateWindow(s).intervalCap / (rateWindow(s).interval / 1000), id).toBeLessThanOrEqual(s.perSecond + 1e-9);
    }
  });

  it('spaces requests out below one per second (Semantic Scholar without a key: 1 per 2 s)', () => {
    expect(rateWindow({ perSecond: 0.5 })).toEqual({ intervalCap: 1, interval: 2000 });
  });

  it('gives every registered source a usable window', () => {
    for (const s of SOURCES) {
      const w = rateWindow(s);
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

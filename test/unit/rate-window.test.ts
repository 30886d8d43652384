import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { rateText, rateWindow, SendLog, sleep } from '../../src/sources/pacing.js';
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
    expect(rateText({ perSecond: 3, window: { requests: 900, seconds: 300 } })).toBe('900 per 5 minutes');
    expect(rateText({ perSecond: 1, window: { requests: 90, seconds: 90 } })).toBe('90 per 90 s');
  });

  it('gives ClinicalTrials.gov, openFDA and CIViC their stated windows: the trials of 3 candidates, 5 labels and 4 focus genes are one burst', () => {
    const of = (id: string) => SOURCES.find((s) => s.id === id)!;
    for (const [id, burst] of [['clinicaltrials', 3], ['openfda', 5], ['civic', 4]] as const) {
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

describe('SendLog (two stated limits: Europe PMC, 10 a second and 500 a minute)', () => {
  /** Sends `n` requests as early as the log allows, on a clock that only moves when it says wait. */
  function greedy(log: SendLog, clock: { t: number }, n: number): number[] {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      for (let d = log.delay(); d > 0; d = log.delay()) clock.t += d;
      times.push(clock.t);
      log.record();
    }
    return times;
  }
  const most = (times: number[], spanMs: number) => Math.max(...times.map((t) => times.filter((x) => x >= t && x < t + spanMs).length));

  it('keeps both windows on send times: never 11 in a second nor 501 in a minute, and no slower than they allow', () => {
    const clock = { t: 0 };
    const log = new SendLog([{ requests: 10, seconds: 1 }, { requests: 500, seconds: 60 }], () => clock.t);
    const times = greedy(log, clock, 1200);
    expect(most(times, 1000)).toBe(10);
    expect(most(times, 60_000)).toBe(500);
    // 10 a second until the minute's 500 are spent (49.x s), then the 501st waits for the first to age out.
    expect(times[499]).toBe(49_000);
    expect(times[500]).toBe(60_000);
    // With only the per-second window, 600 would have left in the first minute.
    const loose = greedy(new SendLog([{ requests: 10, seconds: 1 }], () => clock.t), clock, 700);
    expect(most(loose, 60_000)).toBe(600);
  });

  it('says how long to wait, and nothing once the oldest send has left the window', () => {
    const clock = { t: 1_000 };
    const log = new SendLog([{ requests: 3, seconds: 1 }], () => clock.t);
    expect(greedy(log, clock, 3)).toEqual([1_000, 1_000, 1_000]);
    expect(log.delay()).toBe(1_000);
    clock.t = 1_999;
    expect(log.delay()).toBe(1);
    clock.t = 2_000;
    expect(log.delay()).toBe(0);
  });

  it('stops waiting when the call is cancelled, and records nothing', async () => {
    const log = new SendLog([{ requests: 1, seconds: 60 }]);
    await log.take();
    const controller = new AbortController();
    const waiting = log.take(controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    // The cancelled request took no place: the next one after the minute is not pushed back.
    expect(log.delay()).toBeGreaterThan(59_000);
    expect(log.delay()).toBeLessThanOrEqual(60_000);
  });

  it('is Europe PMC\'s limit as stated, and shown so', () => {
    const epmc = SOURCES.find((s) => s.id === 'europepmc')!;
    expect(epmc.perSecond).toBe(10);
    expect(epmc.sustained).toEqual({ requests: 500, seconds: 60 });
    expect(rateText(epmc)).toBe('10/s, 500 per minute');
  });
});

import { describe, expect, it } from 'vitest';
import { rateWindow } from '../../src/sources/pacing.js';
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

import { describe, expect, it } from 'vitest';
import { isSnapshotId, newSnapshotId, SNAPSHOT_ID_EXAMPLE, snapshotIdTime } from '../../src/store/snapshot-id.js';

describe('snapshot ids', () => {
  it('have the documented format, and the example matches it', () => {
    const id = newSnapshotId();
    expect(id).toMatch(/^snap_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(isSnapshotId(id)).toBe(true);
    expect(isSnapshotId(SNAPSHOT_ID_EXAMPLE)).toBe(true);
    for (const bad of ['', 'snap_', 'SNAP_01jc4x9m2k7q8r3t5v6w7x8y9z', 'snap_01jc4x9m2k7q8r3t5v6w7x8y9', 'snap_01jc4x9m2k7q8r3t5v6w7x8y9u', 'snap_../../etc/passwd']) {
      expect(isSnapshotId(bad), bad).toBe(false);
    }
  });

  it('encode their creation time and sort by it as strings', () => {
    const t0 = Date.UTC(2024, 5, 1, 12, 0, 0);
    const a = newSnapshotId(t0);
    const b = newSnapshotId(t0 + 1);
    const c = newSnapshotId(new Date(t0 + 86_400_000));
    expect(snapshotIdTime(a)).toBe(t0);
    expect(snapshotIdTime(c)).toBe(t0 + 86_400_000);
    expect([c, a, b].sort()).toEqual([a, b, c]);
  });

  it('stay ordered within one millisecond (monotonic) and never repeat', () => {
    const t = Date.UTC(2025, 0, 1);
    const ids = Array.from({ length: 1000 }, () => newSnapshotId(t));
    expect(new Set(ids).size).toBe(1000);
    expect([...ids].sort()).toEqual(ids);
  });

  it('carry 80 random bits: ids of different milliseconds share no random suffix', () => {
    const suffixes = new Set(Array.from({ length: 200 }, (_, i) => newSnapshotId(1_700_000_000_000 + i * 7).slice(15)));
    expect(suffixes.size).toBe(200);
  });
});

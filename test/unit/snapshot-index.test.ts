import { describe, expect, it } from 'vitest';
import { newSnapshotId } from '../../src/store/snapshot-id.js';
import { SnapshotIndex, type SnapshotSummary } from '../../src/store/snapshot-index.js';

let clock = Date.UTC(2024, 0, 1);
function summary(genes: string[], diseaseContext: string, at = (clock += 60_000)): SnapshotSummary {
  return { id: newSnapshotId(at), createdAt: new Date(at).toISOString(), tool: 'svc_generate_insights', genes, diseaseContext, qualityScore: 0.5 };
}

describe('SnapshotIndex', () => {
  it('matches disease by case-insensitive substring, whitespace-insensitive', () => {
    const index = new SnapshotIndex();
    const a = summary(['TP53'], 'Breast Cancer');
    const b = summary(['EGFR'], 'non-small cell lung cancer');
    const c = summary(['BRCA1'], 'HER2+  breast   carcinoma');
    for (const s of [a, b, c]) index.add(s);
    expect(index.search({ disease: 'breast', limit: 10 }).snapshots.map((s) => s.id)).toEqual([c.id, a.id]);
    expect(index.search({ disease: 'CANCER', limit: 10 }).total).toBe(2);
    expect(index.search({ disease: 'breast carcinoma', limit: 10 }).snapshots.map((s) => s.id)).toEqual([c.id]);
    expect(index.search({ disease: 'melanoma', limit: 10 })).toEqual({ snapshots: [], total: 0 });
  });

  it('matches genes exactly (case-insensitive), never as substrings', () => {
    const index = new SnapshotIndex();
    const a = summary(['TP53', 'TP53BP1'], 'x');
    const b = summary(['TP53BP1'], 'x');
    const c = summary(['C9orf72'], 'als');
    for (const s of [a, b, c]) index.add(s);
    expect(index.search({ gene: 'tp53', limit: 10 }).snapshots.map((s) => s.id)).toEqual([a.id]);
    expect(index.search({ gene: 'TP5', limit: 10 }).total).toBe(0);
    expect(index.search({ gene: 'C9ORF72', limit: 10 }).snapshots.map((s) => s.id)).toEqual([c.id]);
    expect(index.hasGene('c9orf72')).toBe(true);
    expect(index.hasGene('TP5')).toBe(false);
  });

  it('combines filters, returns newest first, counts every match beyond the limit', () => {
    const index = new SnapshotIndex();
    const made = Array.from({ length: 30 }, (_, i) => summary(i % 2 ? ['KRAS', 'TP53'] : ['KRAS'], i % 3 ? 'pancreatic cancer' : 'colorectal cancer'));
    for (const s of made) index.add(s);
    const both = made.filter((s, i) => i % 2 === 1 && i % 3 !== 0);
    const r = index.search({ gene: 'TP53', disease: 'pancrea', limit: 3 });
    expect(r.total).toBe(both.length);
    expect(r.snapshots.map((s) => s.id)).toEqual(both.reverse().slice(0, 3).map((s) => s.id));
    expect(index.search({ limit: 1 }).snapshots[0]?.id).toBe(made[29]?.id);
  });

  it('keeps newest-first order when records arrive out of order, and ignores repeats', () => {
    const index = new SnapshotIndex();
    const late = summary(['MYC'], 'lymphoma', Date.UTC(2024, 5, 3));
    const early = summary(['MYC'], 'lymphoma', Date.UTC(2024, 5, 1));
    const middle = summary(['MYC'], 'lymphoma', Date.UTC(2024, 5, 2));
    expect(index.add(late)).toBe(true);
    index.add(early);
    index.add(middle);
    expect(index.add(middle)).toBe(false);
    expect(index.size).toBe(3);
    const order = [late.id, middle.id, early.id];
    expect(index.search({ limit: 10 }).snapshots.map((s) => s.id)).toEqual(order);
    expect(index.search({ gene: 'MYC', limit: 10 }).snapshots.map((s) => s.id)).toEqual(order);
  });
});

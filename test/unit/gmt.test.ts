import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cleanGeneToken, parseGmt } from '../../src/analysis/gmt.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const genesetDir = path.join(path.resolve(repoRoot, '../shared'), 'genesets');
const haveShared = existsSync(genesetDir);
if (!haveShared) console.warn(`[gmt.test] skipping real-library checks: ${genesetDir} not found`);

describe('parseGmt quirks', () => {
  const text = [
    'HALLMARK_A\thttp://www.gsea-msigdb.org/gsea/msigdb/cards/HALLMARK_A\tTP53\tEGFR\tKRAS',
    'SET_EMPTY_DESC\t\tBRCA1\tBRCA2\t\t\t', // empty description and trailing empty fields
    '',
    '   ',
    'WEIGHTED\t\tTP53,1.0\tMDM2,0.5\tCDKN1A,-2e-1\tRB1 , 1', // Enrichr weighted entries
    'DUPS\tx\tAKT1\tAKT1\tPIK3CA\tAKT1', // duplicate genes within a set
    'Reactome-pathway\tR-HSA-164843\tBANF1\tgag\t18S-rRNA,-5.8S-rRNA,-28S-rRNA', // Reactome: id in column 2
    'GO:0000002\tmitochondrial genome maintenance\tPOLG\tTWNK',
    '2-oxoglutarate metabolic process (GO:0006103)\t\tIDH1\tIDH2',
    'Regulation Of TP53 Activity R-HSA-5633007\t\tTP53',
    'NO_GENES\tdesc\t\t',
    '\tmissing name\tTP53',
    'CRLF_SET\tdesc\tA1\tA2\r',
    'LAST\t\tZ1', // no trailing newline
  ].join('\r\n');
  const parsed = parseGmt(text);
  const byId = new Map(parsed.sets.map((s) => [s.id, s]));

  it('keeps every valid line and skips blank ones', () => {
    expect(parsed.sets.map((s) => s.id)).toEqual([
      'HALLMARK_A',
      'SET_EMPTY_DESC',
      'WEIGHTED',
      'DUPS',
      'R-HSA-164843',
      'GO:0000002',
      'GO:0006103',
      'R-HSA-5633007',
      'CRLF_SET',
      'LAST',
    ]);
  });

  it('drops empty fields and CR, keeps description empty', () => {
    expect(byId.get('SET_EMPTY_DESC')).toEqual({ id: 'SET_EMPTY_DESC', name: 'SET_EMPTY_DESC', description: '', genes: ['BRCA1', 'BRCA2'] });
    expect(byId.get('CRLF_SET')?.genes).toEqual(['A1', 'A2']);
    expect(byId.get('LAST')?.genes).toEqual(['Z1']);
  });

  it('takes the symbol before a numeric ,weight suffix only', () => {
    expect(byId.get('WEIGHTED')?.genes).toEqual(['TP53', 'MDM2', 'CDKN1A', 'RB1']);
    expect(byId.get('R-HSA-164843')?.genes).toEqual(['BANF1', 'gag', '18S-rRNA,-5.8S-rRNA,-28S-rRNA']);
    expect(cleanGeneToken(' EGFR,0.25 ')).toBe('EGFR');
    expect(cleanGeneToken('EGFR')).toBe('EGFR');
  });

  it('deduplicates genes within a set and says so', () => {
    expect(byId.get('DUPS')?.genes).toEqual(['AKT1', 'PIK3CA']);
    expect(parsed.warnings.some((w) => w.includes('"DUPS"') && w.includes('2 duplicate'))).toBe(true);
  });

  it('keeps symbols case as written (no upper-casing)', () => {
    expect(byId.get('R-HSA-164843')?.genes).toContain('gag');
    expect(byId.get('R-HSA-164843')?.genes).not.toContain('GAG');
  });

  it('derives ids and names from Reactome, GO and Enrichr conventions', () => {
    expect(byId.get('R-HSA-164843')?.name).toBe('Reactome-pathway');
    expect(byId.get('GO:0000002')?.name).toBe('mitochondrial genome maintenance');
    expect(byId.get('GO:0006103')?.name).toBe('2-oxoglutarate metabolic process (GO:0006103)');
    expect(byId.get('R-HSA-5633007')?.name).toBe('Regulation Of TP53 Activity R-HSA-5633007');
    expect(byId.get('HALLMARK_A')?.description).toMatch(/^http/);
  });

  it('warns about lines without genes or without a name', () => {
    expect(parsed.warnings.some((w) => w.includes('"NO_GENES" has no genes'))).toBe(true);
    expect(parsed.warnings.some((w) => w.includes('empty set name'))).toBe(true);
  });

  it('warns on duplicate set ids but keeps both', () => {
    const p = parseGmt('S\t\tA\nS\t\tB\n');
    expect(p.sets).toHaveLength(2);
    expect(p.warnings).toEqual(['line 2: duplicate set id "S"']);
  });

  it('handles empty input', () => {
    expect(parseGmt('')).toEqual({ sets: [], warnings: [] });
  });
});

// Set and gene counts from /work/shared/genesets/SOURCE.md.
describe.skipIf(!haveShared)('parseGmt on the shared libraries', () => {
  it.each([
    ['msigdb_hallmark_v7.0_symbols.gmt', 50, 4384, 'HALLMARK_TNFA_SIGNALING_VIA_NFKB'],
    ['msigdb_c2_cp_reactome_v6.0_symbols.gmt', 674, 6025, 'REACTOME_GLYCOGEN_BREAKDOWN_GLYCOGENOLYSIS'],
    ['reactome_ReactomePathways_human_2021_names-hyphenated.gmt', 2504, 11387, 'R-HSA-164843'],
    ['enrichr_GO_Biological_Process_2021.gmt', 6036, 14937, 'GO:0051084'],
    ['GO_BP_orgHs_3.16.gmt', 9373, undefined, 'GO:0000002'],
  ] as const)('%s', (file, sets, genes, firstId) => {
    const parsed = parseGmt(readFileSync(path.join(genesetDir, file), 'utf8'));
    expect(parsed.sets).toHaveLength(sets);
    if (genes !== undefined) expect(new Set(parsed.sets.flatMap((s) => s.genes)).size).toBe(genes);
    expect(parsed.sets[0]?.id).toBe(firstId);
    expect(parsed.warnings).toEqual([]);
  });
});

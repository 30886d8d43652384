// The terminal report of `biointel analyze`: the parts added for focus genes, the g:Profiler
// cross-check, boxed warnings and preprints (the rest is covered by test/integration/cli-analyze).
import { describe, expect, it } from 'vitest';
import { renderInsights } from '../../src/cli/render/insights.js';
import { insightsResult } from '../fixtures/report/insights-result.js';
import { compactInsights } from '../../src/tools/insights/compact.js';
import { summarizeInsights } from '../../src/tools/insights/summary.js';

const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

describe('renderInsights', () => {
  const out = plain(renderInsights(insightsResult));

  it('says how many reported pathways g:Profiler confirms', () => {
    expect(out).toContain('g:Profiler (e113_eg59_p19_f6a03c19) confirms 12 of 18 reported pathways (212 significant terms of its own).');
  });

  it('tabulates the focus genes with a dash for what no source knew', () => {
    const table = out.slice(out.indexOf('## Focus genes'), out.indexOf('## Drug candidates'));
    expect(table).toMatch(/EGFR\s+Epidermal growth factor receptor\s+kinase,enzyme\s+76 \(confident\)\s+0\.29 intolerant\s+25 \(1 here\)\s+2/);
    expect(table).toMatch(/AKT1\s+-\s+-\s+-\s+-\s+-\s+-/);
  });

  it('flags boxed warnings and lists preprints as not peer reviewed', () => {
    expect(out).toContain('! LAPATINIB: FDA boxed warning (https://dailymed.nlm.nih.gov/dailymed/lookup.cfm?setid=00000000-0000-0000-0000-000000000000)');
    expect(out).toContain('## Preprints (not peer reviewed)');
    expect(out).toContain('- ERBB2 signalling in resistant breast tumours (biorxiv 2024-01-04) https://www.biorxiv.org/content/10.1101/2024.01.02.999999v2');
  });

  it('says apart the genes only DGIdb claims link a drug to, and marks them where they stand as targets', () => {
    expect(out).toContain('LAPATINIB: DGIdb claims only, not targets: BRAF (response: sensitive; JAX-CKB)');
    expect(out).not.toContain('* linked by DGIdb claims alone');
    // A drug with interaction evidence only: its genes are DGIdb's, marked and explained.
    const [first, ...rest] = insightsResult.drugCandidates;
    const claimOnly = { ...first!, name: 'RIFAMPIN', targetGenes: ['BRAF'], interactionOnly: [{ gene: 'BRAF', sources: ['JAX-CKB'], responseTypes: ['predicted - sensitive'] }] };
    const marked = plain(renderInsights({ ...insightsResult, drugCandidates: [claimOnly, ...rest] }));
    expect(marked).toMatch(/RIFAMPIN .* BRAF\* /);
    expect(marked).toContain('* linked by DGIdb claims alone (a biomarker or a case report): no source says the drug acts on it');
    expect(marked).not.toContain('RIFAMPIN: DGIdb claims only');
  });

  // Once "No drug acts on these genes" when the drug sources had failed.
  it('tells no drug found from drug sources that failed', () => {
    const failed = (ids: string[]) => insightsResult.sources.map((s) => (ids.includes(s.id) ? { ...s, status: 'failed' as const, error: 'down' } : s));
    const none = (sources: typeof insightsResult.sources) => plain(renderInsights({ ...insightsResult, drugCandidates: [], sources }));
    expect(none(insightsResult.sources)).toContain('Drug candidates: none found for these genes in Open Targets, DGIdb or ChEMBL.');
    expect(none(failed(['dgidb']))).toContain('Drug candidates: none found in the drug sources that answered (DGIdb failed: not a complete search).');
    expect(none(failed(['opentargets', 'dgidb', 'chembl']))).toContain('Drug candidates: not known: Open Targets, DGIdb and ChEMBL all failed.');
    expect(none(failed(['opentargets', 'dgidb', 'chembl']))).not.toMatch(/none found/);
  });

  it('says when the cross-check was unavailable', () => {
    expect(plain(renderInsights({ ...insightsResult, enrichmentCrossCheck: null }))).toContain('g:Profiler cross-check unavailable.');
  });
});

describe('renderInsights: empty strategy and hypothesis sections', () => {
  // Once the sections were left out when empty: a failed STRING or drug source said nothing at all.
  it('say why they are empty: a failed source, or nothing to build on', () => {
    const empty = { ...insightsResult, hypotheses: [], therapeuticStrategies: [] };
    const ok = plain(renderInsights({ ...empty, sources: empty.sources.map((x) => ({ ...x, status: 'ok' as const })) }));
    expect(ok).toContain('## Hypotheses\nNo gene pair of the panel interacts or shares a significant pathway: no hypothesis derived.');
    expect(ok).toContain('## Therapeutic strategies\nNo strategy: neither a drug candidate nor a significantly enriched pathway to build one on.');
    const down = plain(renderInsights({ ...empty, sources: [...empty.sources.filter((x) => !['string', 'dgidb'].includes(x.id)), { id: 'string', status: 'failed', ms: 1, records: 0, error: 'HTTP 503' }, { id: 'dgidb', status: 'failed', ms: 1, records: 0, error: 'HTTP 503' }] }));
    expect(down).toContain('No hypothesis could be derived: STRING failed (see Sources). This is not a finding that no gene pair interacts.');
    expect(down).toMatch(/No strategy could be built: .*DGIdb failed \(see Sources\)/);
  });
});

describe('summarizeInsights (MCP text): no hypothesis', () => {
  it('says why, once silent: STRING failed, or no pair to build one on', () => {
    const empty = { ...insightsResult, hypotheses: [] };
    const stringDown = { ...empty, sources: empty.sources.map((x) => (x.id === 'string' ? { ...x, status: 'failed' as const, error: 'HTTP 503' } : { ...x, status: 'ok' as const })) };
    expect(summarizeInsights(compactInsights(stringDown))).toContain('Hypotheses: No hypothesis could be derived: STRING failed (see Sources).');
    const allUp = { ...empty, sources: empty.sources.map((x) => ({ ...x, status: 'ok' as const })) };
    expect(summarizeInsights(compactInsights(allUp))).toContain('Hypotheses: No gene pair of the panel interacts or shares a significant pathway');
  });
});

describe('a drug list with a drug source down says it may be incomplete', () => {
  it('in the MCP text and the terminal, and not when every drug source answered', () => {
    const up = { ...insightsResult, sources: insightsResult.sources.map((x) => ({ ...x, status: 'ok' as const })) };
    const dgidbDown = { ...up, sources: up.sources.map((x) => (x.id === 'dgidb' ? { ...x, status: 'failed' as const, error: 'HTTP 503' } : x)) };
    expect(up.drugCandidates.length).toBeGreaterThan(0);
    expect(summarizeInsights(compactInsights(dgidbDown))).toMatch(/Drug candidates: \d+ ranked \(DGIdb failed: there may be more\); top: /);
    expect(plain(renderInsights(dgidbDown))).toContain('Not a complete list (DGIdb failed: there may be more).');
    expect(summarizeInsights(compactInsights(up))).not.toContain('there may be more');
    expect(plain(renderInsights(up))).not.toContain('Not a complete list');
  });
});

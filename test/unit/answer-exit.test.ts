// The exit rule every analysis command shares (src/cli/answer-exit.ts): 1 when the command says
// its question was not answered, 4 when a source the answer used failed, failed in part or was late
// (one stderr line names them), else 0. Skipped sources were not used: no effect.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerExitCode, incompleteSources } from '../../src/cli/answer-exit.js';
import { EXIT } from '../../src/cli/exit.js';

const stderr = () => vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
afterEach(() => vi.restoreAllMocks());

describe('answerExitCode', () => {
  it('0 for a complete answer: every source ok, cached or skipped; nothing on stderr', () => {
    const err = stderr();
    expect(answerExitCode({ sources: [{ id: 'dgidb', status: 'ok' }, { id: 'chembl', status: 'cached' }, { id: 'pubchem', status: 'skipped' }] })).toBe(EXIT.ok);
    expect(answerExitCode({ id: 'snap_x' })).toBe(EXIT.ok); // no sources[]: a saved snapshot shown
    expect(err).not.toHaveBeenCalled();
  });

  it('4 naming the sources that failed, failed in part or were late', () => {
    const err = stderr();
    const sources = [
      { id: 'dgidb', status: 'failed' },
      { id: 'chembl', status: 'partial' },
      { id: 'string', status: 'failed', late: true },
      { id: 'europepmc', status: 'partial', late: true },
      { id: 'hgnc', status: 'ok' },
    ];
    expect(answerExitCode({ sources })).toBe(EXIT.incomplete);
    expect(err).toHaveBeenCalledWith('warning: incomplete answer: DGIdb failed, ChEMBL partly, STRING protein interactions late, Europe PMC partly late\n');
    expect(incompleteSources([{ id: 'made-up', status: 'failed' }])).toEqual(['made-up failed']);
  });

  it('1 when the command could not answer, whatever the sources; the reason and hint on stderr', () => {
    const err = stderr();
    expect(answerExitCode({ sources: [{ id: 'dgidb', status: 'failed' }] }, { error: 'Pathway enrichment could not run', hint: 'run biointel enrich --refresh-libraries' })).toBe(EXIT.failure);
    expect(err).toHaveBeenCalledWith('error: Pathway enrichment could not run\nhint: run biointel enrich --refresh-libraries\n');
    expect(answerExitCode({ sources: [] }, 'no drug could be considered')).toBe(EXIT.failure);
  });

  it('4 when a gene-set library could not be loaded while others were: a user\'s own GMT file is no source', () => {
    const err = stderr();
    const r = { sources: [{ id: 'enrichr', status: 'ok' }], enrichmentStatus: { state: 'partial', failed: [{ library: '/home/me/mylab.gmt', error: 'not UTF-8 text' }] } };
    expect(answerExitCode(r)).toBe(EXIT.incomplete);
    expect(err).toHaveBeenCalledWith('warning: incomplete answer: gene-set library mylab.gmt failed\n');
  });
});

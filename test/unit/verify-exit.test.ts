// `biointel verify`'s exit code (src/cli/verify-exit.ts): 0 every statement supported, 3 judged and
// not supported, 1 not verified. A grounded claim whose only other statement was never judged (too
// long for the model) exited 3, "judged and not supported", though nothing judged it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXIT } from '../../src/cli/exit.js';
import { verifyExitCode } from '../../src/cli/verify-exit.js';

afterEach(() => vi.restoreAllMocks());
const quiet = () => vi.spyOn(process.stderr, 'write').mockImplementation(() => true);

describe('verifyExitCode', () => {
  it('0 when every statement is supported', () => {
    quiet();
    expect(verifyExitCode({ evidenceStatus: 'grounded', statements: [{ status: 'supported' }, { status: 'supported' }] } as never)).toBe(EXIT.ok);
  });

  it('3 when a statement was judged and is not supported, beside supported ones', () => {
    quiet();
    expect(verifyExitCode({ evidenceStatus: 'grounded', statements: [{ status: 'supported' }, { status: 'unsupported' }] } as never)).toBe(EXIT.notSupported);
    expect(verifyExitCode({ evidenceStatus: 'supported', statements: [{ status: 'supported' }, { status: 'unjudged' }, { status: 'contradicted' }] } as never)).toBe(EXIT.notSupported);
  });

  it('1 when the statements not supported were never judged (unjudged, unverifiable): no verdict', () => {
    const err = quiet();
    expect(verifyExitCode({ evidenceStatus: 'grounded', statements: [{ status: 'supported' }, { status: 'unjudged' }] } as never)).toBe(EXIT.failure);
    expect(err).toHaveBeenCalledWith(expect.stringContaining('1 of 2 statements were not verified (unjudged)'));
    expect(verifyExitCode({ evidenceStatus: 'supported', statements: [{ status: 'supported' }, { status: 'unverifiable' }] } as never)).toBe(EXIT.failure);
  });
});

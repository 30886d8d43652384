// Assertions on the UpstreamError a parser throws or a client rejects with.
import { expect } from 'vitest';
import { UpstreamError, type UpstreamFailure } from '../../src/errors.js';

export interface ExpectedUpstreamError {
  source: string;
  /** Checked only when given (e.g. 'schema' for drift); leave it out to assert it afterwards. */
  failure?: UpstreamFailure;
}

/**
 * Calls `fn`, expects it to throw an UpstreamError from `expected.source` (and with
 * `expected.failure` when given), and returns the error for further assertions.
 */
export function expectUpstreamError(fn: () => unknown, expected: ExpectedUpstreamError): UpstreamError {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(UpstreamError);
  expect(caught).toMatchObject(expected);
  return caught as UpstreamError;
}

/** Awaits `p`, expects it to reject with an UpstreamError, and returns the error for further assertions. */
export async function expectUpstreamRejection(p: Promise<unknown>): Promise<UpstreamError> {
  const caught = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(caught).toBeInstanceOf(UpstreamError);
  return caught as UpstreamError;
}

// One promise shared by every caller of a piece of work that should run once (loading a module,
// building a context), except that a failure is not kept: it is passed on to the callers waiting
// for it, and the next call tries again.

export interface Memo<T> {
  /** The work's promise: started on the first call, shared until it fails. */
  get(): Promise<T>;
  /** The promise under way or settled, if the work was started (and has not failed since). */
  current(): Promise<T> | undefined;
}

export function memoUntilFailure<T>(work: () => Promise<T>): Memo<T> {
  let pending: Promise<T> | undefined;
  return {
    get: () =>
      (pending ??= work().catch((err: unknown) => {
        pending = undefined;
        throw err;
      })),
    current: () => pending,
  };
}

// A context built when it is first needed, for the stdio server. An assistant that launches biointel
// waits for its answers to initialize and tools/list, which need the tool registry only; building
// the context (the source clients, the SQLite store with its native driver, the NLI service) took a
// fifth of that wait (bench/speed). So the stdio server answers those first, then builds the
// context: at once after the tool list has been sent (warm()), or when a tool is called before.
//
// A context that fails to build (a data directory that cannot be written, an unreachable store)
// fails each tool call with that error, written for the model like any other; the next call tries
// again, so fixing the directory needs no restart.
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { BiointelError } from '../errors.js';
import type { Logger } from '../log.js';
import { memoUntilFailure } from '../memo.js';

export interface DeferredContext {
  readonly deferred: true;
  readonly config: Config;
  readonly log: Logger;
  /** The context, built on the first call; one build however many calls wait for it. */
  get(): Promise<AppContext>;
  /** The context, or undefined when it cannot be built (the reason is logged). Never rejects. */
  prepare(): Promise<AppContext | undefined>;
  /** prepare() in the background, once the current I/O is handled (after an answer is written). */
  warm(): void;
  /** Closes the context if it was built (or waits for a build under way, then closes it). */
  close(): Promise<void>;
}

export function deferContext(config: Config, log: Logger, build: () => Promise<AppContext>): DeferredContext {
  const built = memoUntilFailure(build);
  let closed = false;
  const get = (): Promise<AppContext> =>
    closed ? Promise.reject(new BiointelError('unavailable', 'the server is shutting down', { hint: 'Start it again (the assistant does so when it reconnects).' })) : built.get();
  // The same failure is logged once: the warm-up and the auto-download timer both try.
  let logged: string | undefined;
  const prepare = (): Promise<AppContext | undefined> =>
    get().catch((err: unknown) => {
      const text = err instanceof Error ? err.message : String(err);
      if (text !== logged) log.error('could not prepare the tools (each tool call will say why, and try again)', { err });
      logged = text;
      return undefined;
    });
  let warming = false;
  return {
    deferred: true,
    config,
    log,
    get,
    prepare,
    warm() {
      if (warming || built.current()) return;
      warming = true;
      setImmediate(() => void prepare()).unref();
    },
    async close() {
      closed = true;
      const ctx = await built.current()?.catch(() => undefined);
      await ctx?.close();
    },
  };
}

/** The deferred form of either kind of context: one that exists already is simply handed out. */
export function asDeferred(ctx: AppContext | DeferredContext): DeferredContext {
  if ('deferred' in ctx) return ctx;
  const ready = Promise.resolve(ctx);
  return { deferred: true, config: ctx.config, log: ctx.log, get: () => ready, prepare: () => ready, warm: () => undefined, close: () => ctx.close() };
}

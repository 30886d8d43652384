// The deadline of a whole tool call. A call that waits on an upstream that never answers must still
// return, with what it has and the late sources named; so every source request of the call carries
// one AbortSignal that fires at the deadline, and the SourceReport records which sources were still
// out when it fired (report.ts). A deadline is not a cancellation: the tool goes on with what it has
// and saves it; a cancelled call stops and saves nothing (the caller's signal, kept apart here).
//
// How long: per tool from the configuration (BIOINTEL_TOOL_DEADLINE_MS, BIOINTEL_TOOL_DEADLINES), and
// never less than the planned work needs at the providers' published rates, so a 500-gene panel is
// not cut short by a budget sized for four genes (plannedMs).
import type { Config } from '../config.js';
import { resolveSource, type SourceId } from './registry.js';

/** The reason a call's deadline signal carries: tells a deadline apart from a cancellation. */
export class DeadlineExceeded extends Error {
  constructor(readonly ms: number) {
    super(`the call's ${formatMs(ms)} deadline passed`);
    this.name = 'DeadlineExceeded';
  }
}

export interface CallDeadline {
  /** Aborts at the deadline (reason: DeadlineExceeded) or when the caller cancels (the caller's reason). */
  readonly signal: AbortSignal;
  readonly ms: number;
  readonly startedAt: number;
  /** True once the deadline itself fired (not a cancellation). */
  readonly expired: boolean;
  /** Stops the timer; call when the tool returns. */
  dispose(): void;
}

export function startDeadline(ms: number, cancel?: AbortSignal): CallDeadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineExceeded(ms)), ms);
  timer.unref?.();
  const signal = cancel ? AbortSignal.any([cancel, controller.signal]) : controller.signal;
  return {
    signal,
    ms,
    startedAt: Date.now(),
    get expired() {
      return controller.signal.aborted;
    },
    dispose: () => clearTimeout(timer),
  };
}

/** Requests per source a tool expects to send: sizes the deadline. */
export type WorkPlan = Partial<Record<SourceId, number>>;

/**
 * The shortest deadline under which the plan can finish: for each source, the time its rate limit
 * needs to let every request out, plus one request timeout for the last answer; the slowest source
 * decides. Sources run in parallel, so the maximum (not the sum) is the estimate.
 */
export function plannedMs(plan: WorkPlan, config: Config): number {
  let worst = 0;
  for (const [id, requests] of Object.entries(plan) as [SourceId, number][]) {
    if (!requests || requests <= 0) continue;
    const { perSecond } = resolveSource(id, config);
    worst = Math.max(worst, Math.ceil(((requests - 1) / perSecond) * 1000) + config.timeoutMs);
  }
  return worst;
}

/** The deadline of one call of `tool`: its configured budget, raised to what the plan needs. */
export function toolDeadlineMs(config: Config, tool: string, plan: WorkPlan = {}): number {
  const configured = config.toolDeadlines[tool] ?? config.toolDeadlineMs;
  return Math.max(configured, plannedMs(plan, config));
}

export function formatMs(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

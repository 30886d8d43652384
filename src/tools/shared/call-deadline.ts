// The deadline of a whole tool call (sources/deadline.ts) as every tool that calls sources takes it:
// the call runs with a signal that fires at the deadline (or when the caller cancels), its
// SourceReport names the sources still out when it fired, and the answer says it was cut short.
// A deadline is not a cancellation: the tool goes on with what it has and saves it.
import { formatMs, startDeadline, toolDeadlineMs, type CallDeadline, type WorkPlan } from '../../sources/deadline.js';
import { SourceReport } from '../../sources/report.js';
import type { ToolCall } from '../define.js';

/** Runs `run` under the call deadline of `tool` (configured, raised to what `plan` needs). */
export async function withCallDeadline<T>(call: ToolCall, tool: string, plan: WorkPlan, run: (call: ToolCall, deadline: CallDeadline) => Promise<T>): Promise<T> {
  const deadline = startDeadline(toolDeadlineMs(call.ctx.config, tool, plan), call.signal);
  try {
    return await run({ ...call, signal: deadline.signal }, deadline);
  } finally {
    deadline.dispose();
  }
}

/** The SourceReport of a call under `deadline`. */
export function deadlineReport(call: ToolCall, deadline: CallDeadline): SourceReport {
  return new SourceReport(call.ctx.http, { deadline });
}

/** When the deadline passed, a warning naming the sources that had not answered. */
export function noteDeadline(report: SourceReport, deadline: CallDeadline, what: string): void {
  if (!deadline.expired) return;
  const late = report.late();
  report.warnings.push(`${what} reached its ${formatMs(deadline.ms)} deadline${late.length ? ` before ${late.join(', ')} answered` : ''}: this answer leaves out what ${late.length === 1 ? 'it' : 'they'} would have added`);
}

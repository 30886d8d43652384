// MCP log notifications (the `logging` capability): what a tool call had to warn about (sources
// that failed, a missing NLI model...) is sent to the client as notifications/message, tied to the
// call, at or above the level the client chose with logging/setLevel (default: warning).
import type { LoggingLevel, ServerNotification } from '@modelcontextprotocol/sdk/types.js';

const SEVERITY: Record<LoggingLevel, number> = { debug: 0, info: 1, notice: 2, warning: 3, error: 4, critical: 5, alert: 6, emergency: 7 };
export const DEFAULT_LOG_LEVEL: LoggingLevel = 'warning';
/** A result with a long list of warnings sends this many; the rest are in the result. */
const MAX_MESSAGES = 20;

export function isLoggingLevel(value: unknown): value is LoggingLevel {
  return typeof value === 'string' && value in SEVERITY;
}

export type Notify = (notification: ServerNotification) => Promise<void>;

export interface LogEntry {
  level: LoggingLevel;
  message: string;
}

/** Sends the entries the client's level lets through, tied to the call; never throws. */
export async function sendLogs(notify: Notify, chosen: LoggingLevel | undefined, tool: string, entries: readonly LogEntry[]): Promise<void> {
  const floor = SEVERITY[chosen ?? DEFAULT_LOG_LEVEL];
  const wanted = entries.filter((e) => SEVERITY[e.level] >= floor).slice(0, MAX_MESSAGES);
  for (const e of wanted) {
    await notify({ method: 'notifications/message', params: { level: e.level, logger: `biointel/${tool}`, data: e.message } }).catch(() => undefined);
  }
}

interface SourceLike {
  id?: unknown;
  status?: unknown;
  error?: unknown;
}

/** What a finished call reports: a summary (info), its warnings and failed sources (warning). */
export function resultLogEntries(tool: string, result: unknown, ms: number): LogEntry[] {
  const r = (result && typeof result === 'object' ? result : {}) as { warnings?: unknown; sources?: unknown };
  const warnings = Array.isArray(r.warnings) ? r.warnings.filter((w): w is string => typeof w === 'string') : [];
  const sources = (Array.isArray(r.sources) ? r.sources : []) as SourceLike[];
  const failed = sources.filter((s) => s.status === 'failed' && typeof s.id === 'string');
  const entries: LogEntry[] = [
    { level: 'info', message: `${tool} finished in ${Math.round(ms)} ms${sources.length ? `; sources: ${sources.length - failed.length} answered, ${failed.length} failed` : ''}` },
  ];
  const said = warnings.join('\n').toLowerCase();
  for (const s of failed) {
    if (said.includes(String(s.id).toLowerCase())) continue; // a warning already names it
    entries.push({ level: 'warning', message: `source ${String(s.id)} failed${typeof s.error === 'string' ? `: ${s.error}` : ''}` });
  }
  for (const w of warnings) entries.push({ level: 'warning', message: w });
  return entries;
}

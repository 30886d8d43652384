// Runs the two panel analyses of a comparison side by side on one context, so they share its
// upstream client: a request both panels make (the same gene, the same drug) is sent once, the
// second panel joining it in flight or reading it from the response cache.
import { BiointelError, InvalidInputError } from '../../errors.js';
import type { ToolCall } from '../define.js';
import { analysePanel } from '../shared/panel-analysis/analyse.js';
import type { InsightsOutput } from '../shared/panel-analysis/schema.js';
import type { CompareInput } from './schema.js';

type Side = 'A' | 'B';

/** Both analyses; if one fails, the other is cancelled and the first error is thrown, naming its panel. */
export async function runPanels(input: CompareInput, call: ToolCall): Promise<{ a: InsightsOutput; b: InsightsOutput }> {
  const controller = new AbortController();
  const cancel = () => controller.abort();
  call.signal?.addEventListener('abort', cancel, { once: true });
  const done: Record<Side, number> = { A: 0, B: 0 };
  let total = 0;
  let first: unknown;
  const run = (side: Side) => {
    const panel = side === 'A' ? input.panelA : input.panelB;
    const progress = {
      report(d: number, t: number | undefined, message: string) {
        done[side] = d;
        total = Math.max(total, (t ?? 0) * 2);
        call.progress.report(done.A + done.B, total || undefined, `panel ${side}: ${message}`);
      },
    };
    return analysePanel(
      { genes: panel.genes, diseaseContext: panel.diseaseContext, audience: 'researcher', includeDrugs: true },
      { ...call, signal: controller.signal, progress },
    ).catch((err: unknown) => {
      if (first === undefined && !controller.signal.aborted) {
        first = namePanel(side, err);
        controller.abort();
      }
      throw err;
    });
  };
  try {
    const settled = await Promise.allSettled([run('A'), run('B')]);
    if (first !== undefined) throw first;
    const [a, b] = settled;
    if (a.status === 'rejected') throw a.reason;
    if (b.status === 'rejected') throw b.reason;
    return { a: a.value, b: b.value };
  } finally {
    call.signal?.removeEventListener('abort', cancel);
  }
}

/** "genes: none resolved" from panel B becomes "panelB.genes: none resolved". */
function namePanel(side: Side, err: unknown): unknown {
  const prefix = `panel${side}`;
  if (err instanceof InvalidInputError) {
    const message = err.message.startsWith(`${err.field}: `) ? err.message.slice(err.field.length + 2) : err.message;
    return new InvalidInputError(`${prefix}.${err.field}`, message, err.hint);
  }
  if (err instanceof BiointelError) return new BiointelError(err.code, `panel ${side}: ${err.message}`, { ...(err.hint ? { hint: err.hint } : {}), cause: err });
  return err;
}

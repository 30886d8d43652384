// Progress for long terminal work: a spinner on stderr when stderr is a terminal, nothing when
// piped (scripts and CI get clean logs). The spinner library loads only on a terminal, and without
// holding the command up: the spinner appears as soon as it has loaded.
import type { Progress } from '../tools/define.js';

export interface TerminalProgress extends Progress {
  stop(): void;
}

export function terminalProgress(enabled = Boolean(process.stderr.isTTY)): TerminalProgress {
  if (!enabled) return { report: () => undefined, stop: () => undefined };
  let text = 'Starting';
  let spinner: { text: string; stop(): void } | undefined;
  let stopped = false;
  void import('ora').then(
    ({ default: ora }) => {
      if (!stopped) spinner = ora({ stream: process.stderr, text }).start();
    },
    () => undefined, // no spinner is no loss
  );
  return {
    report(done, total, message) {
      text = total ? `${message} (${Math.min(done, total)}/${total})` : message;
      if (spinner) spinner.text = text;
    },
    stop() {
      stopped = true;
      spinner?.stop();
    },
  };
}

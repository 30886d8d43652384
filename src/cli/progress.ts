// Progress for long terminal work: a spinner on stderr when stderr is a terminal, nothing when
// piped (scripts and CI get clean logs).
import ora from 'ora';
import type { Progress } from '../tools/define.js';

export interface TerminalProgress extends Progress {
  stop(): void;
}

export function terminalProgress(enabled = Boolean(process.stderr.isTTY)): TerminalProgress {
  if (!enabled) return { report: () => undefined, stop: () => undefined };
  const spinner = ora({ stream: process.stderr, text: 'Starting' }).start();
  return {
    report(done, total, message) {
      spinner.text = total ? `${message} (${Math.min(done, total)}/${total})` : message;
    },
    stop() {
      spinner.stop();
    },
  };
}

// Progress of `biointel nli download` on stderr: a bar (ora keeps it on one line and cleans up) when
// stderr is a terminal; otherwise one line per file every 10%, so scripts and CI logs stay short.
import ora from 'ora';
import type { ProgressFn } from '../evidence/judge.js';

const WIDTH = 24;

/** `[######------------------]  25%  21.8/87.2 MB` (pure: tested on its own). */
export function progressBar(loaded: number, total: number | undefined, width = WIDTH): string {
  const mb = (n: number) => (n / 1_000_000).toFixed(1);
  if (!total) return `${mb(loaded)} MB`;
  const share = Math.min(1, Math.max(0, loaded / total));
  const filled = Math.round(share * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%  ${mb(loaded)}/${mb(total)} MB`;
}

export interface DownloadDisplay {
  onProgress: ProgressFn;
  stop(): void;
}

export function downloadDisplay(model: string, stream: NodeJS.WriteStream = process.stderr): DownloadDisplay {
  const files = new Map<string, { loaded: number; total: number | undefined }>();
  if (stream.isTTY) {
    const spinner = ora({ stream, text: `Downloading ${model}` }).start();
    return {
      onProgress(file, loaded, total) {
        files.set(file, { loaded, total });
        let sum = 0;
        let size = 0;
        for (const f of files.values()) {
          sum += f.loaded;
          size += f.total ?? f.loaded;
        }
        spinner.text = `Downloading ${model} ${progressBar(sum, size)} (${file})`;
      },
      stop: () => spinner.stop(),
    };
  }
  const shown = new Map<string, number>();
  return {
    onProgress(file, loaded, total) {
      const pct = total ? Math.floor((100 * loaded) / total) : undefined;
      if (pct !== undefined && (shown.get(file) ?? -10) + 10 > pct && pct !== 100) return;
      if (pct === 100 && shown.get(file) === 100) return;
      shown.set(file, pct ?? 0);
      stream.write(`downloading ${file}${pct === undefined ? '' : ` ${pct}%`}\n`);
    },
    stop: () => undefined,
  };
}

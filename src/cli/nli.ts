// `biointel nli status|download` actions (definitions: nli-commands.ts, loaded when one runs).
import { ENV_VARS } from '../config-env.js';
import type { NliStatus } from '../evidence/judge.js';
import { DEFAULT_MODEL_DOWNLOAD } from '../evidence/no-model.js';
import { downloadDisplay, progressBar } from './download-progress.js';
import { nliPackageStatus } from '../evidence/nli-package.js';
import { EXIT, print, printJson, table } from './output.js';
import { withContext, type GlobalFlags } from './run-tool.js';

export async function nliStatus(opts: { json?: boolean }, flags: GlobalFlags): Promise<number> {
  return withContext(flags, async (ctx) => {
    await ctx.nli.judge(); // a local-only load attempt, so the state is real (never downloads)
    const s = ctx.nli.status();
    const pkg = nliPackageStatus();
    if (opts.json) printJson({ ...s, nliPackage: pkg });
    else {
      // The missing package first: downloading a model would not help without it.
      if (!pkg.installed) print(`The NLI package ${pkg.package} is NOT installed (npm dropped this optional dependency during install).\n${pkg.fix}\n`);
      print(describeStatus(s, pkg.installed));
    }
    if (s.state === 'disabled') return EXIT.ok;
    return s.state === 'ready' && pkg.installed ? EXIT.ok : EXIT.failure;
  });
}

export async function nliDownload(opts: { json?: boolean }, flags: GlobalFlags): Promise<number> {
  return withContext(flags, async (ctx) => {
    const display = downloadDisplay(ctx.config.nliModel);
    const s = await ctx.nli.download(display.onProgress).finally(() => display.stop());
    if (opts.json) printJson(s);
    else print(s.state === 'ready' ? `NLI model ready: ${s.model} (${s.dtype}) in ${s.cacheDir}` : `NLI model not ready: ${s.lastError ?? s.state}`);
    return s.state === 'ready' ? EXIT.ok : EXIT.failure;
  });
}

function describeStatus(s: NliStatus, packageInstalled: boolean): string {
  const rows = Object.entries(s)
    .filter(([k]) => k !== 'download')
    .map(([k, v]) => [k, String(v)]);
  const lines = [table(rows)];
  if (s.state === 'downloading' && s.download) {
    lines.push('', `Downloading ${s.model}: ${progressBar(s.download.loadedBytes, s.download.totalBytes)} (${s.download.file || 'starting'}; since ${s.download.startedAt})`);
    lines.push('Claims are answered "unjudged" until it is ready.');
  }
  if (s.state === 'not_downloaded' && packageInstalled) lines.push('', `Run \`biointel nli download\` to fetch ${s.model} (${DEFAULT_MODEL_DOWNLOAD}), or set ${ENV_VARS.nliModel} to a local model folder.`);
  return lines.join('\n');
}

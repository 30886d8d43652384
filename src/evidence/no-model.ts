// The warning every result judged without a model carries (DESIGN.md 2.1, `unjudged`): which model
// is missing, why, and the one command or setting that fixes it.
import type { NliStatus } from './judge.js';

/** Size of the default model's download (q8 weights + tokenizer), for the user's expectations. */
export const DEFAULT_MODEL_DOWNLOAD = 'about 96 MB for the default model';

export function noModelWarning(s: NliStatus, localFolder: boolean): string {
  const head = 'Entailment was not judged (evidenceStatus "unjudged"): ';
  const model = `the NLI model ${s.model} (${s.dtype})`;
  switch (s.state) {
    case 'disabled':
      return `${head}the NLI judge is off (BIOINTEL_NLI=off). Set BIOINTEL_NLI=auto and run \`biointel nli download\` to judge claims.`;
    case 'downloading': {
      const d = s.download;
      const pct = d?.totalBytes ? ` (${Math.floor((100 * d.loadedBytes) / d.totalBytes)}% done)` : '';
      return `${head}${model} is still downloading${pct}; claims are judged once it is ready (\`biointel nli status\`), or run \`biointel nli download\` to wait for it.`;
    }
    case 'error':
      if (s.lastError?.startsWith('TransformersMissingError')) {
        return `${head}the optional package @huggingface/transformers is not installed, so no NLI model can run. Reinstall biointel with ONNXRUNTIME_NODE_INSTALL=skip set (see the README), then run \`biointel nli download\`.`;
      }
      return `${head}${model} could not be loaded${s.lastError ? ` (${s.lastError})` : ''}. Run \`biointel nli download\` to fetch it again, or set BIOINTEL_NLI_MODEL to a working local model folder.`;
    default:
      if (localFolder) return `${head}${model} was not found${s.lastError ? ` (${s.lastError})` : ''}. Set BIOINTEL_NLI_MODEL to a folder with the model files, or to a hub id and run \`biointel nli download\`.`;
      return `${head}${model} is not downloaded. Run \`biointel nli download\` (${DEFAULT_MODEL_DOWNLOAD}), or set BIOINTEL_NLI_MODEL to a local model folder.`;
  }
}

// Whether the optional NLI package is installed. npm drops an optional dependency whose install
// fails, and exits 0: installing without ONNXRUNTIME_NODE_INSTALL=skip where onnxruntime-node cannot
// fetch its GPU add-ons (offline, or a registry-only network) silently removes
// @huggingface/transformers. `biointel nli status` is where that is said, with the fix. Resolving
// the package (not importing it) keeps the check instant.

export const NLI_PACKAGE = '@huggingface/transformers';

export const REINSTALL_HINT =
  `Reinstall with the onnxruntime download skipped (the CPU runtime ships inside the npm package): ` +
  `in a clone, \`ONNXRUNTIME_NODE_INSTALL=skip npm install\`; for a global install, ` +
  `\`ONNXRUNTIME_NODE_INSTALL=skip npm install -g <biointel folder or package>\`. Until then entailment is not judged: claims are answered "unjudged" (PMIDs are still checked).`;

export interface NliPackageStatus {
  package: string;
  installed: boolean;
  fix?: string;
}

export function nliPackageStatus(resolve: (id: string) => string = (id) => import.meta.resolve(id)): NliPackageStatus {
  try {
    resolve(NLI_PACKAGE);
    return { package: NLI_PACKAGE, installed: true };
  } catch {
    return { package: NLI_PACKAGE, installed: false, fix: REINSTALL_HINT };
  }
}

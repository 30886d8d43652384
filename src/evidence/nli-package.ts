// Whether the optional NLI package is installed. npm drops an optional dependency whose install
// fails, and exits 0: installing without ONNXRUNTIME_NODE_INSTALL=skip where onnxruntime-node cannot
// fetch its GPU add-ons (offline, or a registry-only network) silently removes
// @huggingface/transformers. The NLI service's status() (GET /api/nli/status, the answer cache's
// judge key) and `biointel nli status` read this, so "ready" is never said of a model that cannot
// run. Resolving the package (not importing it, which loads onnxruntime) keeps the check instant.

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

/** Resolves a bare module specifier, throwing when it cannot be found. Injected by tests. */
export type ModuleResolver = (id: string) => string;

export function nliPackageStatus(resolve: ModuleResolver = (id) => import.meta.resolve(id)): NliPackageStatus {
  try {
    resolve(NLI_PACKAGE);
    return { package: NLI_PACKAGE, installed: true };
  } catch {
    return { package: NLI_PACKAGE, installed: false, fix: REINSTALL_HINT };
  }
}

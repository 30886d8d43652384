// `biointel nli status` says when npm dropped the optional NLI package, and how to reinstall it.
import { describe, expect, it } from 'vitest';
import { NLI_PACKAGE, nliPackageStatus } from '../../src/evidence/nli-package.js';

describe('the NLI package check', () => {
  it('finds the package when it is installed (it is, in this checkout)', () => {
    expect(nliPackageStatus()).toEqual({ package: NLI_PACKAGE, installed: true });
  });

  it('says it is missing, and how to reinstall it, when it cannot be resolved', () => {
    const missing = nliPackageStatus(() => {
      throw Object.assign(new Error(`Cannot find package '${NLI_PACKAGE}'`), { code: 'ERR_MODULE_NOT_FOUND' });
    });
    expect(missing.installed).toBe(false);
    expect(missing.fix).toContain('ONNXRUNTIME_NODE_INSTALL=skip npm install');
    expect(missing.fix).toContain('unjudged');
  });
});

// The exit code of `biointel verify`. It always printed the report and exited 0, so a script could
// not tell a supported claim from a contradicted one, nor either from PubMed being down or no
// model being installed ("unverifiable" and "unjudged" are no verdict on the claim).
import type { VerifyOutput } from '../tools/verify-claim/schema.js';
import { EXIT } from './exit.js';

export function verifyExitCode(r: Pick<VerifyOutput, 'evidenceStatus'>): number {
  switch (r.evidenceStatus) {
    case 'grounded':
    case 'supported':
      return EXIT.ok;
    case 'unverifiable':
    case 'unjudged':
      process.stderr.write(`error: the claim was not verified (${r.evidenceStatus}): see the summary and warnings above\n`);
      return EXIT.failure;
    default:
      return EXIT.notSupported;
  }
}

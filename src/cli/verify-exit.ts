// The exit code of `biointel verify`. It always printed the report and exited 0, so a script could
// not tell a supported claim from a contradicted one, nor either from PubMed being down or no
// model being installed ("unverifiable" and "unjudged" are no verdict on the claim). A claim passes
// only when every statement is supported: "grounded" is ALCE's citation quality over the claim
// (F1 >= 0.6), which a claim with one cited, entailed sentence and one uncited reaches.
import type { VerifyOutput } from '../tools/verify-claim/schema.js';
import { EXIT } from './exit.js';

/** Statement statuses that carry no verdict on the statement. */
const NOT_JUDGED: ReadonlySet<string> = new Set(['unjudged', 'unverifiable']);

export function verifyExitCode(r: Pick<VerifyOutput, 'evidenceStatus' | 'statements'>): number {
  switch (r.evidenceStatus) {
    case 'grounded':
    case 'supported': {
      const not = r.statements.filter((s) => s.status !== 'supported');
      if (!not.length) return EXIT.ok;
      // A statement that was never judged (too long for the model, no readable abstract) is no
      // verdict: 3 says "judged and not supported" only when one was.
      const judged = not.filter((s) => !NOT_JUDGED.has(s.status));
      process.stderr.write(
        judged.length
          ? `error: ${not.length} of ${r.statements.length} statements are not supported (${not.map((s) => s.status).join(', ')}): see the statements above\n`
          : `error: ${not.length} of ${r.statements.length} statements were not verified (${not.map((s) => s.status).join(', ')}): see the statements and warnings above\n`,
      );
      return judged.length ? EXIT.notSupported : EXIT.failure;
    }
    case 'unverifiable':
    case 'unjudged':
      process.stderr.write(`error: the claim was not verified (${r.evidenceStatus}): see the summary and warnings above\n`);
      return EXIT.failure;
    default:
      return EXIT.notSupported;
  }
}

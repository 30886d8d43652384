// Exit codes of every command: 0 ok, 1 failure, 2 usage error; `verify` also 3, the claim was
// judged and is not supported (a script gating on a claim must tell that from PubMed down); 4 an
// analysis answered, but a source it used failed, failed in part or was late, so the answer may
// lack what that source holds (a script must tell a partial answer from a complete one; the rule:
// answer-exit.ts). Constants only: the start of every command (`--help` too) loads this file.
export const EXIT = { ok: 0, failure: 1, usage: 2, notSupported: 3, incomplete: 4 } as const;

/** The analysis commands' `--help` says what their codes mean (verify's says its own). */
export const ANSWER_EXIT_HELP =
  '\nExit codes: 0 a complete answer; 1 not answered (the reason on stderr); 2 usage error;\n4 answered but incomplete: a source failed, partly failed or was late, or a gene-set\nlibrary could not be loaded while others were (named on stderr).';

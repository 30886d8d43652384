// Exit codes of every command: 0 ok, 1 failure, 2 usage error; `verify` also 3, the claim was
// judged and is not supported (a script gating on a claim must tell that from PubMed down).
export const EXIT = { ok: 0, failure: 1, usage: 2, notSupported: 3 } as const;

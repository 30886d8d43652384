// A context for commands that only read the store (a snapshot search by disease): configuration,
// the store, the snapshot store and an upstream client that never sends (a SourceReport needs one).
// Not the sources, the NLI judge or the gene-set and HGNC services, whose modules would cost more to
// load than such a command takes. Anything that needs them must use withContext (run-tool.ts).
import type { Config } from '../config.js';
import { configSecrets } from '../config.js';
import type { AppContext } from '../context.js';
import { createLogger } from '../log.js';
import { UpstreamClient } from '../sources/http.js';
import { createStore, type Store } from '../store/index.js';
import { SnapshotStore } from '../store/snapshots.js';
import { EXIT } from './exit.js';
import { configFromFlags, type GlobalFlags } from './flags.js';
import { reportError } from './output.js';

/** The parts of AppContext a store-only command uses; the rest throws if a handler reaches for it. */
export async function withStoreContext(flags: GlobalFlags, fn: (ctx: AppContext) => Promise<number | void>): Promise<number> {
  let config: Config | undefined;
  let store: Store | undefined;
  try {
    config = configFromFlags(flags);
    const log = createLogger(config.logLevel, { secrets: configSecrets(config) });
    store = await createStore(config);
    const partial = { config, log, store, snapshots: new SnapshotStore(store), http: new UpstreamClient({ config, log }) };
    const ctx = new Proxy(partial, {
      get(target, key) {
        if (key in target) return target[key as keyof typeof target];
        throw new Error(`a store-only command reached for ctx.${String(key)}: run it with withContext`);
      },
    }) as unknown as AppContext;
    return (await fn(ctx)) ?? EXIT.ok;
  } catch (err) {
    return reportError(err, config ? configSecrets(config) : []);
  } finally {
    await store?.close().catch(() => undefined);
  }
}

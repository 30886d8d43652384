// createContext(config) wires the dependencies every tool needs. No module singletons: stdio,
// HTTP, the CLI and tests each build their own context (tests with a memory store and fake upstreams).
import type { Config } from './config.js';
import { configSecrets } from './config.js';
import type { NliService } from './evidence/judge.js';
import { createNliService } from './evidence/nli.js';
import { createGeneTableService, type GeneTableService } from './genes/service.js';
import { createGeneSetService, type GeneSetService } from './genesets/service.js';
import { createLogger, type Logger } from './log.js';
import { UpstreamClient } from './sources/http.js';
import { createSources, type Sources } from './sources/index.js';
import { addMetrics } from './sources/metrics-store.js';
import { createStore, type Store } from './store/index.js';
import { ResultCache } from './store/result-cache.js';
import { SnapshotStore } from './store/snapshots.js';

export interface AppContext {
  config: Config;
  log: Logger;
  store: Store;
  /** Saved analyses: save, get, search (src/store/snapshots.ts). */
  snapshots: SnapshotStore;
  http: UpstreamClient;
  sources: Sources;
  nli: NliService;
  /** Gene-set libraries for enrichment; prepared libraries are memoised for the context's life. */
  genesets: GeneSetService;
  /** HGNC's complete set on disk: gene symbols resolved locally (src/genes/). */
  genes: GeneTableService;
  /** Whole results of idempotent tools (store/result-cache.ts); off with the response cache. */
  results: ResultCache;
  close(): Promise<void>;
}

export interface ContextOverrides {
  store?: Store;
  log?: Logger;
  nli?: NliService;
  fetchImpl?: typeof fetch;
  /** Rate and concurrency for every source instead of the registry's (tests that count rounds). */
  limits?: { perSecond: number; concurrency: number };
}

export async function createContext(config: Config, overrides: ContextOverrides = {}): Promise<AppContext> {
  const log = overrides.log ?? createLogger(config.logLevel, { secrets: configSecrets(config) });
  const store = overrides.store ?? (await createStore(config));
  const http = new UpstreamClient({
    config,
    log,
    cache: store.ns('cache'),
    ...(overrides.fetchImpl ? { fetchImpl: overrides.fetchImpl } : {}),
    ...(overrides.limits ? { limits: overrides.limits } : {}),
  });
  const nli = overrides.nli ?? createNliService({ config, log, cache: store.ns('nli') });
  const genes = createGeneTableService({ config, log, http });
  return {
    config,
    log,
    store,
    snapshots: new SnapshotStore(store),
    http,
    sources: createSources(http, { hgncTables: genes }),
    nli,
    genesets: createGeneSetService({ config, log, http }),
    genes,
    results: new ResultCache(store.ns('results'), { enabled: config.cache }),
    async close() {
      await addMetrics(store, http.metrics()).catch((err: unknown) => log.debug('could not save source metrics', { err }));
      await store.close();
    },
  };
}

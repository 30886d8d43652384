// Test contexts: memory store, no cache unless asked, sources pointed at a fake upstream.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config, type ConfigInput } from '../../src/config.js';
import { createContext, type AppContext, type ContextOverrides } from '../../src/context.js';
import { createLogger } from '../../src/log.js';
import { SOURCE_IDS } from '../../src/sources/registry.js';
import { createMemoryStore } from '../../src/store/index.js';

export function tempDir(prefix = 'biointel-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Every source routed to `${upstreamUrl}/${id}` so a fake server can tell them apart. */
export function fakeSourceUrls(upstreamUrl: string): Record<string, string> {
  return Object.fromEntries(SOURCE_IDS.map((id) => [id, `${upstreamUrl}/${id}`]));
}

export function testConfig(flags: Partial<ConfigInput> = {}, upstreamUrl?: string): Config {
  return loadConfig({
    env: {},
    flags: {
      dataDir: tempDir(),
      cache: false,
      nli: 'off',
      logLevel: 'silent',
      retries: 2,
      timeoutMs: 5_000,
      deadlineMs: 20_000,
      ...(upstreamUrl ? { sourceUrls: fakeSourceUrls(upstreamUrl) } : {}),
      ...flags,
    },
  });
}

export async function testContext(
  flags: Partial<ConfigInput> = {},
  upstreamUrl?: string,
  overrides: ContextOverrides = {},
): Promise<AppContext> {
  const config = testConfig(flags, upstreamUrl);
  return createContext(config, {
    store: createMemoryStore(),
    log: createLogger('silent'),
    ...overrides,
  });
}

// One zod schema for all configuration: defaults < environment (BIOINTEL_*) < command-line flags.
// The README's configuration table is generated from ENV_VARS so docs and code cannot drift.
import path from 'node:path';
import envPaths from 'env-paths';
import { z } from 'zod';
import { ENV_VARS } from './config-env.js';
import { InvalidInputError } from './errors.js';

export { ENV_VARS };

const bool = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])])
  .transform((v) => (typeof v === 'boolean' ? v : ['1', 'true', 'on', 'yes'].includes(v)));
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const list = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean));

/** "svc_a=60000,svc_b=30000" (or an object from code): per-tool deadlines in ms. */
const deadlineMap = z
  .union([z.record(z.string(), z.coerce.number()), z.string()])
  .transform((v, ctx) => {
    if (typeof v !== 'string') return v;
    const out: Record<string, number> = {};
    for (const part of v.split(',').map((p) => p.trim()).filter(Boolean)) {
      const [name, ms] = part.split('=').map((x) => x.trim());
      const n = Number(ms);
      if (!name || !Number.isInteger(n) || n < 1000) {
        ctx.addIssue({ code: 'custom', message: `"${part}": expected tool=milliseconds (at least 1000), e.g. svc_verify_claim=30000` });
        return z.NEVER;
      }
      out[name] = n;
    }
    return out;
  });

import { TIERS, type Tier } from './tiers.js';

export { TIERS, type Tier };

export const configSchema = z.object({
  dataDir: z.string().min(1).describe('Directory for the SQLite store (cache, snapshots, keys) and NLI models'),
  cache: bool.default(true).describe('Upstream response cache on/off'),
  storeUrl: z.string().optional().describe('keyv store URL (sqlite://, redis://, postgres://); default: SQLite file in the data directory'),
  recordDir: z.string().optional().describe('Record every upstream exchange into this directory'),
  replayDir: z.string().optional().describe('Answer upstream requests only from recordings in this directory'),
  ncbiApiKey: z.string().optional().describe('NCBI API key: raises the E-utilities limit from 3 to 10 requests/s'),
  ncbiEmail: z.string().default('biointel@users.noreply.github.com').describe('Contact e-mail sent to NCBI with every request (set your own)'),
  timeoutMs: int(100, 300_000).default(20_000).describe('Timeout of one upstream request (ms)'),
  retries: int(0, 10).default(3).describe('Retries on 429, 5xx and network errors'),
  deadlineMs: int(1_000, 600_000).default(60_000).describe('Retry budget of one upstream request, counted from its first send (ms)'),
  toolDeadlineMs: int(1_000, 3_600_000).default(90_000).describe('Deadline of one whole tool call (ms): at the deadline it returns what it has and names the late sources; raised when the planned upstream work needs longer'),
  toolDeadlines: deadlineMap.default({}).describe('Per-tool deadlines overriding the default, e.g. svc_verify_claim=30000,svc_generate_insights=120000'),
  nli: z.enum(['auto', 'off']).default('auto').describe('NLI entailment judge: auto (use the model when present) or off (nothing is judged: every claim is "unjudged")'),
  nliModel: z.string().default('Xenova/nli-deberta-v3-xsmall').describe('NLI model: Hugging Face hub id or local folder'),
  nliDtype: z.enum(['q8', 'fp32', 'fp16', 'int8', 'uint8', 'q4']).default('q8').describe('NLI model weights variant'),
  nliThreshold: z.coerce.number().min(0).max(1).default(0.45).describe('Entailment probability at or above which a passage supports a statement'),
  nliWindow: int(200, 10_000).default(1500).describe('Passage window (characters of abstract) given to the NLI model'),
  nliAutoDownload: bool.default(true).describe('A server (stdio or HTTP) that starts without the NLI model downloads it in the background; 0 turns this off (tool calls never wait for it)'),
  nliRemoteHost: z.string().optional().describe('Model hub mirror URL (default https://huggingface.co/)'),
  host: z.string().default('127.0.0.1').describe('HTTP bind address'),
  port: int(0, 65_535).default(8787).describe('HTTP port'),
  allowedHosts: list.default([]).describe('Extra Host header values accepted by the HTTP server (DNS-rebinding protection)'),
  corsOrigins: list
    .default([])
    .describe("Browser origins (scheme://host[:port]) allowed to call the HTTP API besides the server's own loopback origin, e.g. pages embedding the widget; every other Origin gets 403"),
  trustProxy: int(0, 10)
    .default(0)
    .describe('Reverse proxies in front of the HTTP server: the client address is taken that many hops back in X-Forwarded-For (0: the socket address)'),
  logLevel: z.enum(['silent', 'error', 'warn', 'info', 'debug']).default('warn').describe('Log level (logs go to stderr)'),
  localTier: z.enum(TIERS).default('researcher').describe('Tier of stdio and terminal use (the local operator)'),
  freeDailyLimit: int(0, 1_000_000).default(10).describe('Analyses per day for the free tier (per API key; per client address for anonymous callers)'),
  researcherDailyLimit: int(0, 100_000_000).default(1_000).describe('Analyses per day for a researcher-tier API key (a key may set its own)'),
  // Up to 100,000,000 a minute: one instance answers tools/list some 45,000 times a second (2.7
  // million a minute), so a bound of 1,000,000 could not lift the limit for a benchmark or a trusted
  // network.
  anonymousRatePerMinute: int(1, 100_000_000).default(120).describe('HTTP requests per minute for all anonymous callers together (per instance)'),
  clientRatePerMinute: int(1, 100_000_000).default(120).describe('HTTP requests per minute per client: an API key, or an address when anonymous (per instance)'),
  maxConcurrentAnalyses: int(1, 1_000).default(4).describe('Analyses an HTTP instance runs at once; more wait in a queue'),
  maxQueuedAnalyses: int(0, 100_000).default(32).describe('Analyses waiting for a slot; beyond this HTTP answers 503 with Retry-After'),
  maxBatch: int(1, 100).default(10).describe('Messages in one JSON-RPC batch (at most one of them an analysis)'),
  callTimeoutMs: int(1_000, 3_600_000).default(300_000).describe('Longest an HTTP request may run (ms); the call is then cancelled'),
  idleTimeoutMs: int(1_000, 3_600_000).default(65_000).describe('HTTP connections idle this long (ms) are closed'),
  maxConnections: int(1, 1_000_000).default(512).describe('Open HTTP connections an instance accepts; more are closed at once'),
  maxConnectionsPerClient: int(1, 1_000_000).default(64).describe('Open HTTP connections from one address (ignored behind a trusted proxy)'),
  geneSets: list.default([]).describe('Extra GMT gene-set files (comma-separated paths)'),
  sourceUrls: z.record(z.string(), z.string()).default({}).describe('Base-URL overrides per source id'),
});

export type Config = z.output<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;


// Every config key but sourceUrls has its variable, and every variable names a config key.
ENV_VARS satisfies Record<Exclude<keyof Config, 'sourceUrls'>, string>;
const everyVariableIsAKey: [Exclude<keyof typeof ENV_VARS, keyof Config>] extends [never] ? true : false = true;
void everyVariableIsAKey;

const SOURCE_URL_VAR = /^BIOINTEL_SOURCE_([A-Z0-9_]+)_URL$/;

export function defaultDataDir(): string {
  return envPaths('biointel', { suffix: '' }).cache;
}

/** Reads env (empty string = unset), then applies flags on top, then validates once. */
export function loadConfig(
  options: { env?: NodeJS.ProcessEnv; flags?: Partial<ConfigInput> } = {},
): Config {
  const env = options.env ?? process.env;
  const raw: Record<string, unknown> = { dataDir: defaultDataDir() };
  for (const [key, name] of Object.entries(ENV_VARS)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const sourceUrls: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const m = SOURCE_URL_VAR.exec(name);
    if (m?.[1] && value) sourceUrls[m[1].toLowerCase()] = value;
  }
  raw.sourceUrls = sourceUrls;
  for (const [key, value] of Object.entries(options.flags ?? {})) {
    if (value !== undefined) raw[key] = value;
  }
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = String(issue?.path[0] ?? 'config');
    const where = key in ENV_VARS ? `${key} (${ENV_VARS[key as keyof typeof ENV_VARS]})` : key;
    throw new InvalidInputError(where, issue?.message ?? 'invalid value');
  }
  const config = parsed.data;
  config.dataDir = path.resolve(config.dataDir);
  return config;
}

/** Values that must never appear in logs or error messages. */
export function configSecrets(config: Config): string[] {
  return [config.ncbiApiKey, config.ncbiEmail].filter((s): s is string => Boolean(s));
}

// GET /.well-known/mcp.json: what a client needs to connect without reading docs — where the MCP
// endpoint is, which transport, every tool with its schemas, and how (optionally) to authenticate.
// Built from the same registry as the MCP server, so the two cannot disagree.
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import pkg from '../../package.json' with { type: 'json' };
import { TIERS } from '../config.js';
import type { AnyTool } from '../tools/define.js';
import { tools as registry } from '../tools/index.js';
import { NAME, VERSION } from '../version.js';
import { SERVER_INSTRUCTIONS } from './mcp.js';
import { listedTool, type ListedTool } from './tool-list.js';

export const DISCOVERY_PATH = '/.well-known/mcp.json';
export const MCP_PATH = '/mcp';

/** What McpServer advertises in `initialize` for our registrations (checked by the HTTP tests). */
export const SERVER_CAPABILITIES = { tools: { listChanged: true }, logging: {} } as const;

export type DiscoveryTool = ListedTool;

export interface DiscoveryOptions {
  tools?: readonly AnyTool[];
  /** Analyses a day for anonymous / free-tier callers (config.freeDailyLimit). */
  freeDailyLimit?: number;
}

// Schema conversion costs a few ms per tool; the registry is immutable, so do it once per list.
const toolCache = new WeakMap<readonly AnyTool[], DiscoveryTool[]>();

/** The tool list exactly as tools/list reports it (tool-list.ts), so both documents agree byte for byte. */
export function describeTools(tools: readonly AnyTool[] = registry): DiscoveryTool[] {
  let described = toolCache.get(tools);
  if (!described) {
    described = tools.map(listedTool);
    toolCache.set(tools, described);
  }
  return described;
}

/** `baseUrl` is the server's public origin (no trailing slash), e.g. `https://biointel.example.org`. */
export function discoveryDocument(baseUrl: string, options: DiscoveryOptions = {}): object {
  const base = baseUrl.replace(/\/+$/, '');
  const endpoint = `${base}${MCP_PATH}`;
  return {
    name: NAME,
    version: VERSION,
    description: pkg.description,
    instructions: SERVER_INSTRUCTIONS,
    endpoint,
    transport: 'streamable-http',
    transports: [
      {
        type: 'streamable-http',
        url: endpoint,
        sessions: 'optional: initialize returns Mcp-Session-Id, which keeps the log level you set; requests without a session are served too',
      },
    ],
    protocolVersion: LATEST_PROTOCOL_VERSION,
    protocolVersions: SUPPORTED_PROTOCOL_VERSIONS,
    capabilities: SERVER_CAPABILITIES,
    plainJson: {
      description:
        'Besides JSON-RPC 2.0, POST /mcp accepts a bare {"method","params"} object (no jsonrpc/id, any Accept ' +
        'header) and answers with the JSON-RPC response as application/json. No initialize call is needed.',
      example: { method: 'tools/call', params: { name: '<tool name>', arguments: {} } },
    },
    authentication: {
      required: false,
      type: 'api-key',
      header: 'X-API-Key',
      anonymous: {
        tier: 'free',
        ...(options.freeDailyLimit === undefined ? {} : { dailyAnalyses: options.freeDailyLimit }),
        note: 'Without a key, callers share the rate-limited free tier; ranked drug candidates are withheld.',
      },
      tiers: TIERS,
      keys:
        'Keys are issued by the operator of this server (`biointel keys create --tier researcher --label ...`); ' +
        'there is no self-serve sign-up. An unknown or revoked key is refused with 401.',
      limits:
        'Over a limit (daily analyses, requests a minute) the answer is HTTP 429 with Retry-After and a JSON-RPC error ' +
        'naming the limit and its reset time; a busy server answers 503 with Retry-After. Saved analyses do not count.',
      usage: `${base}/api/keys/usage`,
    },
    endpoints: {
      mcp: endpoint,
      discovery: `${base}${DISCOVERY_PATH}`,
      keyUsage: `${base}/api/keys/usage`,
      nliStatus: `${base}/api/nli/status`,
      widget: `${base}/widget.js`,
      health: `${base}/healthz`,
      ready: `${base}/readyz`,
    },
    tools: describeTools(options.tools ?? registry),
  };
}

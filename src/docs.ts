// Markdown tables generated from the registries (tools, config, sources) so the README cannot
// drift from the code: `npm run docs` rewrites the marked sections, a test fails when they differ.
import { configSchema, ENV_VARS } from './config.js';
import { rateText } from './sources/pacing.js';
import { SOURCES, sourceUrlVar } from './sources/registry.js';
import type { AnyTool } from './tools/define.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function toolsTable(tools: readonly AnyTool[]): string {
  const rows = tools.map((t) => {
    const shape = t.input.shape as Record<string, { isOptional?: () => boolean }>;
    const fields = Object.entries(shape).map(([k, v]) => (v.isOptional?.() ? `${k}?` : k));
    const hints = [t.annotations.readOnlyHint ? 'read-only' : 'writes', t.annotations.openWorldHint ? 'calls sources' : 'local'].join(', ');
    return `| \`${t.name}\` | ${cell(t.title)} | ${fields.map((f) => `\`${f}\``).join(', ')} | ${hints} |`;
  });
  return ['| tool | what it does | arguments | annotations |', '|---|---|---|---|', ...rows].join('\n');
}

export function configTable(): string {
  const shape = configSchema.shape as Record<string, { description?: string; def?: unknown }>;
  const rows = Object.entries(ENV_VARS).map(([key, env]) => {
    const schema = shape[key];
    const parsed = configSchema.shape[key as keyof typeof ENV_VARS].safeParse(undefined);
    const data: unknown = parsed.success ? parsed.data : undefined;
    const empty = data === undefined || (typeof data === 'object' && data !== null && !Array.isArray(data) && Object.keys(data).length === 0);
    const value = empty ? '' : Array.isArray(data) ? data.join(',') : String(data);
    const def = value ? `\`${value}\`` : '';
    return `| \`${env}\` | ${cell(schema?.description ?? '')} | ${key === 'dataDir' ? 'user cache dir (`~/.cache/biointel` on Linux)' : def} |`;
  });
  rows.push('| `BIOINTEL_SOURCE_<ID>_URL` | Base URL of one source (mirror, proxy, tests); a path prefix is allowed | the source\'s public URL |');
  return ['| variable | meaning | default |', '|---|---|---|', ...rows].join('\n');
}

export function sourcesTable(): string {
  const rows = SOURCES.map((s) => `| \`${s.id}\` | ${cell(s.name)} | ${s.baseUrl} | \`${sourceUrlVar(s.id)}\` | ${rateText(s)} | ${cell(s.licence)} |`);
  return ['| id | source | base URL | override | rate | licence |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`. */
export function replaceSection(doc: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i < 0 || j < i) throw new Error(`README has no ${name} section markers`);
  return `${doc.slice(0, i + start.length)}\n${body}\n${doc.slice(j)}`;
}

export function renderReadme(doc: string, tools: readonly AnyTool[]): string {
  let out = replaceSection(doc, 'tools', toolsTable(tools));
  out = replaceSection(out, 'config', configTable());
  out = replaceSection(out, 'sources', sourcesTable());
  return out;
}

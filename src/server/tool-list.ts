// tools/list as biointel sends it (and the discovery document repeats): every tool of the registry
// with lean JSON Schemas. The catalogue is read into a model's context on every connection, so it is
// kept small (bench/footprint holds it to a budget):
// - input schemas are exact (types, bounds, patterns, descriptions, unknown arguments rejected):
//   that is what a model must get right to call a tool;
// - output schemas type the answer's top-level fields and one level below; objects nested deeper
//   (the items of lists, such as a drug candidate) are listed by their field names in the
//   description ("Fields: ..." for an object, "Items: ..." for a list of objects) instead of a full
//   sub-schema per field, which repeated per tool cost most of the catalogue. docs/answers.md explains the answers; the structured content itself is validated
//   against the full zod schema on the server before it is sent;
// - zod's implicit integer bounds (+-9007199254740991 on every `.int()`) are left out; so are output
//   value bounds, `additionalProperties: false` and `required` of output schemas; a record is a
//   one-line field list ("<name>: {shown, total}"); a nullable scalar is `type: [T, "null"]`.
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import type { z } from 'zod';
import { answerSchema, type AnyTool } from '../tools/define.js';

export interface ListedTool {
  name: string;
  title: string;
  description: string;
  annotations: Record<string, unknown>;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
}

type Json = Record<string, unknown>;

export function listedTool(tool: AnyTool): ListedTool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    annotations: { ...tool.annotations },
    inputSchema: leanJsonSchema(tool.input, 'input'),
    outputSchema: leanJsonSchema(answerSchema(tool), 'output'),
  };
}

export function leanJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = toJsonSchemaCompat(schema as never, { strictUnions: true, pipeStrategy: io }) as Json;
  if (io === 'input') {
    // No `$schema`: these schemas use only keywords that read the same in draft-07 and 2020-12 (the
    // MCP default), and the key costs tokens on every tool.
    const { $schema: _dialect, ...rest } = json;
    return prune(rest, io) as Json;
  }
  const defs = (json.definitions ?? {}) as Record<string, Json>;
  // Flattened output schemas hold no references, so they read the same in any JSON Schema dialect.
  const { definitions: _defs, $schema: _dialect, ...root } = json;
  return prune(flatten(root, defs, 0), io) as Json;
}

const MAX_TYPED_DEPTH = 1;

/** Resolves references, and writes objects nested deeper than MAX_TYPED_DEPTH as field lists. */
function flatten(node: Json, defs: Record<string, Json>, depth: number): Json {
  const ref = typeof node.$ref === 'string' ? defs[node.$ref.replace('#/definitions/', '')] : undefined;
  if (ref) {
    const { $ref: _ref, ...rest } = node;
    return flatten({ ...ref, ...rest }, defs, depth);
  }
  if (Array.isArray(node.anyOf)) return { ...node, anyOf: node.anyOf.map((n) => flatten(n as Json, defs, depth)) };
  if (node.type === 'array' && node.items && typeof node.items === 'object') {
    const items = flatten(node.items as Json, defs, depth + 1);
    // A list of objects is written as the list with its items' fields ("Items: id, name?"): the
    // `items` wrapper of an untyped object said nothing more and cost tokens on every list.
    if (items.type === undefined && !items.properties && typeof items.description === 'string' && /^Fields: /.test(items.description)) {
      const { items: _items, ...list } = node;
      return { ...list, description: items.description.replace(/^Fields: /, 'Items: ') };
    }
    return { ...node, items };
  }
  const props = node.properties as Record<string, Json> | undefined;
  const values = node.additionalProperties;
  if (node.type === 'object' && !props && values && typeof values === 'object') {
    // A record (list name -> {shown, total}): its key and value in one line, as field lists are.
    const valueFields = Object.keys(((values as Json).properties ?? {}) as Json);
    return { type: 'object', description: `Fields: <name>: {${valueFields.join(', ')}}` };
  }
  if (node.type !== 'object' || !props) return node;
  // "Fields: ..." says it is an object; only a nullable one keeps a type (["object", "null"]).
  if (depth >= MAX_TYPED_DEPTH) return { description: withFields(node) };
  return { ...node, properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, flatten(v, defs, depth + 1)])) };
}

/** "<description>. Fields: name, chemblId?, factors (their description)" (? = may be null or absent). */
function withFields(node: Json): string {
  const props = node.properties as Record<string, Json>;
  const required = new Set((node.required as string[] | undefined) ?? []);
  const fields = Object.entries(props).map(([k, v]) => `${k}${!required.has(k) || mayBeNull(v) ? '?' : ''}`);
  return `Fields: ${fields.join(', ')}`;
}

function mayBeNull(v: Json): boolean {
  return (Array.isArray(v.type) && v.type.includes('null')) || (Array.isArray(v.anyOf) && v.anyOf.some((x) => (x as Json).type === 'null'));
}

function prune(node: unknown, io: 'input' | 'output'): unknown {
  if (Array.isArray(node)) return node.map((n) => prune(n, io));
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    // Bounds of output values are checked by the server before it answers; listing them would
    // tell a model nothing it needs to call the tool.
    if (io === 'output' && (key === 'minimum' || key === 'maximum')) continue;
    if (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) continue;
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    if (io === 'output' && key === 'additionalProperties' && value === false) continue;
    if (io === 'output' && key === 'required' && Array.isArray(value)) continue;
    if (io === 'output' && key === 'description' && typeof value === 'string' && !/^(Fields|Items): /.test(value)) continue;
    out[key] = prune(value, io);
  }
  // An enum of strings says its type itself.
  if (io === 'output' && out.type === 'string' && Array.isArray(out.enum)) delete out.type;
  return nullableScalar(out);
}

/**
 * `{anyOf: [{type: T, ...}, {type: 'null'}]}` -> `{type: [T, 'null'], ...}` for scalars, and for
 * objects already written as a field list (no properties left to keep apart from null).
 */
function nullableScalar(node: Json): Json {
  const any = node.anyOf;
  if (!Array.isArray(any) || any.length !== 2) return node;
  const [a, b] = any as Json[];
  const fieldList = (a?.type === 'object' || a?.type === undefined) && !a?.properties && typeof a?.description === 'string' && /^Fields: /.test(a.description);
  if (!a || !b || b.type !== 'null' || Object.keys(b).length !== 1 || (typeof a.type !== 'string' && !fieldList) || ((a.type === 'object' || a.type === 'array') && !fieldList)) return node;
  const { anyOf: _any, ...rest } = node;
  return { ...rest, ...a, type: [fieldList ? 'object' : (a.type as string), 'null'] };
}

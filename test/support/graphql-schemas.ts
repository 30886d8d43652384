// The real GraphQL schemas of Open Targets and DGIdb, for validating the queries this project
// sends (graphql-js `validate`: every field, argument and variable type must exist).
//
// - Open Targets 26.06 (the release the code targets): test/fixtures/opentargets/
//   graphql-types-26.06-ot-ui-apps.ts.txt, the TypeScript types graphql-codegen generated from the
//   live API for ot-ui-apps (see that folder's README). It is turned back into SDL here: object
//   types carry their GraphQL name in `__typename`, `<Type><Field>Args` types hold field arguments,
//   types without `__typename` are input types, `Maybe<>` marks a nullable type.
// - Open Targets January 2026: ../shared/fixtures/opentargets/graphql-introspection-schema-2026-01.json
//   (a real introspection; it predates the 26.06 renames).
// - DGIdb v5: ../shared/fixtures/dgidb/graphql-introspection-schema-2024-09.json.
// - CIViC v2: test/fixtures/civic/server-schema-d289c78.graphql, the server schema the CIViC client
//   is generated from (griffithlab/civic-v2 client/src/app/generated/server.model.graphql at
//   d289c78, 2026-07-23; MIT licence).
import { buildClientSchema, buildSchema, parse, validate, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { ownFixture, sharedJson } from './shared.js';

const BLOCK = /export type (\w+) = \{\n([\s\S]*?)\n\};/g;
const ENUM = /export enum (\w+) \{\n([\s\S]*?)\n\}/g;
const UNION = /export type (\w+) = ((?:\w+ \| )+\w+);/g;
const FIELD = /^ {2}(\w+)(\??): (.+);$/;

/** SDL of the schema described by graphql-codegen's TypeScript types. */
export function sdlFromCodegenTypes(ts: string): string {
  const blocks = [...ts.matchAll(BLOCK)].map((m) => ({ name: m[1]!, body: m[2]! }));
  const gqlName = new Map<string, string>();
  for (const b of blocks) {
    const t = /__typename\?: '(\w+)'/.exec(b.body);
    if (t) gqlName.set(b.name, t[1]!);
  }
  const enums = [...ts.matchAll(ENUM)].map((m) => ({ name: m[1]!, values: [...m[2]!.matchAll(/ = '(\w+)'/g)].map((v) => v[1]!) }));
  const unions = [...ts.matchAll(UNION)].map((m) => ({ name: m[1]!, members: m[2]!.split(' | ') }));

  const typeOf = (expr: string): string => {
    const e = expr.trim();
    const maybe = /^(?:Input)?Maybe<(.+)>$/.exec(e);
    if (maybe) return nullable(maybe[1]!);
    return `${nullable(e)}!`;
  };
  const nullable = (expr: string): string => {
    const e = expr.trim();
    const maybe = /^(?:Input)?Maybe<(.+)>$/.exec(e);
    if (maybe) return nullable(maybe[1]!);
    const array = /^Array<(.+)>$/.exec(e);
    if (array) return `[${typeOf(array[1]!)}]`;
    const scalar = /^Scalars\['(\w+)'\]\['(?:input|output)'\]$/.exec(e);
    if (scalar) return scalar[1]!;
    return gqlName.get(e) ?? e;
  };
  const fieldsOf = (body: string) =>
    body
      .split('\n')
      .map((l) => FIELD.exec(l))
      .filter((m): m is RegExpExecArray => m !== null && m[1] !== '__typename')
      .map((m) => ({ name: m[1]!, type: m[2] === '?' ? nullable(m[3]!) : typeOf(m[3]!) }));

  const objects = blocks.filter((b) => gqlName.has(b.name));
  const argsBlocks = blocks.filter((b) => !gqlName.has(b.name) && b.name.endsWith('Args'));
  const inputs = blocks.filter((b) => !gqlName.has(b.name) && !b.name.endsWith('Args') && b.name !== 'Scalars');
  const argsFor = new Map<string, string>();
  for (const a of argsBlocks) {
    const owner = objects
      .filter((o) => a.name.startsWith(o.name))
      .sort((x, y) => y.name.length - x.name.length)
      .find((o) => {
        const f = a.name.slice(o.name.length, -'Args'.length);
        return fieldsOf(o.body).some((x) => x.name === f[0]!.toLowerCase() + f.slice(1));
      });
    if (!owner) continue;
    const f = a.name.slice(owner.name.length, -'Args'.length);
    argsFor.set(`${owner.name}.${f[0]!.toLowerCase()}${f.slice(1)}`, fieldsOf(a.body).map((x) => `${x.name}: ${x.type}`).join(', '));
  }
  const out: string[] = ['scalar Long'];
  for (const o of objects) {
    const fields = fieldsOf(o.body).map((f) => {
      const args = argsFor.get(`${o.name}.${f.name}`);
      return `  ${f.name}${args ? `(${args})` : ''}: ${f.type}`;
    });
    out.push(`type ${gqlName.get(o.name)} {\n${fields.join('\n')}\n}`);
  }
  for (const i of inputs) out.push(`input ${i.name} {\n${fieldsOf(i.body).map((f) => `  ${f.name}: ${f.type}`).join('\n')}\n}`);
  for (const e of enums) out.push(`enum ${e.name} { ${e.values.join(' ')} }`);
  for (const u of unions) out.push(`union ${u.name} = ${u.members.map((m) => gqlName.get(m) ?? m).join(' | ')}`);
  return out.join('\n\n');
}

let cache: GraphQLSchema | undefined;
/** Open Targets 26.06, from ot-ui-apps' generated types. */
export function openTargets2606(): GraphQLSchema {
  cache ??= buildSchema(sdlFromCodegenTypes(ownFixture('opentargets', 'graphql-types-26.06-ot-ui-apps.ts.txt')));
  return cache;
}

/** Open Targets, real introspection of January 2026 (before the 26.06 renames). */
export function openTargets2601(): GraphQLSchema {
  return buildClientSchema(sharedJson<IntrospectionQuery>('opentargets', 'graphql-introspection-schema-2026-01.json'));
}

/** DGIdb v5, real introspection of September 2024. */
export function dgidb2409(): GraphQLSchema {
  return buildClientSchema(sharedJson<{ data: IntrospectionQuery }>('dgidb', 'graphql-introspection-schema-2024-09.json').data);
}

/** Validation errors of a query against a schema (empty when valid). */
export function queryErrors(schema: GraphQLSchema, query: string): string[] {
  return validate(schema, parse(query)).map((e) => e.message);
}

let civic: GraphQLSchema | undefined;
/** CIViC's server schema at griffithlab/civic-v2 d289c78. */
export function civicSchema(): GraphQLSchema {
  civic ??= buildSchema(ownFixture('civic', 'server-schema-d289c78.graphql'));
  return civic;
}

// Every GraphQL document this project sends, validated against the real schemas (graphql-js
// `validate`): a field, argument or variable type that does not exist fails here, offline, before
// it fails live as "Cannot query field ...". Open Targets 26.06 comes from the types graphql-codegen
// generated from the live API for ot-ui-apps (test/fixtures/opentargets/README.md); the real
// January-2026 introspection is checked too, and may differ only by the documented 26.06 renames.
import { describe, expect, it } from 'vitest';
import { GENE_EVIDENCE_QUERY, RESISTANCE_EVIDENCE_QUERY } from '../../src/sources/civic.js';
import { INTERACTIONS_QUERY } from '../../src/sources/dgidb.js';
import * as Q from '../../src/sources/opentargets-queries.js';
import { civicSchema, dgidb2409, openTargets2601, openTargets2606, queryErrors, sdlFromCodegenTypes } from '../support/graphql-schemas.js';
import { describeShared } from '../support/shared.js';

const OT_QUERIES: [string, string][] = Object.entries(Q).filter(([, v]) => typeof v === 'string');

describe('Open Targets queries against the 26.06 schema', () => {
  it('finds every query the client sends', () => {
    expect(OT_QUERIES.map(([name]) => name).sort()).toEqual([
      'DISEASE_ONTOLOGY', 'DRUGS_DETAILS', 'MAP_TARGET_IDS', 'SEARCH_DISEASE', 'SEARCH_TARGET', 'TARGETS_DRUG_CONTEXT',
      'TARGETS_DRUG_CONTEXT_NO_DISEASE', 'TARGETS_TRACTABILITY', 'TARGET_BRIEF', 'TARGET_DISEASE_SCORES',
    ]);
  });

  for (const [name, query] of OT_QUERIES) {
    it(`${name} is valid`, () => expect(queryErrors(openTargets2606(), query)).toEqual([]));
  }

  it('catches what it should: a removed field, a misspelt one, a wrong argument', () => {
    const schema = openTargets2606();
    expect(queryErrors(schema, '{ target(ensemblId: "x") { knownDrugs { count } } }')).toEqual(['Cannot query field "knownDrugs" on type "Target".']);
    expect(queryErrors(schema, '{ drug(chemblId: "x") { hasBeenWithdrawn } }')).toEqual(['Cannot query field "hasBeenWithdrawn" on type "Drug".']);
    expect(queryErrors(schema, '{ targets(ensemblIds: ["x"]) { hallmarks { attributes { nme } } } }')).toHaveLength(1);
    expect(queryErrors(schema, '{ diseases(ids: ["x"]) { id } }').join(' ')).toMatch(/Unknown argument "ids"/);
  });

  it('rebuilds argument and nullability from the generated types', () => {
    const sdl = sdlFromCodegenTypes('export type Foo = {\n  __typename?: \'foo\';\n  bar: Array<Maybe<Scalars[\'String\'][\'output\']>>;\n  baz?: Maybe<Foo>;\n};\n\nexport type FooBazArgs = {\n  n: Scalars[\'Int\'][\'input\'];\n};');
    expect(sdl).toContain('type foo {\n  bar: [String]!\n  baz(n: Int!): foo\n}');
  });
});

describeShared('Open Targets queries against the real January-2026 introspection', () => {
  it('differ from it only by the 26.06 renames', () => {
    const errors = new Set(OT_QUERIES.flatMap(([, query]) => queryErrors(openTargets2601(), query)));
    expect([...errors].sort()).toEqual([
      'Cannot query field "drugAndClinicalCandidates" on type "Target".',
      'Cannot query field "maxClinicalStage" on type "IndicationRow".',
      'Cannot query field "maximumClinicalStage" on type "Drug". Did you mean "maximumClinicalTrialPhase"?',
    ]);
  });
});

describeShared('DGIdb query against the real September-2024 introspection', () => {
  it('is valid, sourceTrustLevel included', () => {
    expect(INTERACTIONS_QUERY).toContain('sourceTrustLevel { level }');
    expect(queryErrors(dgidb2409(), INTERACTIONS_QUERY)).toEqual([]);
  });
});

describe('CIViC queries against its server schema (civic-v2 d289c78)', () => {
  it('GENE_EVIDENCE_QUERY and RESISTANCE_EVIDENCE_QUERY are valid', () => {
    expect(queryErrors(civicSchema(), GENE_EVIDENCE_QUERY)).toEqual([]);
    expect(queryErrors(civicSchema(), RESISTANCE_EVIDENCE_QUERY)).toEqual([]);
  });

  it('catches a wrong enum value, argument or field', () => {
    const bad = RESISTANCE_EVIDENCE_QUERY.replace('significance: RESISTANCE', 'significance: RESISTANT');
    expect(queryErrors(civicSchema(), bad).join(' ')).toMatch(/RESISTANT/);
    expect(queryErrors(civicSchema(), RESISTANCE_EVIDENCE_QUERY.replace('evidenceType: PREDICTIVE', 'evidenceKind: PREDICTIVE')).join(' ')).toMatch(/Unknown argument "evidenceKind"/);
    expect(queryErrors(civicSchema(), RESISTANCE_EVIDENCE_QUERY.replace('therapyInteractionType', 'drugInteractionType'))).toEqual(['Cannot query field "drugInteractionType" on type "EvidenceItem". Did you mean "therapyInteractionType"?']);
  });
});

// GraphQL documents sent to the Open Targets Platform (schema of release 26.06, as seen in the
// August-2026 recordings). Field selections are kept to what the parsers read: every extra field
// is one more place where a schema rename turns into a GraphQL error.
// @see https://platform-docs.opentargets.org/data-access/graphql-api

/** Symbol -> Ensembl id: the hit whose approvedSymbol equals the symbol is taken (never the top hit blindly). */
export const SEARCH_TARGET = `
query SearchTarget($queryString: String!, $size: Int!) {
  search(queryString: $queryString, entityNames: ["target"], page: {index: 0, size: $size}) {
    total
    hits { id entity name score object { ... on Target { id approvedSymbol } } }
  }
}`;

/** Batch symbol -> Ensembl id: one mapping per query term. */
export const MAP_TARGET_IDS = `
query MapTargetIds($terms: [String!]!) {
  mapIds(queryTerms: $terms, entityNames: ["target"]) {
    mappings { term hits { id entity name score object { ... on Target { id approvedSymbol } } } }
  }
}`;

export const SEARCH_DISEASE = `
query SearchDisease($queryString: String!, $size: Int!) {
  search(queryString: $queryString, entityNames: ["disease"], page: {index: 0, size: $size}) {
    total
    hits { id entity name score }
  }
}`;

// The clinical-context selection: associations plus drug and clinical candidates. Since 26.06
// `drugAndClinicalCandidates` replaces `knownDrugs`; it has no paging arguments.
const CLINICAL_FIELDS = `
    id
    approvedSymbol
    associatedDiseases(page: {index: 0, size: $size}) {
      count
      rows { score disease { id name } }
    }
    drugAndClinicalCandidates {
      count
      rows {
        maxClinicalStage
        drug {
          id
          name
          drugType
          maximumClinicalStage
          mechanismsOfAction { rows { mechanismOfAction actionType } }
        }
        diseases { disease { id name } }
      }
    }`;

export const TARGET_CLINICAL_CONTEXT = `
query TargetClinicalContext($ensemblId: String!, $size: Int!) {
  target(ensemblId: $ensemblId) {${CLINICAL_FIELDS}
  }
}`;

export const TARGETS_CLINICAL_CONTEXT = `
query TargetsClinicalContext($ensemblIds: [String!]!, $size: Int!) {
  targets(ensemblIds: $ensemblIds) {${CLINICAL_FIELDS}
  }
}`;

export const TARGET_TRACTABILITY = `
query TargetTractability($ensemblId: String!) {
  target(ensemblId: $ensemblId) {
    id
    approvedSymbol
    tractability { label modality value }
  }
}`;

export const TARGETS_TRACTABILITY = `
query TargetsTractability($ensemblIds: [String!]!) {
  targets(ensemblIds: $ensemblIds) {
    id
    approvedSymbol
    tractability { label modality value }
  }
}`;

/** Scores of one target for given diseases only (`Bs` restricts the disease side). */
export const TARGET_DISEASE_SCORES = `
query TargetDiseaseScores($ensemblId: String!, $diseaseIds: [String!]!, $size: Int!) {
  target(ensemblId: $ensemblId) {
    id
    approvedSymbol
    associatedDiseases(Bs: $diseaseIds, page: {index: 0, size: $size}) {
      count
      rows { score disease { id name } }
    }
  }
}`;

/** A drug's indications with their stage: tells "approved elsewhere" (repurposing) from "approved here". */
export const DRUG_INDICATIONS = `
query DrugIndications($chemblId: String!) {
  drug(chemblId: $chemblId) {
    id
    name
    drugType
    maximumClinicalStage
    indications { rows { maxClinicalStage disease { id name } } }
    mechanismsOfAction { rows { mechanismOfAction actionType targets { id approvedSymbol } } }
  }
}`;

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

// The candidate selection. Since 26.06 `drugAndClinicalCandidates` replaces `knownDrugs`; it has
// no paging arguments.
const CANDIDATE_FIELDS = `
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

// COSMIC cancer hallmarks as Open Targets serves them: "role in cancer" (oncogene, TSG, fusion)
// among the attributes, and hallmarks the gene promotes or suppresses. Strategies take their
// direction from it (analysis/gene-role.ts).
const HALLMARK_FIELDS = `
    hallmarks {
      attributes { name description pmid }
      cancerHallmarks { label impact pmid }
    }`;

/**
 * What the target brief asks of one target, in one request: its top associations, its drug and
 * clinical candidates, and its tractability. Asked apart, they made six Open Targets questions per
 * brief, and at the 5 a second it is paced at, the sixth (drug details) waited a second for the window.
 */
export const TARGET_BRIEF = `
query TargetBrief($ensemblId: String!, $size: Int!) {
  target(ensemblId: $ensemblId) {
    id
    approvedSymbol
    associatedDiseases(page: {index: 0, size: $size}) {
      count
      rows { score disease { id name } }
    }${CANDIDATE_FIELDS}
    tractability { label modality value }
  }
}`;

/**
 * The drug context of many targets in one request: the association with the given diseases only
 * (`Bs` filters the disease side, so "no row" means "no association", not "outside the top N"),
 * candidates and cancer hallmarks.
 */
export const TARGETS_DRUG_CONTEXT = `
query TargetsDrugContext($ensemblIds: [String!]!, $diseaseIds: [String!]!, $size: Int!) {
  targets(ensemblIds: $ensemblIds) {
    id
    approvedSymbol
    associatedDiseases(Bs: $diseaseIds, page: {index: 0, size: $size}) {
      count
      rows { score disease { id name } }
    }${CANDIDATE_FIELDS}${HALLMARK_FIELDS}
  }
}`;

/** TARGETS_DRUG_CONTEXT when the disease context matched no Open Targets disease: an empty `Bs` would not filter. */
export const TARGETS_DRUG_CONTEXT_NO_DISEASE = `
query TargetsDrugContextNoDisease($ensemblIds: [String!]!) {
  targets(ensemblIds: $ensemblIds) {
    id
    approvedSymbol${CANDIDATE_FIELDS}${HALLMARK_FIELDS}
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

/**
 * Many drugs in one request: indications with a stage per disease (tells "approved here" from
 * "approved elsewhere"), ChEMBL's warnings (withdrawn, black box) and mechanisms with targets.
 * `hasBeenWithdrawn` and `isApproved` were removed in 26.x (ot-ui-apps 1f5cf238, March 2026):
 * withdrawal is now a warning of type "Withdrawn", and the stage WITHDRAWAL.
 */
export const DRUGS_DETAILS = `
query DrugsDetails($chemblIds: [String!]!) {
  drugs(chemblIds: $chemblIds) {
    id
    name
    drugType
    maximumClinicalStage
    drugWarnings { warningType country year }
    indications { count rows { maxClinicalStage disease { id name } } }
    mechanismsOfAction { rows { mechanismOfAction actionType targets { id approvedSymbol } } }
  }
}`;

/**
 * The context diseases in the ontology: descendants (an indication for a descendant is one for
 * the context), cross-references (ChEMBL names indications by EFO id where Open Targets now uses
 * MONDO) and ancestors (is the context a cancer? COSMIC roles only speak for cancers).
 */
export const DISEASE_ONTOLOGY = `
query DiseaseOntology($efoIds: [String!]!) {
  diseases(efoIds: $efoIds) {
    id
    name
    dbXRefs
    ancestors
    descendants
    resolvedAncestors {
      dbXRefs
    }
  }
}`;

// The role of a gene in the disease, read from data, which sets the direction of a therapeutic
// strategy (DESIGN.md 4: "strategy direction follows data on the gene's role, never only the
// drug's action"). The data is COSMIC's curation as Open Targets serves it (Target.hallmarks):
// the "role in cancer" attribute (oncogene, TSG, fusion) and the cancer hallmarks the gene
// promotes or suppresses. Pure functions; sources/opentargets-drugs.ts parses the answer.
//
// Direction rules, in order:
//   no hallmark record (or not fetched)          -> unknown
//   the context is known not to be a cancer      -> unknown (COSMIC roles describe cancers)
//   role oncogene, not TSG                       -> inhibit
//   role TSG, not oncogene                       -> restore (function; or exploit its loss)
//   both                                         -> context-dependent
//   no oncogene/TSG role (fusion only or none):
//     hallmarks only promoted                    -> inhibit (acts as an oncogene)
//     hallmarks only suppressed                  -> restore (acts as a tumour suppressor)
//     both, or none                              -> context-dependent / unknown

/** Target.hallmarks as parsed; null when Open Targets has no COSMIC hallmark record for the gene. */
export interface Hallmarks {
  attributes: { name: string; description: string; pmid: string | null }[];
  cancerHallmarks: { label: string; impact: string | null; pmid: string | null }[];
}

export type CancerRole = 'oncogene' | 'tumour suppressor' | 'fusion';
export type Direction = 'inhibit' | 'restore' | 'context-dependent' | 'unknown';

export interface GeneRole {
  gene: string;
  /** COSMIC "role in cancer" values, normalised. */
  roles: CancerRole[];
  direction: Direction;
  /** One sentence: what the direction rests on, naming the source. */
  basis: string;
  /** PMIDs COSMIC gives for the role (first the role, then hallmarks). */
  pmids: string[];
}

const SOURCE = 'COSMIC via Open Targets hallmarks';

/** Normalised roles of one "role in cancer" description ("oncogene, fusion", "TSG", "Oncogene"). */
export function rolesOf(description: string): CancerRole[] {
  const d = description.toLowerCase();
  const out: CancerRole[] = [];
  if (/\boncogene\b/.test(d)) out.push('oncogene');
  if (/\btsg\b|tumou?r[ -]suppressor/.test(d)) out.push('tumour suppressor');
  if (/\bfusion\b/.test(d)) out.push('fusion');
  return out;
}

/**
 * Words that make a disease context a cancer by its name, for when Open Targets cannot say (no
 * disease matched, or its ontology failed). "-oma" alone is no cancer (glaucoma, haematoma).
 */
const CANCER_WORDS = /\b(?:cancers?|carcinomas?|tumou?rs?|neoplas\w*|malignan\w*|leuka?emias?|lymphomas?|melanomas?|sarcomas?|gliomas?|glioblastomas?|myelomas?|\w*blastomas?|mesotheliomas?|adenocarcinomas?|metasta\w*|oncolog\w*|NSCLC|SCLC|HCC|AML|CML|CLL|GBM|TNBC|HNSCC|ccRCC|RCC|CRC|PDAC)\b/i;

/**
 * Whether a context is a cancer, for the roles: Open Targets' ontology when it answered; else its
 * name, null when the name says cancer (the role is used, with a caveat) and 'unchecked' when it
 * does not ("zzzfoo syndrome" read "Inhibit EGFR": no direction is taken from a role in cancer then).
 */
export function cancerContext(ontologyAnswer: boolean | null, diseaseText: string): CancerContext {
  if (ontologyAnswer !== null) return ontologyAnswer;
  return CANCER_WORDS.test(diseaseText) ? null : 'unchecked';
}

/** true / false: Open Targets' ontology says; null: not known, but the name says cancer; 'unchecked': neither. */
export type CancerContext = boolean | null | 'unchecked';

/**
 * The gene's role and the direction it gives. `hallmarks` undefined = not looked up or the source
 * failed; null = Open Targets has no COSMIC record. `isCancer` false = the disease context is known
 * not to be a cancer (then a role in cancer says nothing about it); null = not known (the role is
 * used with a caveat); 'unchecked' = not known and the name does not say cancer (no direction).
 */
export function geneRoleOf(gene: string, hallmarks: Hallmarks | null | undefined, isCancer: CancerContext = null): GeneRole {
  if (hallmarks === undefined) return { gene, roles: [], direction: 'unknown', basis: `the role of ${gene} could not be looked up (Open Targets hallmarks unavailable)`, pmids: [] };
  if (hallmarks === null) return { gene, roles: [], direction: 'unknown', basis: `no COSMIC role in cancer or hallmark for ${gene} (Open Targets)`, pmids: [] };
  const roleRows = hallmarks.attributes.filter((a) => a.name.trim().toLowerCase() === 'role in cancer');
  const roles = [...new Set(roleRows.flatMap((a) => rolesOf(a.description)))];
  const promotes = [...new Set(hallmarks.cancerHallmarks.filter((h) => h.impact === 'promotes').map((h) => h.label))];
  const suppresses = [...new Set(hallmarks.cancerHallmarks.filter((h) => h.impact === 'suppresses').map((h) => h.label))];
  const pmids = [...new Set([...roleRows, ...hallmarks.cancerHallmarks].map((r) => r.pmid).filter((p): p is string => !!p))];
  const base = { gene, roles, pmids };
  if (isCancer === false) {
    return { ...base, direction: 'unknown', basis: `COSMIC roles describe cancers, and the disease context is not one (Open Targets ontology); no direction of effect for ${gene}` };
  }
  if (isCancer === 'unchecked' && (roles.length || promotes.length || suppresses.length)) {
    return { ...base, direction: 'unknown', basis: `COSMIC roles describe cancers, and whether the disease context is one could not be checked (no Open Targets disease ontology) nor read from its name; no direction of effect for ${gene}` };
  }
  const onc = roles.includes('oncogene');
  const tsg = roles.includes('tumour suppressor');
  const caveat = isCancer === null ? '; whether the context is a cancer could not be checked (Open Targets): taken from its name' : '';
  if (onc && tsg) return { ...base, direction: 'context-dependent', basis: `${gene} is both an oncogene and a tumour suppressor (${SOURCE}): the direction depends on the tumour type${caveat}` };
  if (onc) return { ...base, direction: 'inhibit', basis: `${gene} is an oncogene (${SOURCE})${caveat}` };
  if (tsg) return { ...base, direction: 'restore', basis: `${gene} is a tumour suppressor (${SOURCE})${caveat}` };
  const counted = `promotes ${promotes.length} and suppresses ${suppresses.length} cancer hallmark${promotes.length + suppresses.length === 1 ? '' : 's'}`;
  if (promotes.length && !suppresses.length) return { ...base, direction: 'inhibit', basis: `${gene} ${counted} (${SOURCE}; no oncogene/TSG role listed)${caveat}` };
  if (suppresses.length && !promotes.length) return { ...base, direction: 'restore', basis: `${gene} ${counted} (${SOURCE}; no oncogene/TSG role listed)${caveat}` };
  if (promotes.length && suppresses.length) return { ...base, direction: 'context-dependent', basis: `${gene} ${counted} (${SOURCE})${caveat}` };
  return { ...base, direction: 'unknown', basis: `COSMIC lists ${gene} (${roles.join(', ') || 'no role'}) without an oncogene or tumour-suppressor role or hallmark (Open Targets)` };
}

/** Ontology roots of cancer in Open Targets (EFO neoplasm, MONDO cancer / neoplasm / cancer or benign tumor). */
export const CANCER_ROOTS: ReadonlySet<string> = new Set(['EFO_0000616', 'MONDO_0004992', 'MONDO_0005070', 'MONDO_0045024']);

/** True when a context disease or one of its ancestors is a cancer root; null when no ancestry is known. */
export function isCancerContext(diseases: readonly { id: string; ancestors: readonly string[] }[] | null | undefined): boolean | null {
  if (!diseases?.length) return null;
  return diseases.some((d) => CANCER_ROOTS.has(d.id) || d.ancestors.some((a) => CANCER_ROOTS.has(a)));
}

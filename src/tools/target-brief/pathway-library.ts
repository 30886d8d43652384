// The gene-set library the target brief reads for pathway q-values. Apart from gather.ts so that
// the answer caches (tools/shared/result-cache.ts), loaded with the server, can name it in their
// keys without loading the brief's code.

/** Enrichr library whose set ids are Reactome stable ids (`... R-HSA-n` names). */
export const PATHWAY_LIBRARY = 'Reactome_2022';

// The typed clients of every upstream, all on one shared UpstreamClient.
import { AlphaFold } from './alphafold.js';
import { BioRxiv } from './biorxiv.js';
import { Cellosaurus } from './cellosaurus.js';
import { Chembl } from './chembl.js';
import { Civic } from './civic.js';
import { ClinicalTrials } from './clinicaltrials.js';
import { Dgidb } from './dgidb.js';
import { Ensembl } from './ensembl.js';
import { EuropePmc } from './europepmc.js';
import { Eutils } from './eutils.js';
import { Gnomad } from './gnomad.js';
import { GProfiler } from './gprofiler.js';
import { Hgnc, type HgncTableSource } from './hgnc.js';
import type { UpstreamClient } from './http.js';
import { ICite } from './icite.js';
import { MyGene } from './mygene.js';
import { OpenFda } from './openfda.js';
import { OpenTargets } from './opentargets.js';
import { PharmGkb } from './pharmgkb.js';
import { PubChem } from './pubchem.js';
import { Reactome } from './reactome.js';
import { SemanticScholar } from './semanticscholar.js';
import { StringDb } from './string.js';
import { UniProt } from './uniprot.js';

export interface Sources {
  eutils: Eutils;
  europepmc: EuropePmc;
  hgnc: Hgnc;
  mygene: MyGene;
  uniprot: UniProt;
  alphafold: AlphaFold;
  string: StringDb;
  reactome: Reactome;
  opentargets: OpenTargets;
  chembl: Chembl;
  dgidb: Dgidb;
  clinicaltrials: ClinicalTrials;
  pubchem: PubChem;
  ensembl: Ensembl;
  gnomad: Gnomad;
  gprofiler: GProfiler;
  civic: Civic;
  pharmgkb: PharmGkb;
  openfda: OpenFda;
  icite: ICite;
  semanticscholar: SemanticScholar;
  biorxiv: BioRxiv;
  cellosaurus: Cellosaurus;
}

export interface SourcesOptions {
  /** The local HGNC table (src/genes/); without it symbols are resolved through the REST API. */
  hgncTables?: HgncTableSource;
}

export function createSources(http: UpstreamClient, options: SourcesOptions = {}): Sources {
  return {
    eutils: new Eutils(http),
    europepmc: new EuropePmc(http),
    hgnc: new Hgnc(http, options.hgncTables),
    mygene: new MyGene(http),
    uniprot: new UniProt(http),
    alphafold: new AlphaFold(http),
    string: new StringDb(http),
    reactome: new Reactome(http),
    opentargets: new OpenTargets(http),
    chembl: new Chembl(http),
    dgidb: new Dgidb(http),
    clinicaltrials: new ClinicalTrials(http),
    pubchem: new PubChem(http),
    ensembl: new Ensembl(http),
    gnomad: new Gnomad(http),
    gprofiler: new GProfiler(http),
    civic: new Civic(http),
    pharmgkb: new PharmGkb(http),
    openfda: new OpenFda(http),
    icite: new ICite(http),
    semanticscholar: new SemanticScholar(http),
    biorxiv: new BioRxiv(http),
    cellosaurus: new Cellosaurus(http),
  };
}

// The typed clients of every upstream, all on one shared UpstreamClient.
import { AlphaFold } from './alphafold.js';
import { Chembl } from './chembl.js';
import { ClinicalTrials } from './clinicaltrials.js';
import { Dgidb } from './dgidb.js';
import { Eutils } from './eutils.js';
import { EuropePmc } from './europepmc.js';
import { Hgnc } from './hgnc.js';
import type { UpstreamClient } from './http.js';
import { MyGene } from './mygene.js';
import { OpenTargets } from './opentargets.js';
import { PubChem } from './pubchem.js';
import { Reactome } from './reactome.js';
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
}

export function createSources(http: UpstreamClient): Sources {
  return {
    eutils: new Eutils(http),
    europepmc: new EuropePmc(http),
    hgnc: new Hgnc(http),
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
  };
}

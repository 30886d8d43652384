import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import {
  batchQuery,
  geneQuery,
  pickForGene,
  parseUniProtEntry,
  parseUniProtSearch,
  pickEntryForGene,
  stripPubmedCitations,
  targetClassesOf,
} from '../../src/sources/uniprot.js';
import { describeShared, ownFixture, sharedJson } from '../support/shared.js';

describeShared('UniProt recorded answers', () => {
  it('parses the BRAF reviewed search (minimized: no molWeight) and picks the entry by gene name', () => {
    const entries = parseUniProtSearch(sharedJson('uniprot', 'search-BRAF-human-reviewed-minimized.json'));
    const braf = pickEntryForGene(entries, 'BRAF');
    expect(braf).toMatchObject({
      accession: 'P15056',
      uniprotId: 'BRAF_HUMAN',
      reviewed: true,
      proteinName: 'Serine/threonine-protein kinase B-raf',
      geneName: 'BRAF',
      geneSynonyms: ['BRAF1', 'RAFB1'],
      taxonId: 9606,
      length: 766,
      molecularWeight: null,
      function: 'Protein kinase involved in the transduction of mitogenic signals from the cell membrane to the nucleus.',
      functionPmids: [],
      alphafoldId: 'P15056',
      url: 'https://www.uniprot.org/uniprotkb/P15056/entry',
    });
  });

  it('parses the single-entry body of /uniprotkb/P15056.json like a search result', () => {
    const entry = parseUniProtEntry(sharedJson('uniprot', 'entry-P15056-BRAF-minimized.json'));
    const fromSearch = parseUniProtSearch(sharedJson('uniprot', 'search-BRAF-human-reviewed-minimized.json'))[0];
    expect(entry).toEqual(fromSearch);
  });

  it('reads a full entry (DNASE2, O00115): mass, EC, location, family, keywords, function without citations', () => {
    const e = parseUniProtEntry(sharedJson('uniprot', 'entry-O00115-DNASE2.json'));
    expect(e).toMatchObject({
      accession: 'O00115',
      proteinName: 'Deoxyribonuclease-2-alpha',
      geneName: 'DNASE2',
      molecularWeight: 39581,
      length: 360,
      ecNumbers: ['3.1.22.1'],
      subcellularLocations: ['Lysosome'],
      families: ['Belongs to the DNase II family'],
      functionPmids: ['29259162', '31775019'],
    });
    expect(e?.function).toBe(
      'Hydrolyzes DNA under acidic conditions with a preference for double-stranded DNA. Plays a major role in the clearance of nucleic acids generated through apoptosis, hence preventing autoinflammation. Necessary for proper fetal development and for definitive erythropoiesis in fetal liver and bone marrow, where it degrades nuclear DNA expelled from erythroid precursor cells',
    );
    expect(e?.function).not.toMatch(/PubMed/);
    expect(e?.keywords.map((k) => k.name)).toEqual(expect.arrayContaining(['Endonuclease', 'Hydrolase', 'Lysosome']));
    expect(e?.keywords.find((k) => k.name === 'Hydrolase')).toEqual({ id: 'KW-0378', name: 'Hydrolase', category: 'Molecular function' });
    expect(e?.targetClasses).toEqual([{ class: 'enzyme', evidence: ['EC 3.1.22.1'] }]);
  });

  it('reads two full search results (ELOVL7, TYW5) and picks by gene name or single synonym', () => {
    const entries = parseUniProtSearch(sharedJson('uniprot', 'search-results-A1L3X0-A2RUC4-human-reviewed.json'));
    expect(entries.map((e) => e.accession)).toEqual(['A1L3X0', 'A2RUC4']);
    const [elovl7, tyw5] = entries;
    expect(elovl7).toMatchObject({
      geneName: 'ELOVL7',
      molecularWeight: 33356,
      length: 281,
      ecNumbers: ['2.3.1.199'],
      subcellularLocations: ['Endoplasmic reticulum membrane'],
      families: ['Belongs to the ELO family. ELOVL7 subfamily'],
    });
    // No inline citations here: the PMIDs come from the text's evidence tags.
    expect(elovl7?.functionPmids).toEqual(['19826053', '20937905', '21959040', '34117479']);
    expect(tyw5).toMatchObject({ geneName: 'TYW5', molecularWeight: 36548, ecNumbers: ['1.14.11.42'], domains: ['JmjC'], geneSynonyms: ['C2orf60'] });
    expect(pickEntryForGene(entries, 'tyw5')?.accession).toBe('A2RUC4');
    expect(pickEntryForGene(entries, 'C2orf60')?.accession).toBe('A2RUC4');
    expect(pickEntryForGene(entries, 'ELOVL7')?.accession).toBe('A1L3X0');
    expect(pickEntryForGene(entries, 'TP53')).toBeNull();
  });

  it('a batch (OR) answer is shared out by accession, then by gene name; a gene with neither gets null', () => {
    // The recorded answer is of an OR query over two accessions, the shape entriesForGenes asks for.
    const entries = parseUniProtSearch(sharedJson('uniprot', 'search-results-A1L3X0-A2RUC4-human-reviewed.json'));
    expect(pickForGene(entries, { symbol: 'ELOVL7', accession: 'A1L3X0' })?.accession).toBe('A1L3X0');
    expect(pickForGene(entries, { symbol: 'TYW5', accession: 'P99999' })?.accession).toBe('A2RUC4'); // accession absent: by name
    expect(pickForGene(entries, { symbol: 'ANYTHING', accession: 'Q589T3' })?.accession).toBe('A1L3X0'); // a secondary accession of ELOVL7
    expect(pickForGene(entries, { symbol: 'TP53', accession: null })).toBeNull();
  });
});

describe('UniProt batch query', () => {
  it('names every accession and gene once, quoting what would split a term', () => {
    expect(batchQuery([{ symbol: 'EGFR', accession: 'P00533' }, { symbol: 'HLA-A' }, { symbol: 'EGFR', accession: 'P00533' }], 9606)).toBe(
      '(accession:P00533 OR gene_exact:EGFR OR gene_exact:"HLA-A") AND organism_id:9606 AND reviewed:true',
    );
  });
});

describe('UniProt parser without recordings', () => {
  it('reads an empty search as no entry (doc-shaped)', () => {
    const entries = parseUniProtSearch(JSON.parse(ownFixture('uniprot', 'search-no-hits-doc-shaped.json')));
    expect(entries).toEqual([]);
    expect(pickEntryForGene(entries, 'NOPE1')).toBeNull();
  });

  it('treats an Inactive (obsolete) entry as none and TrEMBL names as submission names', () => {
    expect(parseUniProtEntry({ entryType: 'Inactive', primaryAccession: 'Q00001', inactiveReason: { inactiveReasonType: 'DELETED' } })).toBeNull();
    const trembl = parseUniProtEntry({
      entryType: 'UniProtKB unreviewed (TrEMBL)',
      primaryAccession: 'A0A000',
      proteinDescription: { submissionNames: [{ fullName: { value: 'Uncharacterized protein' } }] },
    });
    expect(trembl).toMatchObject({ reviewed: false, proteinName: 'Uncharacterized protein', function: null, molecularWeight: null });
  });

  it('throws a schema UpstreamError naming uniprot on a malformed answer', () => {
    for (const bad of [null, [], {}, { results: {} }, { results: [{ entryType: 'x' }] }]) {
      let error: unknown;
      try {
        parseUniProtSearch(bad);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ source: 'uniprot', failure: 'schema' });
    }
  });

  it('strips citation-only parentheses and keeps the rest', () => {
    expect(stripPubmedCitations('Binds DNA (PubMed:1, PubMed:22). Acts as a dimer (By similarity). Also (PubMed:333, Ref.4).')).toEqual({
      text: 'Binds DNA. Acts as a dimer (By similarity). Also.',
      pmids: ['1', '22', '333'],
    });
  });

  it('names druggable classes from keywords, families and domains', () => {
    const classes = targetClassesOf({
      keywords: [{ id: 'KW-0418', name: 'Kinase', category: 'Molecular function' }, { id: null, name: 'Ion channel', category: null }],
      families: ['Belongs to the protein kinase superfamily. TKL Ser/Thr protein kinase family. RAF subfamily', 'Belongs to the nuclear hormone receptor family'],
      domains: ['Protein kinase'],
      ecNumbers: ['2.7.11.1'],
    });
    expect(classes.map((c) => c.class)).toEqual(['kinase', 'ion_channel', 'nuclear_receptor', 'enzyme']);
    expect(classes[0]?.evidence).toEqual([
      'keyword: Kinase',
      'annotation: Belongs to the protein kinase superfamily. TKL Ser/Thr protein kinase family. RAF subfamily',
      'annotation: Protein kinase',
    ]);
  });

  it('builds the gene_exact query, quoting symbols that are not one word', () => {
    expect(geneQuery('TP53', 9606)).toBe('gene_exact:TP53 AND organism_id:9606 AND reviewed:true');
    expect(geneQuery('HLA-A', 9606)).toBe('gene_exact:"HLA-A" AND organism_id:9606 AND reviewed:true');
  });
});

// GMT parser. One set per line: name<TAB>description-or-URL<TAB>gene1<TAB>gene2...
// Gene symbols are kept exactly as written and matched case-sensitively: HGNC symbols are already
// upper-case, panels arrive HGNC-normalised, and folding case would merge distinct entries such as
// Reactome's viral `gag` with a human symbol.

/** One gene set; `id` is the stable key (Reactome/GO id when the file carries one) so results link and dedupe. */
export interface GeneSet {
  id: string;
  name: string;
  description: string;
  genes: string[];
}

/** Parse result; warnings instead of throwing so one malformed line does not lose a whole library. */
export interface ParsedGmt {
  sets: GeneSet[];
  warnings: string[];
}

const REACTOME_ID = /^R-[A-Z]{3}-\d+$/;
const REACTOME_ID_SUFFIX = /\s(R-[A-Z]{3}-\d+)$/; // Enrichr Reactome_2022: "Name R-HSA-123"
const GO_ID = /^GO:\d{7}$/;
const GO_ID_SUFFIX = /\((GO:\d{7})\)\s*$/; // Enrichr GO: "name (GO:0006103)"
// Enrichr's weighted format is `GENE,1.0`; only a numeric suffix is a weight, because Reactome has
// real entries with commas ("18S-rRNA,-5.8S-rRNA,-28S-rRNA"). The R reference scripts use the same regex.
const WEIGHT_SUFFIX = /,\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** Strip an Enrichr `,weight` suffix and surrounding blanks; exported so tests and loaders share the rule. */
export function cleanGeneToken(token: string): string {
  return token.replace(WEIGHT_SUFFIX, '').trim();
}

function identify(col1: string, col2: string): { id: string; name: string } {
  if (REACTOME_ID.test(col2)) return { id: col2, name: col1 };
  if (GO_ID.test(col1)) return { id: col1, name: col2 !== '' && !/^https?:/.test(col2) ? col2 : col1 };
  const go = GO_ID_SUFFIX.exec(col1);
  if (go?.[1] !== undefined) return { id: go[1], name: col1 };
  const r = REACTOME_ID_SUFFIX.exec(col1);
  if (r?.[1] !== undefined) return { id: r[1], name: col1 };
  return { id: col1, name: col1 };
}

/** Parse GMT text (LF or CRLF); empty fields, blank lines and duplicate genes are tolerated. */
export function parseGmt(text: string): ParsedGmt {
  const sets: GeneSet[] = [];
  const warnings: string[] = [];
  const seenIds = new Set<string>();
  const lines = text.split(/\r?\n|\r/);
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li] ?? '';
    if (line.trim() === '') continue;
    const fields = line.split('\t');
    const col1 = (fields[0] ?? '').trim();
    const col2 = (fields[1] ?? '').trim();
    if (col1 === '') {
      warnings.push(`line ${li + 1}: empty set name, skipped`);
      continue;
    }
    const genes: string[] = [];
    const seen = new Set<string>();
    let dups = 0;
    for (let i = 2; i < fields.length; i++) {
      const g = cleanGeneToken(fields[i] ?? '');
      if (g === '') continue;
      if (seen.has(g)) {
        dups++;
        continue;
      }
      seen.add(g);
      genes.push(g);
    }
    if (genes.length === 0) {
      warnings.push(`line ${li + 1}: set "${col1}" has no genes, skipped`);
      continue;
    }
    if (dups > 0) warnings.push(`line ${li + 1}: set "${col1}" lists ${dups} duplicate gene(s), deduplicated`);
    const { id, name } = identify(col1, col2);
    if (seenIds.has(id)) warnings.push(`line ${li + 1}: duplicate set id "${id}"`);
    seenIds.add(id);
    sets.push({ id, name, description: col2, genes });
  }
  return { sets, warnings };
}

// Reading a hypothesis written in plain scientific language: which words may name genes, drugs and
// the disease, and which mechanism it asks about. Pure: the words found here are only candidates;
// HGNC, ChEMBL and Open Targets decide what they are (tools/validation-plan/recognise.ts).

export const MECHANISMS = ['inhibition', 'loss_of_function', 'gain_of_function', 'overexpression', 'biomarker', 'interaction', 'synthetic_lethality'] as const;
export type Mechanism = (typeof MECHANISMS)[number];

/** When several mechanisms are named, the most specific one shapes the plan (see primaryMechanism). */
const PRIORITY: readonly Mechanism[] = ['synthetic_lethality', 'biomarker', 'interaction', 'loss_of_function', 'gain_of_function', 'overexpression', 'inhibition'];

/**
 * What is done to, or observed of, a gene in the text. `wildtype` ("KRAS wild-type", "cells that do
 * not carry KRAS mutations") and `negative` ("HER2-negative": no amplification or overexpression, not
 * a loss of the gene) name a setting without the gene's alteration.
 */
export type GeneRole = 'inhibited' | 'lost' | 'activated' | 'overexpressed' | 'mutated' | 'marker' | 'partner' | 'wildtype' | 'negative';

const ROLE_OF: Record<Mechanism, GeneRole | null> = {
  inhibition: 'inhibited',
  loss_of_function: 'lost',
  gain_of_function: 'activated',
  overexpression: 'overexpressed',
  biomarker: 'marker',
  interaction: 'partner',
  synthetic_lethality: null,
};

/** Cue phrases of each mechanism (case-insensitive, whole words). */
const CUES: Record<Mechanism, readonly RegExp[]> = {
  synthetic_lethality: [/synthetic(?:al)?(?:ly)?[\s-]+lethal(?:ity)?/, /synthetic[\s-]+sickness/],
  biomarker: [/biomarkers?/, /predict(?:s|ive|or|ors|ing)?/, /prognostic/, /markers? (?:of|for)/, /stratif(?:y|ies|ied|ication)/, /companion diagnostic/, /associated with (?:response|survival|outcome|prognosis|sensitivity|resistance)/],
  interaction: [/interact(?:s|ion|ions|ing)? (?:with|between)/, /binds?(?: directly)? (?:to )?(?=[A-Z0-9])/, /heterodimer(?:s|i[sz]ation)?/, /(?:forms?|forming) (?:a )?complex/, /protein[\s-]protein interaction/],
  loss_of_function: [/loss[\s-]of[\s-]function/, /loss of/, /deficien(?:t|cy)/, /delet(?:ion|ions|ed)/, /knock[\s-]?(?:out|down|ed[\s-]out|ed[\s-]down)/, /silenc(?:ing|ed)/, /inactivat(?:ion|ing|ed)/, /truncating/, /haploinsufficien(?:t|cy)/, /deplet(?:ion|ed|ing)/, /ablat(?:ion|ed|ing)/],
  gain_of_function: [/gain[\s-]of[\s-]function/, /activating mutations?/, /constitutive(?:ly)? activ(?:e|ation|ated)/, /hyper[\s-]?activ(?:e|ation|ated|ity)/, /oncogenic (?:mutations?|variants?)/],
  overexpression: [/over[\s-]?express(?:ion|ed|ing|es)?/, /amplif(?:ied|ication|ications)/, /up[\s-]?regulat(?:ion|ed|es|ing)/, /(?:high|elevated|increased) (?:expression|levels?|abundance)/],
  inhibition: [/inhibit(?:s|ing|ion|or|ors|ed)?/, /block(?:s|ing|ade|ed)?/, /antagoni[sz](?:e|es|ing|ed|m|t|ts)/, /targeting/, /pharmacological (?:suppression|blockade)/],
};

/** Words joined to a gene by a hyphen ("BRCA1-deficient") and the role each gives the gene. */
const MODIFIERS: Record<string, GeneRole> = {
  mutant: 'mutated', mutated: 'mutated', mutation: 'mutated', variant: 'mutated', driven: 'mutated', dependent: 'mutated', addicted: 'mutated',
  deficient: 'lost', null: 'lost', deleted: 'lost', knockout: 'lost', ko: 'lost', loss: 'lost', inactivated: 'lost',
  // "-negative" and "-low" are a level (no amplification or overexpression), not the gene's loss.
  negative: 'negative', low: 'negative', 'wild-type': 'wildtype', wt: 'wildtype', wildtype: 'wildtype',
  positive: 'overexpressed', amplified: 'overexpressed', high: 'overexpressed', overexpressing: 'overexpressed',
  activated: 'activated', active: 'activated',
  inhibited: 'inhibited', targeted: 'inhibited',
};

/**
 * Upper-case words that are not genes in a hypothesis: disease abbreviations (they name the disease
 * instead), techniques, units and trial vocabulary. Everything else upper-case is asked of HGNC.
 */
export const DISEASE_ABBREVIATIONS: Record<string, string> = {
  NSCLC: 'non-small cell lung carcinoma',
  SCLC: 'small cell lung carcinoma',
  AML: 'acute myeloid leukemia',
  CML: 'chronic myeloid leukemia',
  CLL: 'chronic lymphocytic leukemia',
  ALL: 'acute lymphoblastic leukemia',
  HCC: 'hepatocellular carcinoma',
  CRC: 'colorectal cancer',
  TNBC: 'triple-negative breast cancer',
  PDAC: 'pancreatic ductal adenocarcinoma',
  GBM: 'glioblastoma',
  RCC: 'renal cell carcinoma',
  HNSCC: 'head and neck squamous cell carcinoma',
  DLBCL: 'diffuse large B-cell lymphoma',
  MDS: 'myelodysplastic syndrome',
  IPF: 'idiopathic pulmonary fibrosis',
  NASH: 'non-alcoholic steatohepatitis',
  COPD: 'chronic obstructive pulmonary disease',
  ALS: 'amyotrophic lateral sclerosis',
};

const NOT_GENES = new Set([
  'DNA', 'RNA', 'MRNA', 'SIRNA', 'SHRNA', 'CRISPR', 'CRISPRI', 'CRISPRA', 'PCR', 'QPCR', 'RT', 'IHC', 'PDX', 'CDX', 'GEMM', 'IC50', 'EC50', 'GI50',
  'KO', 'WT', 'OS', 'PFS', 'ORR', 'DFS', 'FDA', 'EMA', 'TKI', 'TKIS', 'ICI', 'ICIS', 'UV', 'ROS', 'ATP', 'NAD', 'HR', 'HRD', 'MSI', 'TMB', 'CNV',
  'SNV', 'LOF', 'GOF', 'NGS', 'WGS', 'WES', 'RNASEQ', 'SCRNA', 'II', 'III', 'IV', 'VS', 'AND', 'OR', 'NOT', 'THE', 'IN', 'OF', 'A', 'MAB', 'ADC',
]);

/** Endings of drug names (WHO INN stems) that let a word be asked of ChEMBL as a drug name. */
const INN_STEMS = [
  'tinib', 'rafenib', 'ciclib', 'lisib', 'parib', 'mab', 'zumab', 'ximab', 'umab', 'degib', 'fenib', 'zomib', 'stat', 'platin', 'taxel', 'rubicin',
  'tecan', 'mustine', 'abine', 'citabine', 'trexed', 'sertib', 'metinib', 'sidenib', 'lutamide', 'rozole', 'strant', 'limus', 'toclax', 'dustat',
  'semide', 'prazole', 'sartan', 'pril', 'olol', 'gliptin', 'gliflozin', 'formin', 'vastatin', 'mycin', 'cycline', 'floxacin', 'conazole', 'vir',
  'navir', 'previr', 'asvir', 'buvir', 'tide', 'glutide', 'cept', 'kinra', 'nib', 'coxib', 'dronate', 'tidine', 'setron', 'triptan', 'afil', 'oxacin',
];

export interface GeneMention {
  /** The word as written, without a joined modifier ("BRCA1" from "BRCA1-deficient"). */
  token: string;
  index: number;
  /** The joined modifier's role, e.g. "mutated" for "EGFR-mutant". */
  modifier: GeneRole | null;
  modifierWord: string | null;
  /** The variant named after it: a protein change ("T790M", "G12C" of "G12C-mutant") or an exon change ("exon 19 deletion"). */
  variant?: string | null;
}

export interface MechanismCue {
  mechanism: Mechanism;
  /** The words of the text that named it. */
  phrase: string;
  index: number;
}

export interface DiseaseMention {
  /** As written: "breast cancer" from "in BRCA1-deficient breast cancer", or "NSCLC". */
  text: string;
  /** What to search for: the text, or the expansion of an abbreviation. */
  query: string;
}

export interface TextReading {
  /** Every gene-like mention, in text order (a gene may be mentioned more than once). */
  genes: GeneMention[];
  drugs: { token: string; index: number }[];
  disease: DiseaseMention | null;
  cues: MechanismCue[];
  /** The words that deny the effect ("does not", "fails to"), or null for an affirmative hypothesis. */
  negation: string | null;
  /** Words that deny part of it only ("does not reduce X but increases Y"): not read as a denial, and warned about. */
  partialNegation?: string | null;
}

/** A protein change in one-letter code: G12C, V600E, T790M, R175*. */
const PROTEIN_CHANGE = /^[A-Z]\d{1,4}(?:[A-Z]|\*|fs)$/;

const WORD = /[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9]|[A-Za-z0-9]/g;

export function readHypothesis(text: string): TextReading {
  const genes: GeneMention[] = [];
  const drugs: { token: string; index: number }[] = [];
  const words = [...text.matchAll(WORD)];
  for (const [i, m] of words.entries()) {
    const raw = m[0];
    const [token, modifier] = splitModifier(raw);
    if (looksLikeGene(token)) {
      // "KRAS G12C", "KRAS G12C-mutant", "EGFR exon 19 deletion": a named variant says the gene is
      // mutated (an exon deletion is an in-frame change, not a loss of the gene).
      const variant = modifier ? null : variantAfter(text.slice(m.index + raw.length));
      const role = modifier ? MODIFIERS[modifier]! : variant ? 'mutated' : null;
      genes.push({ token, index: m.index, modifier: role, modifierWord: modifier ?? variant, variant });
    } else if (looksLikeDrug(raw)) drugs.push({ token: raw, index: m.index });
  }
  const negation = readNegation(text);
  return { genes, drugs: uniqueTokens(drugs), disease: diseasePhrase(text), cues: mechanismCues(text), negation: negation.words, partialNegation: negation.unsure };
}

/** An exon-level variant: "exon 19 deletion", "exon 20 insertions", "exon 14 skipping". */
const EXON_VARIANT = /^\s+(exon\s+\d{1,2}\s+(?:in-frame\s+)?(?:deletion|insertion|skipping|del|ins)(?:s)?)\b/i;

/** The variant written right after a gene word, or null. */
function variantAfter(rest: string): string | null {
  const exon = EXON_VARIANT.exec(rest)?.[1];
  if (exon) return exon.replace(/\s+/g, ' ').replace(/s$/i, '').toLowerCase();
  const next = /^\s+([A-Za-z0-9*-]+)/.exec(rest)?.[1] ?? '';
  const head = next.split('-')[0]!;
  return PROTEIN_CHANGE.test(head) ? head : null;
}

// A verb phrase that denies the effect. A bare "not" is left out: "EGFR, not MET, drives..." and
// "non-small cell" deny nothing about the hypothesis' own effect; nor does "does not only".
const NEGATION =
  /\b(?:(?:does|do|did|is|are|was|were|will|would|can|could|may|might|should|has|have)\s+not|(?:does|do|did|is|are|was|were|wo|would|can|could|should|has|have)n['’]t|cannot|(?:is|are|was|were)\s+(?:unable\s+to|ineffective)|fail(?:s|ed)?\s+to|(?:has|have|had|shows?|showed)\s+no\s+(?:effect|impact|role|benefit|association)|neither)\b(?!\s+only\b)/gi;

/** A relative clause ends right before the negation: "cells that do not carry KRAS mutations" describes the cells. */
const RELATIVE_BEFORE = /\b(?:that|which|who|whose|where)\s+$/i;

/** The words that make a hypothesis deny its effect, or null. */
export function negationOf(text: string): string | null {
  return readNegation(text).words;
}

/**
 * The denial of the main outcome, or null; `unsure` when a denial was found that may deny only part
 * of it ("does not reduce proliferation but increases apoptosis"): the plan then warns.
 * A negation inside a relative clause ("cells that do not carry") denies nothing of the effect, and
 * a double negative ("does not fail to reduce") asserts it.
 */
function readNegation(text: string): { words: string | null; unsure: string | null } {
  for (const m of text.matchAll(NEGATION)) {
    if (RELATIVE_BEFORE.test(text.slice(0, m.index))) continue;
    const rest = text.slice(m.index + m[0].length);
    // "does not fail to", "cannot fail to": two negations assert the effect.
    if (/^\s+fail(?:s|ed)?\s+to\b/i.test(rest)) return { words: null, unsure: null };
    // A later clause that asserts another outcome: the denial covers part of the hypothesis only.
    if (/\b(?:but|yet|while|whereas|instead)\b/i.test(rest.split(/[.;]/)[0]!)) return { words: null, unsure: m[0] };
    return { words: m[0], unsure: null };
  }
  return { words: null, unsure: null };
}

/** Distinct gene tokens in first-mention order (what is asked of HGNC). */
export function geneTokens(reading: Pick<TextReading, 'genes'>): string[] {
  return uniqueTokens(reading.genes).map((g) => g.token);
}

/** "BRCA1-deficient" -> ["BRCA1", "deficient"]; "PD-L1" stays whole (its tail is upper-case). */
function splitModifier(word: string): [string, string | null] {
  const m = /^(.+?)-(wild-type|[a-z]+)$/.exec(word);
  if (m && MODIFIERS[m[2]!] !== undefined) return [m[1]!, m[2]!];
  return [word, null];
}

/** Gene-like: upper-case letters and digits (EGFR, BRCA1, HER2, PD-L1), or p53-style protein names. */
export function looksLikeGene(token: string): boolean {
  if (token.length < 2 || token.length > 12) return false;
  const upper = token.toUpperCase();
  if (NOT_GENES.has(upper) || DISEASE_ABBREVIATIONS[upper] !== undefined) return false;
  if (/^[pP]\d{2,3}$/.test(token)) return true; // p53, p21, p16
  if (/^c-[A-Z][A-Za-z]{1,5}$/.test(token)) return true; // c-Myc, c-MET
  if (!/^[A-Z][A-Z0-9-]*$/.test(token)) return false;
  if (/^\d/.test(token) || /-$/.test(token)) return false;
  // Protein changes (G12C, V600E, T790M) name a variant, not a gene.
  if (PROTEIN_CHANGE.test(token)) return false;
  // One capital letter alone is a word ("A"); two or more capitals, or capitals with digits, may be a gene.
  return /[A-Z].*[A-Z0-9]/.test(token);
}

/** Everyday and biology words that happen to end like a drug stem. */
const NOT_DRUGS = new Set(['peptide', 'polypeptide', 'nucleotide', 'oligonucleotide', 'dinucleotide', 'concept', 'intercept', 'thermostat', 'homeostat', 'rheostat']);

export function looksLikeDrug(word: string): boolean {
  const w = word.toLowerCase();
  if (w.length < 6 || !/^[a-z]+$/.test(w) || NOT_DRUGS.has(w)) return false;
  return INN_STEMS.some((stem) => w.endsWith(stem) && w.length > stem.length + 2);
}

function uniqueTokens<T extends { token: string }>(items: T[]): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(item.token.toUpperCase())) seen.set(item.token.toUpperCase(), item);
  return [...seen.values()];
}

export function mechanismCues(text: string): MechanismCue[] {
  const cues: MechanismCue[] = [];
  for (const mechanism of MECHANISMS) {
    for (const re of CUES[mechanism]) {
      const global = new RegExp(`\\b${re.source}`, 'gi');
      for (const m of text.matchAll(global)) {
        if (isGeneModifier(text, m.index) || !qualifies(text, m.index + m[0].length, m[0])) continue;
        // "exon 19 deletion", "in-frame deletion": a mutation that keeps the protein, not its loss.
        if (mechanism === 'loss_of_function' && /^delet/i.test(m[0]) && /(?:\bexon\s+\d{1,2}|in-frame)\s+$/i.test(text.slice(Math.max(0, m.index - 20), m.index))) continue;
        cues.push({ mechanism, phrase: m[0].trim(), index: m.index });
      }
    }
  }
  // The longest cue at a place wins: "loss of function" is not also "loss of".
  return dropOverlaps(cues.sort((a, b) => a.index - b.index || b.phrase.length - a.phrase.length));
}

/** "BRCA1-deficient", "HER2-amplified": the word describes the gene's context, it is not the mechanism asked about. */
function isGeneModifier(text: string, index: number): boolean {
  if (text[index - 1] !== '-') return false;
  const before = /([A-Za-z0-9-]+)-$/.exec(text.slice(Math.max(0, index - 20), index));
  return Boolean(before && looksLikeGene(before[1]!));
}

/** "loss of" names a mechanism only before a gene or "function/expression/heterozygosity" ("loss of viability" does not). */
function qualifies(text: string, end: number, phrase: string): boolean {
  if (!/^loss of$/i.test(phrase.trim())) return true;
  const next = /^\s*([A-Za-z0-9-]+)/.exec(text.slice(end))?.[1] ?? '';
  return looksLikeGene(splitModifier(next)[0]) || /^(?:function|expression|heterozygosity|the)$/i.test(next);
}

function dropOverlaps(cues: MechanismCue[]): MechanismCue[] {
  const out: MechanismCue[] = [];
  for (const c of cues) {
    const last = out[out.length - 1];
    if (last && c.index < last.index + last.phrase.length) continue;
    out.push(c);
  }
  return out;
}

/** The mechanism that shapes the plan, and the others the text also names. */
export function primaryMechanism(cues: readonly MechanismCue[]): { primary: Mechanism; also: Mechanism[] } | null {
  const named = new Set(cues.map((c) => c.mechanism));
  const ordered = PRIORITY.filter((m) => named.has(m));
  return ordered.length ? { primary: ordered[0]!, also: ordered.slice(1) } : null;
}

/**
 * Roles of each gene mention: its hyphen modifier, and the role of the nearest mechanism cue in the
 * same clause (within 40 characters, no comma, semicolon or "while"/"whereas" between them).
 */
export function mentionRoles(text: string, mention: GeneMention, cues: readonly MechanismCue[]): GeneRole[] {
  // A gene qualified by its own hyphen modifier ("BRCA1-deficient") has the role the modifier gives.
  if (mention.modifier) return [mention.modifier];
  const cue = nearestCue(text, mention, cues);
  return cue ? [ROLE_OF[cue.mechanism]!] : [];
}

/** The nearest mechanism cue with a role in the same clause as the mention, or null. */
function nearestCue(text: string, mention: GeneMention, cues: readonly MechanismCue[]): MechanismCue | null {
  let best: { cue: MechanismCue; distance: number } | undefined;
  for (const cue of cues) {
    if (ROLE_OF[cue.mechanism] === null) continue;
    const [from, to] = cue.index < mention.index ? [cue.index + cue.phrase.length, mention.index] : [mention.index + mention.token.length, cue.index];
    const between = text.slice(from, to);
    if (between.length > 40 || CLAUSE_BREAK.test(between)) continue;
    if (!best || between.length < best.distance) best = { cue, distance: between.length };
  }
  return best?.cue ?? null;
}

/** Cues that name an experiment done to a gene, never the cells' own state. */
const EXPERIMENT_CUE = /^(?:knock|silenc|deplet|ablat)/i;

/** "EGFR knockdown", "silencing of EGFR": the text does the loss (unless a modifier gives the cells' state). */
export function perturbedMention(text: string, mention: GeneMention, cues: readonly MechanismCue[]): boolean {
  if (mention.modifier) return false;
  return EXPERIMENT_CUE.test(nearestCue(text, mention, cues)?.phrase ?? '');
}

/** Text between a cue and a gene that puts them in different parts of the sentence. */
const CLAUSE_BREAK = /[,;]|\b(?:while|whereas|but|causes?|drives?|reduces?|induces?|leads?|results?|promotes?|increases?|decreases?|sensiti[sz]es?|confers?|kills?)\b/i;

/**
 * The disease: a phrase after "in", "of", "for", "with" or "to" that holds a disease word, gene words
 * and qualifiers removed (the last such phrase wins); else a disease abbreviation anywhere (NSCLC).
 */
export function diseasePhrase(text: string): DiseaseMention | null {
  // Overlapping matches (a lookahead captures without consuming): every preposition starts a phrase.
  const phrases = [...text.matchAll(/\b(?:in|of|for|with|to)\s+(?=([^,.;:()]+))/gi)].map((m) => m[1]!);
  for (const phrase of phrases.reverse()) {
    const cleaned = cleanDiseasePhrase(phrase);
    if (cleaned && DISEASE_WORD.test(cleaned)) return { text: cleaned, query: cleaned };
  }
  const words = [...text.matchAll(WORD)].map((m) => m[0]);
  // Written in capitals only: "all cells" is not acute lymphoblastic leukemia.
  const abbreviation = words.find((w) => w === w.toUpperCase() && DISEASE_ABBREVIATIONS[w] !== undefined);
  if (abbreviation) return { text: abbreviation, query: DISEASE_ABBREVIATIONS[abbreviation]! };
  // No preposition before it ("Olaparib kills BRCA1-deficient ovarian cancer cells"): the disease word
  // with the plain words just before it.
  const at = words.findLastIndex((w) => DISEASE_WORD.test(w) && !NOT_DISEASE_ALONE.test(w));
  if (at < 0) return null;
  const name = [words[at]!];
  for (let i = at - 1; i >= 0 && name.length < 4; i--) {
    const w = words[i]!;
    const [token, modifier] = splitModifier(w);
    if (modifier || looksLikeGene(token) || !/^[a-z][a-z-]*$/.test(w) || CLAUSE_BREAK.test(w) || /^(?:the|a|an|of|in|and|or)$/.test(w)) break;
    name.unshift(w);
  }
  const phrase = name.join(' ');
  return { text: phrase, query: phrase };
}

/** Disease-looking words that name no disease on their own. */
const NOT_DISEASE_ALONE = /^(?:tumou?rs?|diseases?|disorders?|infections?)$/i;

const DISEASE_WORD =
  /\b(?:cancers?|carcinomas?|adenocarcinomas?|tumou?rs?|neoplasms?|leuka?emias?|lymphomas?|melanomas?|gliomas?|glioblastomas?|sarcomas?|myelomas?|blastomas?|mesotheliomas?|diseases?|syndromes?|fibrosis|diabetes|arthritis|colitis|hepatitis|sclerosis|dystroph(?:y|ies)|anemia|anaemia|infections?|disorders?|[a-z]+omas?|[a-z]+itis)\b/i;

/** Stop words and qualifiers that are not part of a disease name. */
const NOT_DISEASE = /\b(?:patients?|cells?|cell lines?|models?|mice|tumou?r growth|growth|proliferation|survival|progression|resistance|response|treatment|therapy|the|a|an|human|primary|advanced|metastatic|relapsed|refractory)\b/gi;

const OUTCOME_BREAK =
  /\b(?:is|are|was|were|by|through|via|when|which|that|in|with|after|upon|under|reduc(?:es?|ed)|drives?|causes?|increases?|decreases?|confers?|predicts?|sensiti[sz](?:es?|ed)|promotes?|suppress(?:es)?|inhibits?|induces?|enhances?|impairs?|blocks?|kills?|restores?|protects?|prevents?|limits?|abolish(?:es)?|overcomes?|rescues?)\b/i;

function cleanDiseasePhrase(phrase: string): string | null {
  // Stop at verbs and clauses that follow the disease ("breast cancer is driven by ...").
  // Outcome verbs end it too: "BRCA1 sensitizes breast cancer cells to olaparib" names no disease after "of".
  const clause = phrase.split(OUTCOME_BREAK)[0]!;
  const words = clause.split(/\s+/).filter((w) => {
    const [token, modifier] = splitModifier(w);
    return w && !modifier && !looksLikeGene(token) && !PROTEIN_CHANGE.test(token);
  });
  const out = words.join(' ').replace(NOT_DISEASE, ' ').replace(/\s+/g, ' ').trim();
  return out.length >= 3 ? out : null;
}

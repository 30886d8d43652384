// Which altered cell lines of a plan carry a variant that CIViC lists as predicting resistance to
// the plan's tool compounds (pure). A line chosen because it "carries an EGFR variation" is no
// sensitive model when its variation is EGFR T790M and the compound is gefitinib: NCI-H1975 would
// fail the go criterion for a reason the plan never named. Such a line is a resistance control.
//
// Matching is strict, because the profile search behind it is loose (word starts, and near
// misspellings when nothing matches, so "EGFR T790M" can bring back "EGFR T790I"):
// - every variant of an AND profile must be carried by the line; one of an OR profile suffices;
//   a profile with NOT is never read as held;
// - the compound must be the item's only therapy, or one of several CIViC calls SUBSTITUTES. A
//   combination's resistance (or one whose relation is not given) says nothing of one drug alone.
import type { CivicEvidenceItem, CivicResistance } from '../sources/civic.js';
import type { CellModel, ToolCompound } from './plan-data.js';
import type { Section } from './validation-plan.js';

export interface ResistanceFinding {
  /** Cellosaurus accession and name of the line. */
  model: string;
  modelName: string;
  /** The CIViC molecular profile the line holds, e.g. "EGFR T790M". */
  variant: string;
  /** ChEMBL id and name of the tool compound. */
  compound: string;
  compoundName: string;
  /** CIViC evidence items, e.g. "EID2257", best evidence level first. */
  evidence: string[];
  /** The best (lowest) CIViC evidence level among them: A validated ... E inferential. */
  level: string;
  /** Diseases the evidence was curated in. */
  diseases: string[];
  /** PubMed sources of the evidence (checked by the integrity pipeline). */
  pmids: string[];
}

const ONE_LETTER: Record<string, string> = {
  Ala: 'A', Arg: 'R', Asn: 'N', Asp: 'D', Cys: 'C', Gln: 'Q', Glu: 'E', Gly: 'G', His: 'H', Ile: 'I',
  Leu: 'L', Lys: 'K', Met: 'M', Phe: 'F', Pro: 'P', Ser: 'S', Thr: 'T', Trp: 'W', Tyr: 'Y', Val: 'V', Ter: '*', Sec: 'U',
};

/**
 * CIViC's name for an HGVS protein change: "p.Thr790Met" -> "T790M", "p.Glu746_Ala750del" ->
 * "E746_A750del", "p.Gln1756Ter" -> "Q1756*", "p.Gln1756ProfsTer74" -> "Q1756fs". Null for what CIViC names otherwise (no "p." change,
 * unknown residue codes).
 */
export function civicVariantName(hgvsProtein: string): string | null {
  const m = /^p\.\(?([A-Za-z0-9_*]+?)\)?$/.exec(hgvsProtein.trim());
  if (!m) return null;
  let unknown = false;
  const named = m[1]!.replace(/([A-Z][a-z]{2})/g, (code) => {
    const one = ONE_LETTER[code];
    if (!one) unknown = true;
    return one ?? code;
  });
  if (unknown || !/^[A-Z*]\d+/.test(named)) return null;
  // CIViC names a frameshift by its first residue: "p.Gln1756ProfsTer74" -> "Q1756fs".
  return named.replace(/^([A-Z])(\d+)[A-Z*]?fs.*$/, '$1$2fs');
}

/**
 * The gene and CIViC variant name of each protein change a model carries, read from its variants
 * as selectModels writes them: "EGFR p.Leu858Arg (c.2573T>G)".
 */
export function modelVariants(model: Pick<CellModel, 'variants'>): { gene: string; variant: string }[] {
  const out: { gene: string; variant: string }[] = [];
  for (const v of model.variants) {
    const m = /^(\S+)\s+(p\.\S+)/.exec(v);
    const variant = m ? civicVariantName(m[2]!) : null;
    if (m && variant && !out.some((x) => x.gene === m[1] && x.variant === variant)) out.push({ gene: m[1]!, variant });
  }
  return out;
}

/** The distinct "GENE VARIANT" profiles to ask CIViC about, altered lines first to last. */
export function resistanceQueries(models: readonly CellModel[]): { gene: string; variant: string }[] {
  const seen = new Map<string, { gene: string; variant: string }>();
  for (const m of models.filter((x) => x.role === 'altered')) for (const v of modelVariants(m)) seen.set(`${v.gene} ${v.variant}`.toUpperCase(), v);
  return [...seen.values()];
}

/** True when a line carrying `held` ("EGFR T790M", upper case) holds `profile` (see the rules above). */
export function profileHeld(profile: string, held: ReadonlySet<string>): boolean {
  if (/\bNOT\b/i.test(profile)) return false;
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toUpperCase();
  let gene = '';
  return profile.split(/\s+OR\s+/i).some((alternative) =>
    alternative.split(/\s+AND\s+/i).every((part) => {
      const words = norm(part).split(' ');
      // "EGFR L858R AND T790M": a part without its gene takes the previous part's.
      if (words.length >= 2) gene = words[0]!;
      const name = words.length >= 2 ? words.join(' ') : `${gene} ${words[0]}`;
      return held.has(name);
    }),
  );
}

/** True when the item says the compound alone meets resistance (see the rules above). */
export function namesCompoundAlone(item: Pick<CivicEvidenceItem, 'therapies' | 'therapyInteraction'>, compoundName: string): boolean {
  if (item.therapies.length > 1 && item.therapyInteraction !== 'SUBSTITUTES') return false;
  const want = compoundName.trim().toLowerCase();
  // CIViC names some therapies with their form ("Regorafenib Anhydrous"); ChEMBL names the parent.
  return item.therapies.some((t) => {
    const name = t.trim().toLowerCase();
    return name === want || name.startsWith(`${want} `);
  });
}

/**
 * The resistance section of a plan: what CIViC says of the altered lines' variants against the tool
 * compounds. `answers` holds each profile asked ("EGFR T790M"), undefined where the call failed.
 */
export function resistanceSection(
  modelSection: Section<CellModel>,
  compounds: readonly ToolCompound[],
  answers: ReadonlyMap<string, CivicResistance | undefined>,
  notAsked: readonly string[] = [],
): Section<ResistanceFinding> {
  const source = 'CIViC';
  const altered = modelSection.items.filter((m) => m.role === 'altered');
  const named = compounds.filter((c) => c.name);
  if (modelSection.status === 'failed') return { status: 'skipped', source, items: [], note: `no models to check: ${modelSection.source} failed` };
  if (!altered.length) return { status: 'skipped', source, items: [], note: 'no cell line carrying the alteration to check' };
  if (!answers.size) return { status: 'skipped', source, items: [], note: 'the altered lines list no protein change CIViC could be asked about' };
  const answered = [...answers.values()].filter((a): a is CivicResistance => a !== undefined);
  if (!answered.length) return { status: 'failed', source, items: [], note: `CIViC could not be read for ${[...answers.keys()].join(', ')}: whether the altered lines resist the compounds is not known` };
  if (!named.length) return { status: 'skipped', source, items: [], note: 'no named tool compound to check the variants against' };

  const items: ResistanceFinding[] = [];
  for (const model of altered) {
    const held = new Set(modelVariants(model).map((v) => `${v.gene} ${v.variant}`.toUpperCase()));
    for (const compound of named) {
      const byProfile = new Map<string, CivicEvidenceItem[]>();
      for (const answer of answered) {
        for (const item of answer.items) {
          if (!profileHeld(item.molecularProfile, held) || !namesCompoundAlone(item, compound.name!)) continue;
          const list = byProfile.get(item.molecularProfile) ?? [];
          if (!list.some((x) => x.id === item.id)) list.push(item);
          byProfile.set(item.molecularProfile, list);
        }
      }
      for (const [variant, evidence] of byProfile) {
        const sorted = [...evidence].sort((a, b) => a.evidenceLevel.localeCompare(b.evidenceLevel) || a.id - b.id);
        items.push({
          model: model.accession,
          modelName: model.name,
          variant,
          compound: compound.chemblId,
          compoundName: compound.name!.toLowerCase(),
          evidence: sorted.map((e) => e.name),
          level: sorted[0]!.evidenceLevel,
          diseases: [...new Set(sorted.flatMap((e) => (e.disease ? [e.disease] : [])))],
          pmids: [...new Set(sorted.flatMap((e) => (e.pmid ? [e.pmid] : [])))],
        });
      }
    }
  }
  const failed = [...answers].filter(([, a]) => a === undefined).map(([p]) => p);
  const cut = answered.filter((a) => a.total > a.read);
  const notes = [
    failed.length ? `CIViC could not be read for ${failed.join(', ')}` : '',
    notAsked.length ? `not asked (over the cap): ${notAsked.join(', ')}` : '',
    ...cut.map((a) => `${a.profile}: the first ${a.read} of ${a.total} resistance items read`),
  ].filter(Boolean);
  const note = notes.length ? notes.join('; ') : undefined;
  if (!items.length) {
    const asked = answered.map((a) => a.profile).join(', ');
    return { status: 'none', source, items, note: [`CIViC lists no resistance of ${asked} to ${named.map((c) => c.name!.toLowerCase()).join(', ')} alone`, note].filter(Boolean).join('; ') };
  }
  return { status: 'found', source, items, ...(note ? { note } : {}) };
}

/** The statement a finding makes, checked against its PMIDs like every other claim of the plan. */
export function resistanceStatement(f: Pick<ResistanceFinding, 'variant' | 'compoundName'>): string {
  return `${f.variant} predicts resistance to ${f.compoundName}.`;
}

/** Lines that resist any of `compounds` (ChEMBL ids), with what they resist and why. */
export function resistantLines(findings: readonly ResistanceFinding[], compounds: readonly string[]): Map<string, ResistanceFinding[]> {
  const out = new Map<string, ResistanceFinding[]>();
  for (const f of findings.filter((x) => compounds.includes(x.compound))) out.set(f.model, [...(out.get(f.model) ?? []), f]);
  return out;
}

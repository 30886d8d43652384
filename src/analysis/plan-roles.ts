// Who plays which part in a validation plan (pure): the target, the partner and the altered
// setting the experiments contrast, from the genes' roles and the text's own words; the kind of
// cell-line variation that setting asks for; and a target the altered cells lack.
import type { GeneRole, Mechanism } from './hypothesis-text.js';
import type { AlterationKind } from './plan-data.js';
import type { Direction } from './plan-direction.js';

export interface PlanGene {
  symbol: string;
  roles: GeneRole[];
  from: 'text' | 'geneContext' | 'drug';
  /** Its state in the text's own words ("EGFR-mutant", "BRCA1 loss": plan-direction.ts statedSetting); wins over the cue roles. */
  setting?: GeneRole | null;
  /** The variant the text names after it ("T790M", "G12C", "exon 19 deletion"): the setting is that variant, not any mutation. */
  variant?: string | null;
  /** The text does the loss to it ("EGFR knockdown", "knockout of"): the experiment, not the cells' state. */
  perturbed?: boolean;
}

export interface Roles {
  /** The gene acted upon. */
  target: string;
  /** Synthetic-lethal background or interaction partner. */
  partner: string | null;
  /** Genes whose alteration defines the responsive setting (the contrast of the experiments). */
  altered: string[];
  /** The setting in words (settingText): "EGFR-mutant", "BRCA1-deficient", "EGFR T790M", "EGFR-dependent". */
  alteration: string;
  /** The same setting in parts, which the plan's choices read (never the words back). */
  setting: Setting;
}

/**
 * The responsive setting: a gene and its state ("deficient", "mutant"...), or the gene the cells
 * depend on when the text names no alteration ("dependent"), or a named variant of the gene.
 */
export interface Setting {
  gene: string;
  state: SettingState;
  /** "T790M", "G12C", "exon 19 deletion": the setting is that variant, not any mutation. */
  variant: string | null;
}
export type SettingState = 'deficient' | 'mutant' | 'high' | 'positive' | 'wild-type' | 'negative' | 'altered' | 'dependent';

/** The roles as the plan's answer states them: its setting in words only. */
export type StatedRoles = Omit<Roles, 'setting'>;
export const statedRoles = ({ setting: _, ...stated }: Roles): StatedRoles => stated;

/** "EGFR-mutant", "EGFR T790M". */
export const settingText = (s: Setting): string => (s.variant ? `${s.gene} ${s.variant}` : `${s.gene}-${s.state}`);

const STATE_OF_ROLE: Partial<Record<GeneRole, SettingState>> = { lost: 'deficient', mutated: 'mutant', activated: 'mutant', overexpressed: 'high', marker: 'positive', wildtype: 'wild-type', negative: 'negative' };
/**
 * The kind of curated variation that puts a cell line in the setting each state names. For the
 * settings without an alteration ("-wild-type", "-negative") it is the kind they lack: those lines
 * are then the comparison side (invertedSetting).
 */
const KIND_OF_STATE: Partial<Record<SettingState, AlterationKind>> = { deficient: 'loss', mutant: 'mutation', high: 'amplification', 'wild-type': 'mutation', negative: 'amplification' };

/** Which lines count as altered (plan-data.ts selectModels): "EGFR-high" asks for an amplification. */
export function alterationKind(roles: Pick<Roles, 'setting'>): AlterationKind {
  // A named variant ("EGFR T790M") is a mutation (plan-data.ts matches the variant itself).
  if (roles.setting.variant) return 'mutation';
  return KIND_OF_STATE[roles.setting.state] ?? 'any';
}

/** A setting without the alteration ("KRAS-wild-type", "ERBB2-negative"): lines lacking it are the sensitive side. */
export function invertedSetting(roles: Pick<Roles, 'setting'>): boolean {
  return !roles.setting.variant && (roles.setting.state === 'wild-type' || roles.setting.state === 'negative');
}

/** The setting is a level (expression, amplification), which correlates with response, not a yes/no genotype. */
export function levelSetting(roles: Pick<Roles, 'setting'>): boolean {
  return !roles.setting.variant && (roles.setting.state === 'high' || roles.setting.state === 'positive');
}

/** The setting is the loss of the target itself ("PTEN-deficient", target PTEN). */
export function targetLostSetting(roles: Pick<Roles, 'target' | 'setting'>): boolean {
  return !roles.setting.variant && roles.setting.gene === roles.target && roles.setting.state === 'deficient';
}
const ALTERED_ROLES: readonly GeneRole[] = ['lost', 'mutated', 'activated', 'overexpressed', 'marker', 'wildtype', 'negative'];

/**
 * Who is the target, partner and altered background, from the genes' roles in the text. The setting
 * (the alteration) is in the text's own words where it has them ("EGFR-mutant" over the "lost" of a
 * nearby "knockdown"); a target's loss that the text says reduces growth is the experiment, not
 * the cells' state (cells that depend on a gene have it), so it makes no "-deficient" setting.
 */
export function planRoles(mechanism: Mechanism, genes: readonly PlanGene[], direction: Direction | null = null, about: 'growth' | 'response' = 'growth'): Roles {
  if (!genes.length) throw new Error('planRoles needs at least one gene');
  const find = (...roles: GeneRole[]) => genes.find((g) => roles.some((r) => g.roles.includes(r)));
  const first = genes[0]!;
  const other = (symbol: string) => genes.find((g) => g.symbol !== symbol);
  let target: PlanGene;
  let partner: PlanGene | undefined;
  switch (mechanism) {
    case 'inhibition':
      target = find('inhibited') ?? genes.find((g) => g.from === 'drug') ?? first;
      break;
    case 'loss_of_function':
      // The gene the experiment removes, before one whose loss is the setting ("BRCA1-deficient").
      target = genes.find((g) => g.roles.includes('lost') && g.setting !== 'lost') ?? find('lost') ?? first;
      break;
    case 'gain_of_function':
      target = find('activated', 'mutated') ?? first;
      break;
    case 'overexpression':
      target = find('overexpressed') ?? first;
      break;
    case 'biomarker':
      target = find('marker', 'overexpressed', 'mutated', 'lost') ?? first;
      break;
    case 'interaction':
      target = find('partner') ?? first;
      partner = genes.find((g) => g !== target && g.roles.includes('partner')) ?? other(target.symbol);
      break;
    case 'synthetic_lethality':
      target = genes.find((g) => g.roles.includes('inhibited') && !g.roles.includes('lost')) ?? genes.find((g) => g.from === 'drug') ?? first;
      partner = genes.find((g) => g !== target && g.roles.includes('lost')) ?? other(target.symbol);
      break;
  }
  const settingOf = (g: PlanGene): GeneRole | null => {
    if (g.setting && ALTERED_ROLES.includes(g.setting)) return g.setting;
    const cue = ALTERED_ROLES.find((r) => g.roles.includes(r)) ?? null;
    // A knockdown the text does is the experiment; a loss that reduces growth is a dependency. A
    // loss that sensitises to a drug ("Loss of BRCA1 sensitizes to olaparib") is the cells' state.
    const removed = g.perturbed || (direction === 'decrease' && about === 'growth');
    return cue === 'lost' && g === target && mechanism === 'loss_of_function' && removed ? null : cue;
  };
  const altered = mechanism === 'synthetic_lethality' && partner ? [partner] : genes.filter((g) => settingOf(g) !== null);
  const lead = altered[0];
  const leadSetting = lead ? settingOf(lead) : null;
  // A named variant is the setting itself: "KRAS G12C", not any KRAS mutation.
  const variant = lead?.variant && (leadSetting === 'mutated' || leadSetting === 'activated' || leadSetting === 'marker') && mechanism !== 'synthetic_lethality' ? lead.variant : null;
  const state: SettingState = !lead ? 'dependent' : mechanism === 'synthetic_lethality' ? 'deficient' : (STATE_OF_ROLE[leadSetting ?? 'lost'] ?? 'altered');
  const setting: Setting = { gene: (lead ?? target).symbol, state, variant };
  return { target: target.symbol, partner: partner?.symbol ?? null, altered: (altered.length ? altered : [target]).map((g) => g.symbol), alteration: settingText(setting), setting };
}

/**
 * The plan removes or inhibits its target to reduce growth, in cells the text says lack it
 * ("Inhibition of BRCA1 reduces growth of BRCA1-deficient breast cancer"): no inhibitor acts on a
 * protein the cells do not have. Such lines are the target-absent control, not the sensitive side.
 */
export function targetAbsent(mechanism: Mechanism, roles: Pick<Roles, 'target' | 'setting'>, direction: Direction | null, about: 'growth' | 'response' = 'growth'): boolean {
  // A loss that sensitises to a drug is the cells' state, not a removal of the target.
  const removes = mechanism === 'inhibition' || (mechanism === 'loss_of_function' && direction === 'decrease' && about === 'growth');
  return removes && targetLostSetting(roles);
}

/** The marker in the text's words, from the setting: "EGFR-mutant" -> "EGFR mutation". */
export function markerPhrase(roles: Pick<Roles, 'setting'>): string {
  const { gene, state, variant } = roles.setting;
  if (variant) return settingText(roles.setting);
  const phrase: Partial<Record<SettingState, string>> = { deficient: `${gene} loss`, mutant: `${gene} mutation`, high: `${gene} amplification or overexpression`, 'wild-type': `${gene} wild-type status`, negative: `absence of ${gene} amplification or overexpression` };
  return phrase[state] ?? gene;
}

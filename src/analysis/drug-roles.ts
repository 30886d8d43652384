// A drug's curated action on a gene read against the gene's role (gene-role.ts: COSMIC via Open
// Targets): an inhibitor of a tumour suppressor or an activator of an oncogene works against the
// direction the data give. One rule for the strategies (which leave such drugs out), the drug
// engine (whose directness factor gives such an action no credit and whose ranking puts such drugs
// below the others of their tier) and the repurposing answer (which flags the target). Pure; it
// lives apart from strategies.ts so that the engine can use it without importing the strategies.
import type { DrugCandidate } from './drug-candidates.js';
import type { Direction, GeneRole } from './gene-role.js';
import { actionsOn } from './drug-targets.js';

const INHIBIT = /INHIBITOR|ANTAGONIST|BLOCKER|NEGATIVE|INVERSE AGONIST|DEGRADER|ANTISENSE|RNAI|DISRUPTING|CROSS-LINKING/i;
const ACTIVATE = /AGONIST|ACTIVATOR|POSITIVE|OPENER|STABILISER|STABILIZER|INDUCER/i;

export type Action = 'inhibit' | 'activate' | 'mixed' | 'none';

/** What a drug does to its target, from its curated action types. */
export function actionOf(actionTypes: readonly string[]): Action {
  const inhibit = actionTypes.some((a) => INHIBIT.test(a));
  const activate = actionTypes.some((a) => ACTIVATE.test(a) && !INHIBIT.test(a));
  return inhibit && activate ? 'mixed' : inhibit ? 'inhibit' : activate ? 'activate' : 'none';
}

/** Why a drug's action contradicts the direction, or null when it does not. */
export function contradiction(direction: Direction, action: Action, gene: string): string | null {
  if (direction === 'inhibit' && action === 'activate') return `activates ${gene}, which the data call an oncogene: contrary to the direction`;
  if (direction === 'restore' && action === 'inhibit') return `inhibits ${gene}, a tumour suppressor: contrary to restoring its function`;
  return null;
}

export interface RoleConflict {
  gene: string;
  /** The contradiction, with the role data it rests on. */
  reason: string;
}

/** Targets whose role the drug's curated action on them contradicts (an inhibited tumour suppressor, an activated oncogene). */
export function roleConflicts(c: Pick<DrugCandidate, 'targetGenes' | 'mechanisms'>, roles: ReadonlyMap<string, GeneRole>): RoleConflict[] {
  return c.targetGenes.flatMap((gene) => {
    const role = roles.get(gene);
    const why = role ? contradiction(role.direction, actionOf(actionsOn(c, gene)), gene) : null;
    return why ? [{ gene, reason: `${why} (${role!.basis})` }] : [];
  });
}

/** The conflicts in one clause, for a tier reason or a factor's detail. */
export function conflictText(conflicts: readonly RoleConflict[]): string {
  return conflicts.map((x) => x.reason).join('; ');
}

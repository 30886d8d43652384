// A hypothesis about the response to a named agent ("sensitises to olaparib", "confers resistance
// to gefitinib") is not one about growth, and the mechanism its cues name may plan the wrong
// experiment: "BRCA1 deficiency sensitises to PARP1 inhibition" is synthetic lethality (the lost
// gene is the setting, the drug's target is acted on), not a plan that removes BRCA1; "EGFR T790M
// confers resistance to gefitinib" is a predictive marker (T790M lines against sensitive lines
// under gefitinib), not an inhibition plan whose go criteria would test the opposite.
import type { Mechanism } from './hypothesis-text.js';
import type { EffectReading } from './plan-direction.js';
import type { PlanGene } from './plan-roles.js';

export interface ResponsePlan {
  mechanism: Mechanism;
  /** Why the mechanism was changed, said in the warnings. */
  why: string;
}

const SETTINGS = new Set(['mutated', 'activated', 'overexpressed', 'marker']);

/**
 * The mechanism a response hypothesis is planned as, or null to keep the one its cues name.
 * `agents`: the drugs and "<gene> inhibitors" the text names (none: no response to plan).
 */
export function responseMechanism(mechanism: Mechanism, genes: readonly PlanGene[], reading: EffectReading, agents: readonly string[]): ResponsePlan | null {
  if (reading.about !== 'response' || !reading.direction || !agents.length) return null;
  if (mechanism === 'synthetic_lethality' || mechanism === 'biomarker' || mechanism === 'interaction') return null;
  const agent = agents[0]!;
  if (mechanism === 'loss_of_function') {
    // A lost gene sensitising to an agent that acts on another gene: the canonical synthetic lethality.
    const lost = genes.find((g) => g.roles.includes('lost') || g.setting === 'lost');
    const acted = genes.find((g) => g !== lost && g.roles.includes('inhibited') && !g.roles.includes('lost'));
    if (reading.direction !== 'decrease' || !lost || !acted) return null;
    return {
      mechanism: 'synthetic_lethality',
      why: `The hypothesis says ${lost.symbol} loss sensitises to ${agent} ("${reading.words}"): planned as synthetic lethality of ${acted.symbol} inhibition with ${lost.symbol} loss, with the ${lost.symbol}-deficient lines as the sensitive side, not as a plan that removes ${lost.symbol}.`,
    };
  }
  // A stated alteration (a mutation, a variant, a high level) whose effect is a drug's response: a predictive marker.
  const marked = genes.find((g) => g.variant || (g.setting && SETTINGS.has(g.setting)) || g.roles.includes('activated') || g.roles.includes('overexpressed'));
  if (!marked) return null;
  const side = reading.direction === 'increase' ? 'resistance' : 'sensitivity';
  return {
    mechanism: 'biomarker',
    why: `The hypothesis is about ${side} to ${agent} ("${reading.words}"), not about growth: planned as a predictive marker, the response to ${agent} compared between lines with and without the ${marked.symbol} alteration it names.`,
  };
}

// How an evidenceStatus reads in the terminal: one colour and one mark per value (DESIGN.md 2.1).
import type { EvidenceStatus } from '../../evidence/status.js';

export const STATUS_STYLE: Record<EvidenceStatus, 'green' | 'yellow' | 'red'> = {
  grounded: 'green',
  supported: 'green',
  contested: 'yellow',
  unsupported: 'yellow',
  unjudged: 'yellow',
  unverifiable: 'yellow',
  contradicted: 'red',
  hallucinated: 'red',
};

/**
 * The PMIDs a statement cites, as the terminal shows them after it. ALCE's `skipped` reason
 * ("out_of_range" also when PubMed could not be read) once stood in for them, so an unverifiable
 * statement showed "[out_of_range]" instead of what it cites.
 */
export function citedText(cited: readonly string[]): string {
  return cited.length ? `[PMID ${cited.join(', ')}]` : '[no citation]';
}

export const STATUS_MARK: Record<EvidenceStatus, string> = {
  grounded: '✓',
  supported: '✓',
  contested: '±',
  contradicted: '✗',
  unsupported: '✗',
  hallucinated: '✗',
  unjudged: '?',
  unverifiable: '?',
};

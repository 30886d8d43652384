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

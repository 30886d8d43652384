// Terminal rendering of svc_verify_claim.
import type { z } from 'zod';
import type { verifyClaimTool } from '../../tools/verify-claim/tool.js';
import { describeIntegrity } from '../../tools/shared/summary.js';
import { heading, style, table } from '../output.js';
import { truncate } from '../../text.js';
import { citedText, STATUS_MARK, STATUS_STYLE } from './evidence-status.js';

type Result = z.input<(typeof verifyClaimTool)['output']>;

const fixed = (x: number | null) => (x === null ? 'n/a' : x.toFixed(2));

export function renderVerify(r: Result): string {
  const lines: string[] = [];
  lines.push(`${heading('Claim:')} ${r.claim}`);
  lines.push(`${heading('Evidence status:')} ${style(STATUS_STYLE[r.evidenceStatus], r.evidenceStatus.toUpperCase())}`);
  lines.push('', r.summary, '');
  // Search mode: citation precision and recall do not apply (nothing was cited), said as such.
  if (r.mode === 'search' && r.nliEnabled) lines.push('Citation precision/recall n/a (search mode: nothing was cited)');
  lines.push(describeIntegrity(r.integrity));
  if (r.search) lines.push(`PubMed query: ${r.search.query}  (${r.search.count === null ? 'the search failed' : `${r.search.count} records`})`);
  if (r.pmids.length) {
    lines.push('', heading('PMIDs'));
    lines.push(
      table(
        r.pmids.map((p) => [
          p.pmid,
          p.verdict,
          p.entailment === undefined ? '-' : p.entailment.toFixed(2),
          p.contradiction === undefined ? '-' : p.contradiction.toFixed(2),
          p.year === undefined ? '' : String(p.year),
          truncate(p.title ?? '', 70),
        ]),
        ['PMID', 'verdict', 'entail', 'contra', 'year', 'title'],
      ),
    );
  }
  if (r.statements.length > 1) {
    lines.push('', heading('Statements'));
    for (const s of r.statements) lines.push(`${STATUS_MARK[s.status]} ${s.status}: ${s.text} ${citedText(s.citations)}`);
  }
  if (r.warnings.length) lines.push('', heading('Warnings'), ...r.warnings.map((w) => `! ${w}`));
  return lines.join('\n');
}


// What the widget says when a section of the analysis is empty. "Could not run", "tested nothing",
// "the sources failed" and "found nothing" are different answers (never silent): the sentences are
// the ones the MCP text, the terminal and the HTML report use, imported (the bundle stays zod-free).
import {
  enrichmentLowPowerClause,
  enrichmentNotComputedNote,
  enrichmentUntestedNote,
  librariesUntestedNote,
  untestedReason,
} from '../tools/shared/panel-analysis/enrichment-notes.js';
import { noDrugsText } from '../tools/shared/summary.js';
import type { InsightsLike } from './api.js';

/**
 * An empty pathway list: enrichment not computed, nothing testable, or tested with no set at q <= 0.05
 * (in the libraries that tested sets only; hedged when the panel is too small to have power).
 */
export function noPathwaysText(r: InsightsLike): { text: string; failed: boolean } {
  const notComputed = r.enrichmentStatus ? enrichmentNotComputedNote({ state: r.enrichmentStatus.state, failed: r.enrichmentStatus.failed ?? [] }) : undefined;
  if (notComputed) return { text: notComputed, failed: true };
  const rows = r.enrichment ?? [];
  const untested = enrichmentUntestedNote(rows);
  if (untested) return { text: untested, failed: true };
  // A row without `tested` (an older server) counts as tested, as untestedReason reads it.
  const tested = rows.filter((e) => untestedReason(e) === undefined).length;
  const lowPower = enrichmentLowPowerClause(rows, r.genes?.length);
  const notTested = librariesUntestedNote(rows);
  const none = `No pathway reaches q \u2264 0.05 for this panel${tested ? ` in the ${tested} gene-set librar${tested === 1 ? 'y' : 'ies'} tested` : ''}${lowPower ? `, but ${lowPower}` : ''}.`;
  return { text: notTested ? `${none} ${notTested}` : none, failed: false };
}

/** An empty drug list: the tier note, drug sources that failed, or none found. */
export function noDrugsWidgetText(r: InsightsLike): { text: string; failed: boolean } {
  if (r.drugAnalysisNote) return { text: r.drugAnalysisNote, failed: false };
  const text = noDrugsText(r.sources ?? []);
  return { text: `Drug candidates: ${text}.`, failed: !text.startsWith('none found for') };
}

// Terminal rendering of svc_get_target_brief: one page, sources named, failures visible.
import { phaseShort } from '../../analysis/drug-tiers.js';
import { druggabilityText } from '../../analysis/druggability.js';
import type { BriefOutput } from '../../tools/target-brief/output.js';
import { describeIntegrity } from '../../tools/shared/summary.js';
import { sourceFailed } from '../../source-status.js';
import { approvedSubtype } from '../../analysis/top-drugs.js';
import { WHERE_MARKETED } from '../../analysis/drug-tiers.js';
import { associationText, emptyListText, withdrawnWhere } from '../../tools/target-brief/summary.js';
import { heading, style, table } from '../output.js';
import { pValue, truncate } from '../../text.js';
import { citedText, STATUS_MARK } from './evidence-status.js';

const WIDTH = 100;

export function renderBrief(r: BriefOutput): string {
  const g = r.gene;
  const lines: string[] = [];
  const ids = [g.hgncId, g.ensemblId, g.uniprotAccession ? `UniProt ${g.uniprotAccession}` : null].filter(Boolean).join(', ');
  lines.push(`${heading(g.symbol)}${r.proteinName ? ` — ${r.proteinName}` : ''}${ids ? `  (${ids})` : ''}`);
  if (g.resolvedBy !== 'approved') lines.push(style('yellow', `  "${g.input}" resolved as ${g.resolvedBy} -> ${g.symbol}`));
  const dc = r.diseaseContext;
  // Open Targets failing is not Open Targets finding nothing (the context, associations and drugs come from it).
  const otFailed = sourceFailed(r.sources, 'opentargets');
  const assoc = dc.associationScore === null ? 'no association score' : associationText(dc.associationScore);
  lines.push(`Disease context: "${dc.query}"${dc.diseaseId ? ` -> ${dc.diseaseName} (${dc.diseaseId}), ${assoc}` : otFailed ? ' (not matched: Open Targets failed)' : ' (no Open Targets match)'}`);
  lines.push('');

  const protein = [
    r.molecularWeight === null ? null : `${r.molecularWeight.toLocaleString('en-US')} Da`,
    r.protein?.length ? `${r.protein.length.toLocaleString('en-US')} aa` : null,
    r.protein?.subcellularLocations.length ? r.protein.subcellularLocations.slice(0, 3).join(', ') : null,
  ].filter(Boolean);
  lines.push(`${label('Protein')}${protein.length ? protein.join(' · ') : '-'}`);
  lines.push(
    `${label('Structure')}${r.alphaFoldPlddt === null ? 'no AlphaFold model' : `AlphaFold mean pLDDT ${fmt(r.alphaFoldPlddt, 1)} (${r.alphaFold?.band.replace('_', ' ')})  ${r.alphaFold?.pageUrl ?? ''}`}`,
  );
  const score = druggabilityText(r.druggabilityScore, r.druggabilityParts);
  lines.push(`${label('Druggability')}${r.druggabilityComplete ? heading(score) : style('yellow', score)}  = 0.7 tractability + 0.1 enzyme + 0.2 family`);
  for (const p of r.druggabilityParts) {
    lines.push(`  ${p.name.padEnd(12)} ${p.value === null ? ' n/a' : fmt(p.value, 2)} x ${fmt(p.weight, 1)} = ${fmt(p.contribution, 3)}  (${p.source})`);
    lines.push(...wrap(p.evidence, WIDTH, '      '));
  }

  if (r.function) {
    lines.push('', heading('Function (UniProt)'), ...wrap(r.function, WIDTH, '  '));
    if (r.functionPmids.length) lines.push(`  PMIDs: ${r.functionPmids.slice(0, 12).join(', ')}${r.functionPmids.length > 12 ? ` (+${r.functionPmids.length - 12})` : ''}`);
  }

  if (r.diseaseAssociations.length) {
    const total = r.diseaseAssociationsTotal === null ? '' : ` of ${r.diseaseAssociationsTotal.toLocaleString('en-US')}`;
    lines.push('', heading(`Disease associations (Open Targets, top ${r.diseaseAssociations.length}${total})`));
    lines.push(indent(table(r.diseaseAssociations.map((a) => [fmt(a.score, 3), a.diseaseName, a.diseaseId]), ['score', 'disease', 'id'])));
  }

  lines.push('', heading(`Top drugs${r.drugCandidatesTotal === undefined ? '' : ` (${r.topDrugs.length} of ${r.drugCandidatesTotal}; by phase, approval, indication)`}`));
  if (r.topDrugsNote) lines.push(...wrap(r.topDrugsNote, WIDTH, '  '));
  else if (r.topDrugs.length === 0) lines.push(otFailed ? '  not known: Open Targets failed' : '  none listed');
  else {
    lines.push(
      indent(
        table(
          r.topDrugs.map((d) => [
            String(d.rank),
            d.name,
            d.chemblId,
            d.phase === null ? '?' : phaseShort(d.phase),
            d.approved ? (d.withdrawn ? 'yes, withdrawn' : d.withdrawn === null ? 'yes, withdrawal ?' : 'yes') : d.withdrawn ? 'withdrawn' : d.approved === null ? '?' : '-',
            approvedSubtype(d) ? 'subtype' : d.indicatedForDisease ? 'yes' : d.indicatedForDisease === null ? '?' : '-',
            truncate(d.actionType ?? d.interactionTypes.join('/') ?? '', 14) || '-',
            val(d.admet.molecularWeight, 0),
            val(d.admet.logP, 1),
            val(d.admet.qed, 2),
            val(d.admet.hbd, 0),
            val(d.admet.hba, 0),
            d.admet.lipinskiViolations === null ? '-' : `${d.admet.lipinskiViolations.value} ${d.admet.lipinskiPass === null ? '(partial)' : d.admet.lipinskiPass ? 'pass' : 'fail'}`,
          ]),
          ['#', 'drug', 'ChEMBL', 'phase', 'approved', 'indicated', 'action', 'MW', 'LogP', 'QED', 'HBD', 'HBA', 'Ro5'],
        ),
      ),
    );
    // "-" is a record read and saying no; "?" is a source not read (not known), named in the legend.
    const legend = [
      r.topDrugs.some((d) => d.indicatedForDisease === null) ? 'indicated ? = not known (its per-disease indications could not be read)' : null,
      r.topDrugs.some((d) => d.approved && d.withdrawn === null) ? 'withdrawal ? = not known (neither Open Targets drug details nor ChEMBL read)' : null,
    ].filter(Boolean);
    if (legend.length) lines.push(`  ${legend.join('; ')}.`);
    for (const d of r.topDrugs) {
      const sub = approvedSubtype(d);
      if (sub) lines.push(`  ${d.name}: approved for ${sub} (a subtype of ${dc.diseaseName ?? 'the context disease'}), not for it as such`);
      if (d.approved && d.withdrawn) lines.push(`  ${d.name}: ${withdrawnWhere(d.withdrawnReason)}, at least there; ${WHERE_MARKETED}`);
    }
    lines.push('  ADMET from ChEMBL; * = PubChem. Ro5 = Lipinski violations (pass: at most one).');
    for (const d of r.topDrugs.filter((x) => x.admet.note)) lines.push(`  ${d.name}: ${d.admet.note}`);
  }

  if (r.pathways.length) {
    lines.push('', heading(`Pathways (Reactome, ${r.pathways.length}${(r.pathwaysTotal ?? 0) > r.pathways.length ? ` of ${r.pathwaysTotal}` : ''})`));
    const withQ = r.pathways.some((p) => p.qValue !== undefined);
    lines.push(indent(table(r.pathways.map((p) => [p.stId, p.name, ...(withQ ? [p.qValue === undefined ? '-' : `q ${pValue(p.qValue)}`] : [])]))));
  }
  if (r.clinicalTrials.length) {
    const total = r.clinicalTrialsTotal === null ? '' : ` of ${r.clinicalTrialsTotal}`;
    lines.push('', heading(`Clinical trials (recruiting or active, ${r.clinicalTrials.length}${total})`));
    lines.push(indent(table(r.clinicalTrials.map((t) => [t.nctId, t.phases.join('/') || '-', t.status ?? '-', truncate(t.title, 60)]))));
  }
  if (r.interactionPartners.length) {
    lines.push('', heading('Interaction partners (STRING)'));
    lines.push(...wrap(r.interactionPartners.map((p) => `${p.partner} ${fmt(p.score, 3)}`).join(', '), WIDTH, '  '));
  }
  // An empty section says why: its source failed, was not asked, or found none.
  const empty = ([['Pathways (Reactome)', 'pathways', r.pathways.length], ['Clinical trials', 'trials', r.clinicalTrials.length], ['Interaction partners (STRING)', 'partners', r.interactionPartners.length]] as const).filter(([, , n]) => n === 0);
  if (empty.length) lines.push('', ...empty.map(([title, list]) => `${heading(title)}: ${emptyListText(r, list)}`));

  const i = r.integrity;
  lines.push('', heading('Evidence integrity'));
  if (r.evidence.length === 0) lines.push(`  ${i.entailmentMethod}`);
  else {
    lines.push(`  ${r.evidence.length} cited statement${r.evidence.length === 1 ? '' : 's'}. ${describeIntegrity(i)}`);
    // The verdict by name: a statement no model judged must not read as one judged unsupported.
    for (const e of r.evidence) lines.push(`  ${STATUS_MARK[e.status]} ${e.status}: ${truncate(e.text, WIDTH - 40)} ${citedText(e.pmids)}`);
  }

  if (r.warnings.length) lines.push('', heading('Warnings'), ...r.warnings.map((w) => style('yellow', `! ${w}`)));
  lines.push('', `Sources: ${r.sources.map(sourceText).join(' · ')}`);
  return lines.join('\n');
}

function sourceText(s: BriefOutput['sources'][number]): string {
  const text =
    s.status === 'ok' || s.status === 'cached' ? `${s.id} ${s.status} ${s.ms} ms` : s.status === 'partial' ? `${s.id} partial (${s.failedCalls}/${s.calls} calls failed)` : `${s.id} ${s.status}`;
  return s.status === 'failed' ? style('red', text) : s.status === 'partial' ? style('yellow', text) : s.status === 'skipped' ? style('dim', text) : text;
}

function val(v: { value: number; source: string } | null, digits: number): string {
  return v === null ? '-' : `${fmt(v.value, digits)}${v.source === 'pubchem' ? '*' : ''}`;
}

function fmt(x: number, digits: number): string {
  return x.toFixed(digits);
}

function label(text: string): string {
  return heading(text.padEnd(14));
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}


function wrap(text: string, width: number, prefix: string): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      if (line && prefix.length + line.length + 1 + word.length > width) {
        out.push(prefix + line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) out.push(prefix + line);
  }
  return out;
}

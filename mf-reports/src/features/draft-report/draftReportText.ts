import type { DraftProcessingResult, DraftSource, ReportSection } from '@ewrt/contract';
import { COMPLETE_FINAL_REPORT, COMPLETE_REPORT_LABEL } from '@ewrt/contract/limits';
import { formatDateTime } from '@ewrt/shared';

/** A section's heading as the screen shows it: the complete report under its readable name. */
export function sectionLabel(section: Pick<ReportSection, 'title'>): string {
  return section.title === COMPLETE_FINAL_REPORT ? COMPLETE_REPORT_LABEL : section.title;
}

/** "[1] file.pdf, page 3 (bundle page 17)": what a `[1]` marker in a section's text points at. */
export function sourceLabel(source: DraftSource): string {
  const bundle = source.bundle_page === null ? '' : ` (bundle page ${source.bundle_page})`;
  const ocr = source.source === 'ocr' ? ', read by OCR' : '';
  return `[${source.number}] ${source.filename}, page ${source.page}${bundle}${ocr}`;
}

const two = (value: number) => String(value).padStart(2, '0');

/** A name part safe in a file name on every system: no path separators, reserved characters or spaces. */
function fileNamePart(text: string): string {
  return text.trim().replace(/[\\/:*?"<>|\s]+/g, '_') || 'Unknown';
}

/** `<Surname>_<FirstName>_DraftReport_<YYYY-MM-DD>.txt` (DRF-04), the date being the local day of `at`. */
export function draftReportFilename(patient: { FirstName: string; Surname: string }, at: Date): string {
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `${fileNamePart(patient.Surname)}_${fileNamePart(patient.FirstName)}_DraftReport_${day}.txt`;
}

function sectionText(section: ReportSection): string {
  const lines = [
    sectionLabel(section),
    '='.repeat(sectionLabel(section).length),
    '',
    section.response.trim(),
  ];
  if (section.sources.length > 0) lines.push('', 'Sources:', ...section.sources.map(sourceLabel));
  if (section.unsupported_sentences.length > 0) {
    lines.push(
      '',
      'Not supported by the cited records (check before use):',
      ...section.unsupported_sentences.map((sentence) => `- ${sentence}`),
    );
  }
  return lines.join('\n');
}

/**
 * The displayed report as plain text: who it is for, what wrote it (the AI-use record), then every section with
 * its sources and flagged sentences, so a downloaded copy keeps the traceability the screen shows.
 */
export function draftReportText(
  result: DraftProcessingResult,
  patient: { FirstName: string; Surname: string; MRN: string },
): string {
  const { ai_use: aiUse } = result;
  const header = [
    `Draft report: ${result.report_type}`,
    `Patient: ${patient.FirstName} ${patient.Surname} (MRN ${patient.MRN})`,
    `Generated: ${formatDateTime(aiUse.generated_at)}`,
    `Model: ${aiUse.model_info.label}`,
  ];
  if (aiUse.drafted_sections.length > 0)
    header.push(`Drafted by the model: ${aiUse.drafted_sections.join('; ')}`);
  if (aiUse.digest_sections.length > 0)
    header.push(`Evidence digests (no model drafted them): ${aiUse.digest_sections.join('; ')}`);
  return [header.join('\n'), ...result.results.map(sectionText)].join('\n\n\n') + '\n';
}

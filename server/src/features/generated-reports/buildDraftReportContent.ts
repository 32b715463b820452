import {
  DEFAULT_EXPERT_DECLARATION,
  DEFAULT_FRONTPAGE_TITLE,
  type AiUseRecord,
  type DraftSource,
  type ReportSection,
} from '@ewrt/contract';
import { ocrNote } from '../answers/describeSource.js';
import { isoDateToEnGb, londonEnGbDate } from '../bundles/bundleDates.js';
import { asksForDocumentsReviewed } from '../draft-reports/listDocumentsReviewed.js';
import { buildTemplatePreview } from '../structured-templates/buildTemplatePreview.js';
import type { DraftReportDocumentInput } from './DraftReportWriter.js';
import { placePromptSections } from './placePromptSections.js';

/** One labelled line of the front page, e.g. "Date of birth" and "02/03/1970". */
export interface FrontPageField {
  label: string;
  value: string;
}

/** A prompt section as the report prints it: its text with its `[n]` markers, then what they cite. */
export interface ReportPart {
  /** The prompt section's title, printed as a sub-heading under a structured template's section; null otherwise. */
  heading: string | null;
  text: string;
  /** "[1] mri.pdf, page 3 (bundle page 17)", in marker order. */
  sources: string[];
  /** Sentences the cited passages do not support, for the expert to check. */
  unsupported: string[];
}

/** A numbered section of the report's body. */
export interface ReportOutlineSection {
  /** '2' or '2.1', as the structured template's preview numbers it. */
  number: string;
  title: string;
  /** 0 for a top-level section. */
  level: number;
  parts: ReportPart[];
  /** What a template section no prompt answered says instead: "[Expert to complete: …]"; null when it has parts. */
  toComplete: string | null;
}

/** Everything a draft report says, in reading order, whatever writes it (the clean document or a user's template). */
export interface DraftReportContent {
  title: string;
  reportType: string;
  author: string;
  frontPage: FrontPageField[];
  sections: ReportOutlineSection[];
  /** The declaration's paragraphs. */
  declaration: string[];
  signature: string;
  /** Every page any section cites, once, in the order they are first cited. */
  citedPages: string[];
  /** The appendix on the use of artificial intelligence, one paragraph per line. */
  aiUse: string[];
}

/** "2. Medical history" for a top-level section, "2.1 Cervical spine" under one. */
export const numberedTitle = (section: ReportOutlineSection) =>
  `${section.number}${section.level === 0 ? '.' : ''} ${section.title}`;

export const AI_USE_HEADING = 'Use of artificial intelligence';
export const CITED_PAGES_HEADING = 'Sources';

const londonDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "mri.pdf, page 3 (bundle page 17)", with the OCR note for a scanned page. */
export function citedPageLabel(source: DraftSource): string {
  const bundle = source.bundle_page === null ? '' : ` (bundle page ${source.bundle_page})`;
  return `${source.filename}, page ${source.page}${bundle}${ocrNote(source.source, source.ocr_confidence)}`;
}

function partOf(section: ReportSection, heading: string | null): ReportPart {
  return {
    heading,
    text: section.response,
    sources: [...section.sources]
      .sort((a, b) => a.number - b.number)
      .map((source) => `[${source.number}] ${citedPageLabel(source)}`),
    unsupported: section.unsupported_sentences,
  };
}

// A structured template's titles often carry their own number ('1. BACKGROUND'); the preview's number replaces it.
const withoutLeadingNumber = (title: string) => title.replace(/^\s*\d+(?:\.\d+)*\.?\s+/, '').trim() || title;

function outlineOf(input: DraftReportDocumentInput): ReportOutlineSection[] {
  const template = input.structuredTemplate;
  if (!template) {
    return input.sections.map((section, index) => ({
      number: String(index + 1),
      title: section.title,
      level: 0,
      parts: [partOf(section, null)],
      toComplete: null,
    }));
  }
  const preview = buildTemplatePreview({
    template_name: template.template.template_name,
    description: template.template.description,
    frontpage: template.frontpage,
    sections: template.sections,
    endpage: template.endpage,
  });
  const outline: ReportOutlineSection[] = [];
  const descriptions: string[] = [];
  for (const part of preview.sections) {
    if (part.type !== 'section') continue;
    outline.push({
      number: part.number,
      title: withoutLeadingNumber(part.title),
      level: part.level,
      parts: [],
      toComplete: null,
    });
    descriptions.push(part.description);
  }
  const placements = placePromptSections(
    outline.map((section, index) => ({ title: section.title, description: descriptions[index] ?? '' })),
    input.sections.map((section) => ({
      title: section.title,
      text:
        (section.prompt_id === null ? undefined : input.promptTexts?.[section.prompt_id]) ?? section.response,
    })),
  );
  // The documents-reviewed list fills the template's section for it, or is its own last section when there is none.
  const listPlace = outline.findIndex((section) => asksForDocumentsReviewed(section.title));
  input.sections.forEach((section, index) => {
    if (!asksForDocumentsReviewed(section.title)) {
      outline[placements[index]!]?.parts.push(partOf(section, section.title));
    } else if (listPlace >= 0) {
      outline[listPlace]!.parts.push(partOf(section, null));
    } else {
      const number = String(outline.filter((each) => each.level === 0).length + 1);
      outline.push({
        number,
        title: section.title,
        level: 0,
        parts: [partOf(section, null)],
        toComplete: null,
      });
    }
  });
  outline.forEach((section, index) => {
    if (section.parts.length > 0) return;
    const description = descriptions[index]?.trim() || section.title;
    section.toComplete = `[Expert to complete: ${description}]`;
  });
  return outline;
}

function frontPageOf(input: DraftReportDocumentInput): FrontPageField[] {
  const flags = input.structuredTemplate?.frontpage;
  const included = (flag: boolean | undefined) => flag ?? true;
  const { patient } = input;
  const fields: FrontPageField[] = [];
  if (included(flags?.include_patient_name)) {
    fields.push({ label: 'Patient name', value: `${patient.firstName} ${patient.surname}`.trim() });
  }
  if (included(flags?.include_patient_dob)) {
    fields.push({ label: 'Date of birth', value: isoDateToEnGb(patient.dateOfBirth) });
  }
  if (included(flags?.include_patient_mrn)) fields.push({ label: 'MRN', value: patient.mrn });
  if (included(flags?.include_event_date)) {
    fields.push({
      label: 'Date of event',
      value: patient.dateOfEvent ? isoDateToEnGb(patient.dateOfEvent) : 'Not recorded',
    });
  }
  if (included(flags?.include_report_date)) {
    fields.push({ label: 'Report date', value: londonEnGbDate(input.generatedAt) });
  }
  const optional: [string, string | null][] = [
    ['Solicitor', patient.solicitorName],
    ['Solicitor company', patient.solicitorCompany],
    ['Solicitor reference', patient.solicitorReference],
    ['Our reference', patient.ourReference],
  ];
  for (const [label, value] of optional) {
    if (value && value.trim() !== '') fields.push({ label, value: value.trim() });
  }
  return fields;
}

function citedPagesOf(sections: readonly ReportSection[]): string[] {
  const seen = new Set<string>();
  const pages: string[] = [];
  for (const section of sections) {
    for (const source of [...section.sources].sort((a, b) => a.number - b.number)) {
      const key = `${source.s3_key}\u0000${source.page}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pages.push(citedPageLabel(source));
    }
  }
  return pages;
}

const listed = (items: readonly string[]) => items.join('; ');

/** The appendix: which model drafted what and when, what had no model, and what the drafts were made from. */
export function aiUseParagraphs(aiUse: AiUseRecord): string[] {
  const when = londonDateTime.format(new Date(aiUse.generated_at));
  const paragraphs: string[] = [];
  if (aiUse.drafted_sections.length > 0) {
    paragraphs.push(
      `Drafted by the language model ${aiUse.model_info.label} on ${when}: ${listed(aiUse.drafted_sections)}.`,
    );
  } else {
    paragraphs.push(`No section was drafted by a language model (${aiUse.model_info.label}).`);
  }
  if (aiUse.digest_sections.length > 0) {
    paragraphs.push(
      `Evidence digests, made on ${when} with no language model (passages quoted from the records): ` +
        `${listed(aiUse.digest_sections)}.`,
    );
  }
  paragraphs.push(
    aiUse.documents.length > 0
      ? `Documents consulted: ${listed(aiUse.documents)}.`
      : 'Documents consulted: none.',
  );
  paragraphs.push(`Style document: ${aiUse.style_document ?? 'none'}.`);
  paragraphs.push(`Report template: ${aiUse.report_template ?? 'none (clean document)'}.`);
  paragraphs.push(`Structured template: ${aiUse.structured_template ?? 'none'}.`);
  paragraphs.push(
    'Every section was prepared from the records cited in it and must be checked by the expert against those ' +
      'records before this report is relied upon.',
  );
  return paragraphs;
}

const paragraphsOf = (text: string) =>
  text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** What the report says, from the job's sections, the patient, and the structured template (or the defaults). */
export function buildDraftReportContent(input: DraftReportDocumentInput): DraftReportContent {
  const template = input.structuredTemplate;
  const title = template?.frontpage.title_text.trim() || DEFAULT_FRONTPAGE_TITLE;
  const author = template?.frontpage.author_info.trim() || input.expert.name;
  const declaration = template?.endpage.declaration_text.trim() || DEFAULT_EXPERT_DECLARATION;
  const signature =
    template?.endpage.signature_line.trim() || `Signed: ______________________  ${input.expert.name}`;
  return {
    title,
    reportType: input.reportType,
    author,
    frontPage: frontPageOf(input),
    sections: outlineOf(input),
    declaration: paragraphsOf(declaration),
    signature,
    citedPages: citedPagesOf(input.sections),
    aiUse: aiUseParagraphs(input.aiUse),
  };
}

import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import {
  AI_USE_HEADING,
  CITED_PAGES_HEADING,
  numberedTitle,
  type DraftReportContent,
  type ReportOutlineSection,
} from './buildDraftReportContent.js';
import type { DraftReportPatient } from './DraftReportWriter.js';

/** A report template that cannot be filled: not a Word document, or placeholders docxtemplater cannot read. */
export class ReportTemplateError extends Error {
  override name = 'ReportTemplateError';
}

/** What fills the template's placeholders besides the report's content. */
export interface TemplateFacts {
  patient: DraftReportPatient;
  expertName: string;
  /** en-GB dates as the front page prints them. */
  dateOfBirth: string;
  dateOfEvent: string;
  reportDate: string;
}

const DOCUMENT_PART = 'word/document.xml';
const STYLES_PART = 'word/styles.xml';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const run = (text: string, bold = false) =>
  `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;

/** The style ids of the template's own "heading 1" and "heading 2" (a localised Word names the ids differently). */
function headingStyleIds(stylesXml: string | null): [string | null, string | null] {
  const ids: [string | null, string | null] = [null, null];
  if (!stylesXml) return ids;
  for (const match of stylesXml.matchAll(/<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g)) {
    const id = /w:styleId="([^"]+)"/.exec(match[1]!)?.[1];
    const name = /<w:name w:val="([^"]+)"/.exec(match[2]!)?.[1]?.toLowerCase();
    if (!id || !/w:type="paragraph"/.test(match[1]!)) continue;
    if (name === 'heading 1' || id === 'Heading1') ids[0] ??= id;
    if (name === 'heading 2' || id === 'Heading2') ids[1] ??= id;
  }
  return ids;
}

/** Paragraphs in the template's own heading styles, or bold ones where it has none. */
function paragraphWriter(stylesXml: string | null) {
  const [heading1, heading2] = headingStyleIds(stylesXml);
  const styled = (styleId: string | null, text: string, pageBreakBefore: boolean) => {
    const breakBefore = pageBreakBefore ? '<w:pageBreakBefore/>' : '';
    return styleId
      ? `<w:p><w:pPr><w:pStyle w:val="${escapeXml(styleId)}"/>${breakBefore}</w:pPr>${run(text)}</w:p>`
      : `<w:p>${breakBefore ? `<w:pPr>${breakBefore}</w:pPr>` : ''}${run(text, true)}</w:p>`;
  };
  return {
    heading: (level: number, text: string, pageBreakBefore = false) =>
      styled(level === 0 ? heading1 : heading2, text, pageBreakBefore),
    paragraph: (text: string, bold = false) => `<w:p>${run(text, bold)}</w:p>`,
  };
}

const lines = (text: string) =>
  text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A section's text for the `{text}` placeholder: under a structured template, each prompt section with its title. */
function sectionText(section: ReportOutlineSection): string {
  if (section.toComplete !== null) return section.toComplete;
  return section.parts
    .map((part) => {
      const flagged =
        part.unsupported.length > 0
          ? `\nNot found in the cited pages (check against the records): ${part.unsupported.join(' ')}`
          : '';
      const sources =
        part.heading !== null && part.sources.length > 0 ? `\nSources\n${part.sources.join('\n')}` : '';
      return `${part.heading === null ? '' : `${part.heading}\n`}${part.text}${flagged}${sources}`;
    })
    .join('\n\n');
}

/** The `{sources}` placeholder: a single part's sources (several parts carry theirs in `{text}`). */
function sectionSources(section: ReportOutlineSection): string {
  const [only, ...others] = section.parts;
  if (!only || others.length > 0 || only.heading !== null) return '';
  return only.sources.length > 0 ? `Sources\n${only.sources.join('\n')}` : '';
}

/** Who and what the report is about, for a template that names neither (a bare letterhead). */
function patientBlock(content: DraftReportContent, facts: TemplateFacts, stylesXml: string | null): string {
  const write = paragraphWriter(stylesXml);
  return [
    write.heading(0, `${content.title}: ${content.reportType}`),
    ...content.frontPage.map((field) => write.paragraph(`${field.label}: ${field.value}`)),
    write.paragraph(`Prepared by: ${facts.expertName}`),
  ].join('');
}

function appendedBody(
  content: DraftReportContent,
  stylesXml: string | null,
  needs: { sections: boolean; declaration: boolean; aiUse: boolean },
): string {
  const write = paragraphWriter(stylesXml);
  const xml: string[] = [];
  if (needs.sections) {
    for (const section of content.sections) {
      xml.push(write.heading(section.level, numberedTitle(section)));
      if (section.toComplete !== null) xml.push(write.paragraph(section.toComplete));
      for (const part of section.parts) {
        if (part.heading !== null) xml.push(write.heading(1, part.heading));
        for (const line of lines(part.text)) xml.push(write.paragraph(line));
        if (part.unsupported.length > 0) {
          xml.push(
            write.paragraph(
              `Not found in the cited pages (check against the records): ${part.unsupported.join(' ')}`,
            ),
          );
        }
        if (part.sources.length > 0) {
          xml.push(write.paragraph('Sources', true));
          for (const source of part.sources) xml.push(write.paragraph(source));
        }
      }
    }
  }
  if (needs.declaration) {
    content.declaration.forEach((line, index) =>
      xml.push(index === 0 ? write.heading(0, line, true) : write.paragraph(line)),
    );
    xml.push(write.paragraph(content.signature));
  }
  if (needs.sections) {
    xml.push(write.heading(0, CITED_PAGES_HEADING, true));
    for (const page of content.citedPages) xml.push(write.paragraph(page));
  }
  if (needs.aiUse) {
    xml.push(write.heading(0, `Appendix: ${AI_USE_HEADING}`, true));
    for (const line of content.aiUse) xml.push(write.paragraph(line));
  }
  return xml.join('');
}

/** Puts `paragraphsXml` at the start of the body. */
function prependToBody(documentXml: string, paragraphsXml: string): string {
  const bodyStart = /<w:body>/.exec(documentXml);
  if (!bodyStart) throw new ReportTemplateError('The report template has no document body');
  const at = bodyStart.index + bodyStart[0].length;
  return `${documentXml.slice(0, at)}${paragraphsXml}${documentXml.slice(at)}`;
}

/** Puts `paragraphsXml` at the end of the body, before its final section properties (page size, margins, footers). */
function appendToBody(documentXml: string, paragraphsXml: string): string {
  const bodyEnd = documentXml.lastIndexOf('</w:body>');
  if (bodyEnd < 0) throw new ReportTemplateError('The report template has no document body');
  const finalSectPr = documentXml.lastIndexOf('<w:sectPr', bodyEnd);
  // A sectPr inside the last paragraph's properties ends that paragraph's section, not the body.
  const lastParagraphEnd = documentXml.lastIndexOf('</w:p>', bodyEnd);
  const at = finalSectPr > lastParagraphEnd ? finalSectPr : bodyEnd;
  return `${documentXml.slice(0, at)}${paragraphsXml}${documentXml.slice(at)}`;
}

function explanationOf(error: unknown): string {
  const properties = (error as { properties?: { errors?: unknown[]; explanation?: string } }).properties;
  const explanations = (properties?.errors ?? [error])
    .map((each) => (each as { properties?: { explanation?: string } }).properties?.explanation)
    .filter((each): each is string => typeof each === 'string');
  if (explanations.length > 0) return explanations.join('; ');
  return error instanceof Error ? error.message : String(error);
}

const tagPattern = (name: string) => new RegExp(`\\{\\s*${name}\\s*\\}`);

/**
 * The user's own .docx report template filled with the report (docxtemplater), keeping every style, header and
 * footer it has. The placeholders are listed in the README. A template without the `{#sections}…{/sections}` loop
 * still gets the whole report: the body is appended after its own content in its own heading styles, so a
 * letterhead works as it is; so are the declaration and the AI-use appendix when it has no place for them.
 */
export function fillReportTemplate(
  template: Buffer,
  content: DraftReportContent,
  facts: TemplateFacts,
): Buffer {
  let zip: PizZip;
  try {
    zip = new PizZip(template);
  } catch (error) {
    throw new ReportTemplateError(`The report template is not a Word document (${explanationOf(error)})`);
  }
  if (!zip.file(DOCUMENT_PART)) throw new ReportTemplateError('The report template is not a Word document');
  const stylesXml = zip.file(STYLES_PART)?.asText() ?? null;
  const { patient } = facts;
  const data = {
    patient_name: `${patient.firstName} ${patient.surname}`.trim(),
    first_name: patient.firstName,
    surname: patient.surname,
    date_of_birth: facts.dateOfBirth,
    mrn: patient.mrn,
    date_of_event: facts.dateOfEvent,
    report_date: facts.reportDate,
    report_type: content.reportType,
    report_title: content.title,
    expert_name: facts.expertName,
    solicitor_name: patient.solicitorName ?? '',
    solicitor_company: patient.solicitorCompany ?? '',
    solicitor_reference: patient.solicitorReference ?? '',
    our_reference: patient.ourReference ?? '',
    sections: content.sections.map((section) => ({
      number: section.number,
      title: numberedTitle(section),
      text: sectionText(section),
      sources: sectionSources(section),
    })),
    declaration: content.declaration.join('\n'),
    signature: content.signature,
    cited_pages: content.citedPages.join('\n'),
    ai_use: content.aiUse.join('\n'),
  };
  let filled: PizZip;
  let templateText: string;
  try {
    const doc = new Docxtemplater(zip, {
      paragraphLoop: true,
      linebreaks: true,
      // The reason reaches the job's docx_error; the console is no place for the template's text.
      errorLogging: false,
      // A placeholder the report has no value for prints nothing rather than "undefined".
      nullGetter: () => '',
    });
    templateText = doc.getFullText();
    doc.render(data);
    filled = doc.getZip() as PizZip;
  } catch (error) {
    throw new ReportTemplateError(`The report template could not be filled: ${explanationOf(error)}`);
  }
  const needs = {
    sections: !/\{\s*#\s*sections\s*\}/.test(templateText),
    declaration: !tagPattern('declaration').test(templateText),
    aiUse: !tagPattern('ai_use').test(templateText),
  };
  const namesPatient = ['patient_name', 'first_name', 'surname'].some((tag) =>
    tagPattern(tag).test(templateText),
  );
  let documentXml = filled.file(DOCUMENT_PART)!.asText();
  if (needs.sections || needs.declaration || needs.aiUse) {
    documentXml = appendToBody(documentXml, appendedBody(content, stylesXml, needs));
  }
  if (!namesPatient) documentXml = prependToBody(documentXml, patientBlock(content, facts, stylesXml));
  filled.file(DOCUMENT_PART, documentXml);
  return filled.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

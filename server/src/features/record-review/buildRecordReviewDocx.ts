import type { DuplicateGroupsResponse, RecordFlagPlace, RecordGapsResponse } from '@ewrt/contract';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { formatEnGbDateTime } from '../conversations/conversationNames.js';
import { paragraphsOfText } from '../../platform/word/paragraphsOfText.js';

export interface RecordReviewDocxInput {
  patientName: string;
  mrn: string;
  madeAt: Date;
  duplicates: DuplicateGroupsResponse;
  gaps: RecordGapsResponse;
}

const percent = (similarity: number) => `${Math.round(similarity * 100)}%`;

/** A cited page: file, page and bundle page. */
export function flagPlaceLabel(place: RecordFlagPlace): string {
  return [
    place.filename,
    `page ${place.page}`,
    ...(place.bundle_page === null ? [] : [`bundle page ${place.bundle_page}`]),
  ].join(', ');
}

/** Pages found again in other documents, one line each. */
function copiedPageParagraphs(duplicates: DuplicateGroupsResponse): Paragraph[] {
  if (duplicates.copied_pages.length === 0) return [];
  return [
    new Paragraph({ text: 'Pages found again in other documents', heading: HeadingLevel.HEADING_3 }),
    ...duplicates.copied_pages.map(
      (copy) =>
        new Paragraph({
          bullet: { level: 0 },
          text: `${copy.page.filename}, page ${copy.page.page} is found again as ${copy.found_in.filename}, page ${copy.found_in.page} (${percent(copy.similarity)})`,
        }),
    ),
  ];
}

function duplicateParagraphs(duplicates: DuplicateGroupsResponse): Paragraph[] {
  const groups =
    duplicates.groups.length === 0
      ? [new Paragraph(`No copies found among ${duplicates.documents_compared} documents.`)]
      : duplicates.groups.flatMap((group, index) => [
          new Paragraph({
            text: `Group ${index + 1}: ${group.documents.length} documents, similarity at least ${percent(group.similarity)}`,
            heading: HeadingLevel.HEADING_3,
          }),
          ...group.documents.map(
            (document) =>
              new Paragraph({
                bullet: { level: 0 },
                children: [
                  new TextRun(
                    `${document.filename} (${document.page_count ?? '?'} pages, ${percent(document.similarity)}): `,
                  ),
                  new TextRun({
                    text: document.set_aside ? 'set aside as a copy' : 'in the records',
                    bold: true,
                  }),
                ],
              }),
          ),
        ]);
  return [...groups, ...copiedPageParagraphs(duplicates)];
}

function flagParagraphs(gaps: RecordGapsResponse): Paragraph[] {
  const lines = [
    new Paragraph(
      `Gaps in care are flagged from ${gaps.gap_days} days; missed appointments: ${gaps.missed_appointments}.`,
    ),
  ];
  if (gaps.chronology_state !== 'ready')
    lines.push(
      new Paragraph(
        'The chronology has not been built: dated flags (gaps, requests, referrals) are missing.',
      ),
    );
  else if (gaps.chronology_out_of_date)
    lines.push(
      new Paragraph(
        'The documents have changed since the chronology was built: rebuild it for the latest flags.',
      ),
    );
  if (gaps.flags.length === 0) return [...lines, new Paragraph('Nothing flagged.')];
  return [
    ...lines,
    ...gaps.flags.flatMap((flag) => [
      new Paragraph({ children: [new TextRun({ text: `${flag.kind}: ${flag.title}`, bold: true })] }),
      ...paragraphsOfText(flag.passage),
      new Paragraph({
        children: [
          new TextRun({ text: `Source: ${flag.places.map(flagPlaceLabel).join('; ')}`, italics: true }),
        ],
        spacing: { after: 160 },
      }),
    ]),
  ];
}

/** The record review as a Word document: the copies found (and which are set aside), then every flag with its pages. */
export async function buildRecordReviewDocx(input: RecordReviewDocxInput): Promise<Buffer> {
  const title = `Record review \u2014 ${input.patientName}`;
  const document = new Document({
    creator: 'Expert Witness Report Tool',
    title,
    sections: [
      {
        children: [
          new Paragraph({ text: title, heading: HeadingLevel.TITLE }),
          new Paragraph(`${input.patientName}, MRN ${input.mrn}`),
          new Paragraph({
            children: [new TextRun({ text: `Made on ${formatEnGbDateTime(input.madeAt)}`, italics: true })],
          }),
          new Paragraph({ text: 'Copies of documents', heading: HeadingLevel.HEADING_1 }),
          ...duplicateParagraphs(input.duplicates),
          new Paragraph({
            text: 'Missing records, gaps in care and missed appointments',
            heading: HeadingLevel.HEADING_1,
          }),
          ...flagParagraphs(input.gaps),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

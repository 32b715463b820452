import { AlignmentType, Document, Footer, HeadingLevel, Packer, PageNumber, Paragraph, TextRun } from 'docx';
import {
  AI_USE_HEADING,
  CITED_PAGES_HEADING,
  numberedTitle,
  type DraftReportContent,
  type ReportPart,
} from './buildDraftReportContent.js';

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
];
const headingAt = (level: number) => HEADINGS[Math.min(level, HEADINGS.length - 1)]!;

// Dark red on white (contrast 8:1): a flag the expert must see in print.
const FLAG_COLOUR = '9B1C1C';

const textParagraphs = (text: string) =>
  text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => new Paragraph({ children: [new TextRun(line)], spacing: { after: 120 } }));

function partParagraphs(part: ReportPart, level: number): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  if (part.heading !== null)
    paragraphs.push(new Paragraph({ text: part.heading, heading: headingAt(level) }));
  paragraphs.push(...textParagraphs(part.text));
  if (part.unsupported.length > 0) {
    paragraphs.push(
      new Paragraph({
        children: [
          new TextRun({
            text: 'Not found in the cited pages (check against the records): ',
            bold: true,
            color: FLAG_COLOUR,
          }),
          new TextRun(part.unsupported.join(' ')),
        ],
      }),
    );
  }
  if (part.sources.length > 0) {
    paragraphs.push(
      new Paragraph({ children: [new TextRun({ text: 'Sources', bold: true })], spacing: { before: 120 } }),
    );
    for (const source of part.sources)
      paragraphs.push(new Paragraph({ children: [new TextRun({ text: source, size: 20 })] }));
  }
  return paragraphs;
}

/**
 * The clean draft report: a front page; the numbered sections, each ending with the sources its `[n]` markers
 * cite; the declaration and signature; every cited page once; and the appendix on the use of artificial
 * intelligence. Each part after the front page starts a new page; the footer numbers the pages "Page X of Y".
 */
export async function buildCleanDraftReportDocx(content: DraftReportContent): Promise<Buffer> {
  const frontPage: Paragraph[] = [
    new Paragraph({
      text: content.title,
      heading: HeadingLevel.TITLE,
      spacing: { before: 2400, after: 240 },
    }),
    new Paragraph({
      children: [new TextRun({ text: content.reportType, size: 28 })],
      spacing: { after: 480 },
    }),
    ...content.frontPage.map(
      (field) =>
        new Paragraph({
          children: [new TextRun({ text: `${field.label}: `, bold: true }), new TextRun(field.value)],
          spacing: { after: 80 },
        }),
    ),
    new Paragraph({
      children: [new TextRun({ text: 'Prepared by: ', bold: true }), new TextRun(content.author)],
      spacing: { before: 480 },
    }),
  ];

  const body: Paragraph[] = [];
  content.sections.forEach((section, index) => {
    body.push(
      new Paragraph({
        text: numberedTitle(section),
        heading: headingAt(section.level),
        pageBreakBefore: index === 0,
        spacing: { before: 240 },
      }),
    );
    if (section.toComplete !== null) {
      body.push(new Paragraph({ children: [new TextRun({ text: section.toComplete, italics: true })] }));
    }
    for (const part of section.parts) body.push(...partParagraphs(part, section.level + 1));
  });

  const endPage: Paragraph[] = content.declaration.map(
    (line, index) => new Paragraph({ text: line, pageBreakBefore: index === 0, spacing: { after: 120 } }),
  );
  endPage.push(new Paragraph({ text: content.signature, spacing: { before: 480 } }));

  const citedPages: Paragraph[] = [
    new Paragraph({ text: CITED_PAGES_HEADING, heading: HeadingLevel.HEADING_1, pageBreakBefore: true }),
    ...(content.citedPages.length > 0
      ? content.citedPages.map((page) => new Paragraph(page))
      : [new Paragraph('No page of the records is cited.')]),
  ];

  const appendix: Paragraph[] = [
    new Paragraph({
      text: `Appendix: ${AI_USE_HEADING}`,
      heading: HeadingLevel.HEADING_1,
      pageBreakBefore: true,
    }),
    ...content.aiUse.map((line) => new Paragraph({ text: line, spacing: { after: 120 } })),
  ];

  const document = new Document({
    creator: 'Expert Witness Report Tool',
    title: `${content.title}: ${content.reportType}`,
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({ children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES] }),
                ],
              }),
            ],
          }),
        },
        children: [...frontPage, ...body, ...endPage, ...citedPages, ...appendix],
      },
    ],
  });
  return Packer.toBuffer(document);
}

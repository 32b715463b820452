import type { ChronologyEvent } from '@ewrt/contract';
import {
  Document,
  HeadingLevel,
  Packer,
  PageOrientation,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { eventDateLabel } from './chronologyNames.js';

export interface ChronologyDocxInput {
  /** "Medical chronology — Jane Doe". */
  title: string;
  /** "Jane Doe, MRN DEMO-1001, date of birth 01/02/1970". */
  patientLine: string;
  /** "Date of Event: 12/03/2021", or that none is recorded. */
  dateOfEventLine: string;
  /** The Date of Event (ISO) where the dividing row goes, or null. */
  dateOfEvent: string | null;
  /** When the chronology was built, and by what ("Built on 24/11/2026 10:32; events described by …"). */
  builtLine: string;
  /** Said when no language model described the events. */
  rulesNote: string | null;
  /** "Filters: …" or "All events". */
  filtersLine: string;
  events: readonly ChronologyEvent[];
}

const COLUMNS = ['Date', 'Event', 'Kind', 'Clinician', 'Source'] as const;
/** Column widths in twentieths of a point: a landscape A4 page less its margins is about 14,000. */
const COLUMN_WIDTHS = [1900, 5200, 1700, 1800, 3400];
/** Text size in the table, in half-points: 10 pt keeps "consultation" and a date on one line. */
const TABLE_TEXT_SIZE = 20;
// Dark red on white (contrast 8:1), as in the conversation export: a flag must show in print.
const FLAG_COLOUR = '9B1C1C';
const HEADER_SHADING = 'D9E2F3';
const DIVIDER_SHADING = 'FFF2CC';

const cell = (children: Paragraph[], width: number, shading?: string) =>
  new TableCell({
    children,
    width: { size: width, type: WidthType.DXA },
    ...(shading ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: shading } } : {}),
  });

/** The place a statement is found: file, page, bundle page and OCR confidence. */
export function placeLabel(place: ChronologyEvent['places'][number]): string {
  const parts = [place.filename, `page ${place.page}`];
  if (place.bundle_page !== null) parts.push(`bundle page ${place.bundle_page}`);
  if (place.source === 'ocr') {
    parts.push(place.ocr_confidence === null ? 'OCR' : `OCR ${Math.round(place.ocr_confidence)}%`);
  }
  return parts.join(', ');
}

/** What the Event column says: a supported summary, else the passage (flagged when the summary was not supported). */
function eventParagraphs(event: ChronologyEvent): Paragraph[] {
  if (event.summary !== null && event.summary_supported) {
    return [
      new Paragraph(event.summary),
      new Paragraph({
        children: [new TextRun({ text: `Record: ${event.passage}`, italics: true, size: 18 })],
      }),
    ];
  }
  const paragraphs = [new Paragraph(event.passage)];
  if (event.summary !== null) {
    paragraphs.push(
      new Paragraph({
        children: [
          new TextRun({
            text: 'The model\u2019s summary was not found in the passage and is left out.',
            color: FLAG_COLOUR,
            italics: true,
            size: 18,
          }),
        ],
      }),
    );
  }
  return paragraphs;
}

function eventRow(event: ChronologyEvent): TableRow {
  return new TableRow({
    cantSplit: true,
    children: [
      cell([new Paragraph(eventDateLabel(event.date, event.precision))], COLUMN_WIDTHS[0]!),
      cell(eventParagraphs(event), COLUMN_WIDTHS[1]!),
      cell([new Paragraph(event.kind)], COLUMN_WIDTHS[2]!),
      cell([new Paragraph(event.clinician ?? '')], COLUMN_WIDTHS[3]!),
      cell(
        event.places.map((place) => new Paragraph(placeLabel(place))),
        COLUMN_WIDTHS[4]!,
      ),
    ],
  });
}

function dividerRow(dateOfEventLine: string): TableRow {
  return new TableRow({
    cantSplit: true,
    children: [
      new TableCell({
        columnSpan: COLUMNS.length,
        shading: { type: ShadingType.CLEAR, color: 'auto', fill: DIVIDER_SHADING },
        children: [
          new Paragraph({
            children: [
              new TextRun({
                text: `${dateOfEventLine}: events before it above, on and after it below`,
                bold: true,
              }),
            ],
          }),
        ],
      }),
    ],
  });
}

/**
 * The chronology as a Word document an expert pastes into a report: a title, the patient, the Date of Event, how
 * the events were described and which filters were applied, then one table (Date | Event | Kind | Clinician |
 * Source) in date order, its header repeated on each page and a dividing row at the Date of Event.
 */
export async function buildChronologyDocx(input: ChronologyDocxInput): Promise<Buffer> {
  const header = new TableRow({
    tableHeader: true,
    children: COLUMNS.map((title, index) =>
      cell(
        [new Paragraph({ children: [new TextRun({ text: title, bold: true })] })],
        COLUMN_WIDTHS[index]!,
        HEADER_SHADING,
      ),
    ),
  });
  const rows: TableRow[] = [header];
  let divided = input.dateOfEvent === null;
  for (const event of input.events) {
    if (!divided && event.relation !== 'before') {
      rows.push(dividerRow(input.dateOfEventLine));
      divided = true;
    }
    rows.push(eventRow(event));
  }
  if (!divided) rows.push(dividerRow(input.dateOfEventLine));

  const body: (Paragraph | Table)[] = [
    new Paragraph({ text: input.title, heading: HeadingLevel.TITLE }),
    new Paragraph(input.patientLine),
    new Paragraph(input.dateOfEventLine),
    new Paragraph({ children: [new TextRun({ text: input.builtLine, italics: true })] }),
    ...(input.rulesNote
      ? [new Paragraph({ children: [new TextRun({ text: input.rulesNote, bold: true })] })]
      : []),
    new Paragraph({ text: input.filtersLine, spacing: { after: 200 } }),
  ];
  if (input.events.length === 0) body.push(new Paragraph('No events match.'));
  else
    body.push(
      new Table({
        rows,
        width: { size: COLUMN_WIDTHS.reduce((sum, width) => sum + width, 0), type: WidthType.DXA },
        columnWidths: COLUMN_WIDTHS,
      }),
    );

  const document = new Document({
    creator: 'Expert Witness Report Tool',
    title: input.title,
    styles: { default: { document: { run: { size: TABLE_TEXT_SIZE } } } },
    sections: [
      {
        properties: { page: { size: { orientation: PageOrientation.LANDSCAPE } } },
        children: body,
      },
    ],
  });
  return Packer.toBuffer(document);
}

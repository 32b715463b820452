// Real records for the document flows, made the way a clinic's systems make them: a PDF with a text layer on every
// page (pdf-lib) and a plain-text note.
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface RecordFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A PDF whose page N carries `pageTexts[N - 1]` as its text layer. */
export async function textPdf(name: string, pageTexts: readonly string[]): Promise<RecordFile> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pageTexts) pdf.addPage().drawText(text, { x: 48, y: 720, size: 11, font });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
}

export function textFile(name: string, text: string): RecordFile {
  return { name, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') };
}

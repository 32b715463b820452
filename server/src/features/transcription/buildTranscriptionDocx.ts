import type { MedicolegalResult, OutpatientResult, ProcessedResult } from '@ewrt/contract';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { paragraphsOfText } from '../../platform/word/paragraphsOfText.js';

/** The title of a transcription without a type. */
export const UNTYPED_TRANSCRIPTION_TITLE = 'Transcription';
export const NOT_FORMATTED_LINE = 'Not formatted by AI';
/** Who formatted it: the model the summarize answer named, when the browser sent it. */
export const formattedByLine = (model: string | null) =>
  model ? `Formatted by ${model}` : 'Formatted by AI (the model was not recorded)';

export interface TranscriptionDocxInput {
  /** The transcription type's name, or null. */
  typeName: string | null;
  patient: { name: string; mrn: string; dateOfBirth: string };
  /** The date of the transcription as a person reads it (dd/mm/yyyy). */
  date: string;
  dictatedBy: string | null;
  /** The AI-formatted result, or null for the transcript as it stands. */
  formatted: ProcessedResult | null;
  /** The model that formatted it, as the summarize answer named it; null when it was not formatted. */
  model: string | null;
  transcript: string;
}

const OUTPATIENT_SECTIONS: [keyof OutpatientResult, string][] = [
  ['diagnosis', 'Diagnosis'],
  ['summaryOfConsultation', 'Summary of Consultation'],
  ['medicalHistory', 'Medical History'],
  ['medicationsAndAllergies', 'Medications and Allergies'],
  ['plan', 'Plan'],
];

const heading = (text: string) =>
  new Paragraph({ text, heading: HeadingLevel.HEADING_1, spacing: { before: 360 } });

const labelled = (label: string, value: string) =>
  new Paragraph({ children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun(value)] });

/** A titled section, left out when the model found nothing for it. */
function section(title: string, text: string): Paragraph[] {
  return text.trim() === '' ? [] : [heading(title), ...paragraphsOfText(text)];
}

function medicolegalSections(result: MedicolegalResult): Paragraph[] {
  const points = result.keyPoints.filter((point) => point.trim() !== '');
  return [
    ...section('Summary', result.summary),
    ...(points.length > 0
      ? [
          heading('Key Points'),
          ...points.map((point) => new Paragraph({ text: point, bullet: { level: 0 } })),
        ]
      : []),
    ...Object.entries(result.contextualSections).flatMap(([name, text]) => section(name, text)),
    ...section('Transcript', result.transcript),
  ];
}

/** The body of the document: the formatted sections by the result's own shape, or the transcript as it stands. */
function bodyOf(input: TranscriptionDocxInput): Paragraph[] {
  const result = input.formatted;
  if (result === null) return section('Transcript', input.transcript);
  if ('formattedOpinion' in result) return section('Opinion', result.formattedOpinion);
  if ('keyPoints' in result) return medicolegalSections(result);
  return OUTPATIENT_SECTIONS.flatMap(([key, title]) => section(title, result[key]));
}

/**
 * A transcription as a Word document: the type as title, the patient (name, MRN, date of birth), the date and who
 * dictated it, whether and by which model it was formatted, then the formatted sections or the transcript.
 */
export async function buildTranscriptionDocx(input: TranscriptionDocxInput): Promise<Buffer> {
  const title = input.typeName?.trim() || UNTYPED_TRANSCRIPTION_TITLE;
  const body: Paragraph[] = [
    new Paragraph({ text: title, heading: HeadingLevel.TITLE }),
    labelled('Patient', input.patient.name),
    labelled('MRN', input.patient.mrn),
    labelled('Date of birth', input.patient.dateOfBirth),
    labelled('Date', input.date),
    ...(input.dictatedBy ? [labelled('Dictated by', input.dictatedBy)] : []),
    new Paragraph({
      children: [
        new TextRun({
          text: input.formatted === null ? NOT_FORMATTED_LINE : formattedByLine(input.model),
          italics: true,
        }),
      ],
    }),
    ...bodyOf(input),
  ];
  const document = new Document({
    creator: 'Expert Witness Report Tool',
    title,
    sections: [{ children: body }],
  });
  return Packer.toBuffer(document);
}

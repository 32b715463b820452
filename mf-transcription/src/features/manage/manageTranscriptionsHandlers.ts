// Test data for Manage Transcriptions (list, download, delete) and the patient the screen loads from ?patientId=.
import type { Transcription, TranscriptionsResponse } from '@ewrt/contract';
import { HttpResponse } from '@ewrt/shared/testing';

export { bareTranscriptionError, transcriptionApiError } from '../testing/transcriptionFixtures';

/** A Word document as the server sends it, named by Content-Disposition. */
export function wordDocumentAnswer(filename: string, bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04])) {
  return new HttpResponse(bytes, {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });
}

/** A transcription of patient 101, made at this local date and time; override any field. */
export function makeTranscription(
  localTime: [year: number, month: number, day: number, hour: number, minute: number],
  overrides: Partial<Transcription> = {},
): Transcription {
  const [year, month, day, hour, minute] = localTime;
  const at = new Date(year, month - 1, day, hour, minute).toISOString();
  return {
    ID_Transcription: 1,
    Transcription: 'Patient seen in clinic today.',
    DateOfTranscription: at,
    text_transcription_type: 'Outpatient Consultation',
    transcriptionType: 1,
    CreatedBy: 'Dr Asha Patel',
    Status: 'Incomplete',
    S3_Link: null,
    filename: null,
    patient_id: 101,
    source: 'live',
    updated_at: at,
    ...overrides,
  };
}

export const transcriptionsListing = (transcriptions: Transcription[]): TranscriptionsResponse => ({
  success: true,
  transcriptions,
});

// Test data and MSW handlers for Manage Transcriptions (list, download, delete) and the patient the screen loads
// from ?patientId=. Each handler takes the answer's body (sent as JSON with status 200) or a function of what the
// call received for anything dynamic.
import type { Transcription, TranscriptionsResponse } from '@ewrt/contract';
import { answerCallWith, HttpResponse, type CallAnswering } from '@ewrt/shared/testing';

export {
  bareTranscriptionError,
  getPatientHandler,
  transcriptionApiError,
} from '../testing/transcriptionFixtures';

/** A Word document as the server sends it, named by Content-Disposition. */
export function wordDocumentAnswer(filename: string, bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04])) {
  return new HttpResponse(bytes, {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });
}

export const listTranscriptionsHandler = (answer: CallAnswering<'listTranscriptions'>) =>
  answerCallWith('listTranscriptions', answer);

export const downloadByLinkHandler = (answer: CallAnswering<'downloadTranscriptionByLink'>) =>
  answerCallWith('downloadTranscriptionByLink', answer);

export const downloadByIdHandler = (answer: CallAnswering<'downloadTranscription'>) =>
  answerCallWith('downloadTranscription', answer);

export const deleteTranscriptionHandler = (answer: CallAnswering<'deleteTranscription'>) =>
  answerCallWith('deleteTranscription', answer);

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

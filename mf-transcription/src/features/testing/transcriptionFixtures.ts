// Test data shared by the transcription screens' tests: the types and the status the server answers, error answers.
import type { TranscriptionStatusResponse, TranscriptionType } from '@ewrt/contract';
import { HttpResponse } from '@ewrt/shared/testing';

/** An error answer as the server sends it (clients show its `message`). */
export function transcriptionApiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

/** An error answer with no message, so the screen falls back to its own words. */
export const bareTranscriptionError = () => new HttpResponse(null, { status: 500 });

export const TRANSCRIPTION_TYPES: TranscriptionType[] = [
  { ID_transcription: 1, text_transcription_type: 'Outpatient Consultation', description: null },
  { ID_transcription: 2, text_transcription_type: 'Medicolegal Assessment', description: null },
  { ID_transcription: 3, text_transcription_type: 'Medical Opinion', description: null },
];

export const INSTALL_COMMAND =
  'sudo apt-get install pocketsphinx pocketsphinx-en-us python3-pocketsphinx ffmpeg';

const FORMATTING_NOT_CONFIGURED: TranscriptionStatusResponse['formatting'] = {
  available: false,
  message: 'AI formatting is not configured',
  model_info: null,
};

/** The status answer; speech recognition available and AI formatting not configured unless told otherwise. */
export function makeTranscriptionStatus(
  speech: Partial<TranscriptionStatusResponse['speech']> = {},
  formatting: TranscriptionStatusResponse['formatting'] = FORMATTING_NOT_CONFIGURED,
): TranscriptionStatusResponse {
  return {
    speech: {
      available: true,
      name: 'pocketsphinx (offline, on this server)',
      message: 'Speech recognition is ready',
      install_command: null,
      on_server: true,
      reads_files: true,
      ...speech,
    },
    formatting,
  };
}

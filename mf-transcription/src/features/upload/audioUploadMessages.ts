// The Audio Upload screen's words: TRN-06 verbatim, plus this screen's own (the file refusals are
// checkAudioFile's).
import { MESSAGES } from '@ewrt/shared';

export const AUDIO_UPLOAD_MESSAGES = {
  noPatientSelected: 'Please select a patient to upload audio for transcription',
  loadPatientFailed: MESSAGES.loadPatientFailed,
  loadTypesFailed: 'Failed to load transcription types',
  missingChoice: 'Please select an audio file, transcription type, and ensure a patient is selected',
  startFailed: (detail: string) => `Error starting audio transcription: ${detail}`,
  unknownError: 'Unknown error',
  timedOut:
    'the upload did not finish within 2 minutes. Check the connection, or upload a shorter or more compressed ' +
    'recording (MP3 or M4A)',
  dateOfEventUpdated: 'Date of Event updated successfully!',
  dateOfEventFailed: 'Failed to update Date of Event',
  speechUnavailable: 'Speech recognition is not available on this server',
  audioFilesUnreadable: 'Audio files cannot be read on this server',
  // TRN-06 says processing "is said to take 5-30 minutes": stated as the estimate it is.
  processingTime:
    'After the upload, the recording is transcribed in the background. This usually takes 5 to 30 minutes, ' +
    'depending on its length; you can leave this page meanwhile.',
  largeFile: (size: string) =>
    `This is a large file (${size}). The upload itself may take several minutes: keep this page open until it ` +
    'has finished.',
} as const;

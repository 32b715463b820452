import { TRANSCRIPTION_ACCESS_MESSAGES } from './transcriptionAccess.js';

/** What the transcription calls answer (TRN-05, TRN-08; the quoted ones verbatim from the spec). */
export const TRANSCRIPTION_MESSAGES = {
  ...TRANSCRIPTION_ACCESS_MESSAGES,
  notFound: 'Transcription not found',
  alreadyComplete: 'This transcription is complete: its document is stored, so its text can no longer change',
  changedElsewhere:
    'This transcription was changed in another window since you loaded it. Copy your corrections, load it again, then save.',
  unknownType: 'Unable to find the selected transcription type. Please try selecting it again.',
  saved: 'Transcription saved successfully',
  deleted: 'Transcription deleted successfully',
  noDocument: 'No document available for download',
  formattingNotConfigured: 'AI formatting is not configured',
  formattingReady: 'AI formatting is available',
  noPatient: 'No patient selected',
  noType: 'Please select a transcription type',
  invalidAudio: 'Please select a valid audio file (MP3, WAV, M4A, AAC, OGG, WebM)',
  audioTooLarge: 'File size must be less than 500MB',
  missingUploadParts: 'Please select an audio file, transcription type, and ensure a patient is selected',
  notMultipart:
    'Send the audio as multipart/form-data with patient_id, transcription_type_id, then audio_file',
  emptyAudio: 'The audio file is empty',
  audioQueued: 'Audio uploaded. Transcription is running in the background.',
  noGroupForWords: 'You are not in a group, so there is no group list of words to change',
  groupWordsNotYours: "Only your group's administrators can change its list of words",
  modelAnswerUnreadable: (provider: string) =>
    `The language model at ${provider} did not answer in the expected format; please try again`,
  modelTimedOut: (provider: string, seconds: number) =>
    `The language model at ${provider} gave no answer within ${seconds} s`,
} as const;

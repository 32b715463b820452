// The Live Transcription screen's words: TRN-02, TRN-03 and TRN-08 verbatim, plus
// this screen's own.
import { MESSAGES } from '@ewrt/shared';

export const LIVE_TRANSCRIPTION_MESSAGES = {
  noPatient: 'Please select a patient',
  loadPatientFailed: MESSAGES.loadPatientFailed,
  // Start's preconditions (TRN-03).
  noTypeToStart: 'Please select a transcription type first',
  noPatientSelected: 'No patient selected',
  notConnected: 'Not connected to transcription service',
  // Connection and microphone (TRN-03).
  connectFailed: 'Failed to connect to transcription service',
  connectionLost: 'Connection lost during recording',
  microphoneFailed: (detail: string) => `Failed to access microphone: ${detail}`,
  // Loading.
  loadTypesFailed: 'Failed to load transcription types',
  fetchIncompleteFailed: 'Failed to fetch incomplete transcriptions',
  loadSelectedFailed: 'Failed to load selected transcription',
  loadedFromManage:
    'Transcription loaded from Manage Transcriptions. You can now continue editing and recording.',
  loadedPrevious: 'Previous transcription loaded. You can now continue editing and recording.',
  // Saving, clearing, starting over.
  nothingToSave: 'No transcription to save',
  saved: 'Transcription saved successfully',
  saveFailed: 'Failed to save transcription',
  startedNew: 'Started new transcription',
  cleared: 'Transcription cleared',
  // Completing (TRN-05).
  nothingToProcess: 'No transcription to process',
  noTypeToProcess: 'Please select a transcription type',
  unknownType: 'Unable to find the selected transcription type. Please try selecting it again.',
  processingFailed: (serverError: string) => `Error processing transcription: ${serverError}`,
  completingFailed: (detail: string) => `Error completing transcription: ${detail}`,
  completed: 'Transcription completed and document generated successfully',
  downloadFailed: 'Failed to download document',
  unknownError: 'Unknown error',
  formattingNotConfigured: 'AI formatting is not configured on this server',
  formattingStatusUnknown: 'Could not check whether AI formatting is available on this server',
  // The recogniser's own failure, when the server gives no words for it.
  serviceError: 'The transcription service reported an error',
  installCommandIntro:
    'The speech recogniser is not installed on the server. An administrator can install it with:',
  myWordsLoadFailed: 'Failed to load your words',
  myWordsSaveFailed: 'Failed to save your words',
  myWordsSaved: 'Your words are saved: your next recording uses them',
  groupWordsLoadFailed: "Failed to load your group's words",
  groupWordsSaveFailed: "Failed to save your group's words",
  groupWordsSaved: "Your group's words are saved: every member's next recording uses them",
} as const;

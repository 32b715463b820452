import type { PatientToolRule } from '../patients/findPatientForTools.js';

export const TRANSCRIPTION_ACCESS_MESSAGES = {
  noTranscriptionFeature: 'Your access level does not allow transcription',
  notFullAccess: 'Transcription is available only for patients you have full access to',
} as const;

/** Transcription works on a patient the user has full access to, with the transcription feature (ACC-05). */
export const TRANSCRIPTION_RULE: PatientToolRule = {
  feature: 'transcription',
  noFeature: TRANSCRIPTION_ACCESS_MESSAGES.noTranscriptionFeature,
  notFullAccess: TRANSCRIPTION_ACCESS_MESSAGES.notFullAccess,
};

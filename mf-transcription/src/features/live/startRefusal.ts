import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages';

export interface StartConditions {
  typeId: number | null;
  patientId: number | null;
  connected: boolean;
}

/**
 * Why a recording cannot start (TRN-03), checked in the spec's order: a type, a patient, then the
 * connection; null when it can.
 */
export function startRefusal({ typeId, patientId, connected }: StartConditions): string | null {
  if (typeId === null) return LIVE_TRANSCRIPTION_MESSAGES.noTypeToStart;
  if (patientId === null) return LIVE_TRANSCRIPTION_MESSAGES.noPatientSelected;
  if (!connected) return LIVE_TRANSCRIPTION_MESSAGES.notConnected;
  return null;
}

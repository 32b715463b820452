import type { Transcription } from '@ewrt/contract';
import { TRANSCRIPTION_DEFAULT_TYPE_LABEL, TRANSCRIPTION_PREVIEW_LENGTH } from '@ewrt/contract/limits';
import { formatDate } from '@ewrt/shared';
import { MANAGE_TRANSCRIPTIONS_MESSAGES } from './manageTranscriptionsMessages';

const pad = (value: number) => String(value).padStart(2, '0');

/** When it was made, as the tables show it: dd/mm/yyyy HH:mm in local time (TRN-07). */
export function transcriptionDateLabel(transcription: Pick<Transcription, 'DateOfTranscription'>): string {
  const iso = transcription.DateOfTranscription;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The type's name, or 'Standard' for a transcription without one. */
export function transcriptionTypeLabel(
  transcription: Pick<Transcription, 'text_transcription_type'>,
): string {
  return transcription.text_transcription_type?.trim() || TRANSCRIPTION_DEFAULT_TYPE_LABEL;
}

/**
 * The start of the text on one line: its first 50 characters (whole characters, so an accent or symbol is never
 * cut in half), with an ellipsis when there is more, or 'No preview available' for an empty one.
 */
export function transcriptionPreview(transcription: Pick<Transcription, 'Transcription'>): string {
  const characters = Array.from(transcription.Transcription.replace(/\s+/g, ' ').trim());
  if (characters.length === 0) return MANAGE_TRANSCRIPTIONS_MESSAGES.noPreview;
  const preview = characters.slice(0, TRANSCRIPTION_PREVIEW_LENGTH).join('');
  return characters.length > TRANSCRIPTION_PREVIEW_LENGTH ? `${preview.trimEnd()}...` : preview;
}

/** How a row is named to assistive technology, e.g. "Medical Opinion transcription of 24/11/2026 09:30". */
export function transcriptionName(
  transcription: Pick<Transcription, 'DateOfTranscription' | 'text_transcription_type'>,
): string {
  return `${transcriptionTypeLabel(transcription)} transcription of ${transcriptionDateLabel(transcription)}`;
}

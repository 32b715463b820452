import {
  AUDIO_LARGE_FILE_NOTICE_BYTES,
  AUDIO_UPLOAD_EXTENSIONS,
  AUDIO_UPLOAD_MAX_BYTES,
  AUDIO_UPLOAD_MIME_TYPES,
} from '@ewrt/contract/limits';

/** The file picker's accept list: .mp3,.wav,.m4a,.aac,.ogg,.webm (TRN-06). */
export const AUDIO_FILE_ACCEPT = AUDIO_UPLOAD_EXTENSIONS.join(',');

/** The refusals of TRN-06 verbatim, and this screen's own for a file with nothing in it. */
export const AUDIO_FILE_MESSAGES = {
  notAudio: 'Please select a valid audio file (MP3, WAV, M4A, AAC, OGG, WebM)',
  tooLarge: 'File size must be less than 500MB',
  empty: 'The chosen file is empty. Please choose a recording.',
} as const;

type ChosenFile = Pick<File, 'name' | 'size' | 'type'>;

/** The MIME type without its parameters ("audio/webm;codecs=opus" is "audio/webm"), in lower case. */
function baseMimeType(type: string): string {
  return type.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The name's extension with its dot, in lower case ("Clinic.MP3" is ".mp3"); '' without one. */
function extensionOf(name: string): string {
  const match = /\.[^./\\]+$/.exec(name.trim());
  return match ? match[0].toLowerCase() : '';
}

function isAudioFile(file: ChosenFile): boolean {
  // Browsers name the type of some recordings differently (or not at all), so either sign is enough; the server
  // reads the content and refuses what is not audio.
  return (
    (AUDIO_UPLOAD_MIME_TYPES as readonly string[]).includes(baseMimeType(file.type)) ||
    (AUDIO_UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))
  );
}

/** Why a chosen file cannot be uploaded, or null when it can: an audio file, not empty and under 500 MB. */
export function checkAudioFile(file: ChosenFile): string | null {
  if (!isAudioFile(file)) return AUDIO_FILE_MESSAGES.notAudio;
  if (file.size >= AUDIO_UPLOAD_MAX_BYTES) return AUDIO_FILE_MESSAGES.tooLarge;
  if (file.size <= 0) return AUDIO_FILE_MESSAGES.empty;
  return null;
}

/** A file big enough that its upload takes a while: the screen says so (above 10 MB, TRN-06). */
export function isLargeAudioFile(file: Pick<File, 'size'>): boolean {
  return file.size > AUDIO_LARGE_FILE_NOTICE_BYTES;
}

/** How the file's kind is shown: its MIME type, else its extension ("M4A"), else 'Unknown'. */
export function audioFileKind(file: Pick<File, 'name' | 'type'>): string {
  const mimeType = baseMimeType(file.type);
  if (mimeType) return mimeType;
  const extension = extensionOf(file.name);
  return extension ? extension.slice(1).toUpperCase() : 'Unknown';
}

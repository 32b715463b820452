import { open } from 'node:fs/promises';

export type AudioType = 'mp3' | 'wav' | 'm4a' | 'aac' | 'ogg' | 'webm';

const HEADER_BYTES = 16;

const startsWith = (header: Buffer, ascii: string, offset = 0) =>
  header.subarray(offset, offset + ascii.length).toString('latin1') === ascii;

/**
 * The audio format of a file by its first bytes, or null when it is none of the accepted ones: the upload is
 * checked by content, so a renamed document or executable is refused whatever its name or MIME type says.
 */
export function audioTypeOfHeader(header: Buffer): AudioType | null {
  if (startsWith(header, 'RIFF') && startsWith(header, 'WAVE', 8)) return 'wav';
  if (startsWith(header, 'ftyp', 4)) return 'm4a';
  if (startsWith(header, 'OggS')) return 'ogg';
  if (header.length >= 4 && header.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (startsWith(header, 'ID3')) return 'mp3';
  if (header.length >= 2 && header[0] === 0xff) {
    const second = header[1]!;
    // ADTS AAC: sync, then layer bits 00 (0xFFF1 MPEG-4, 0xFFF9 MPEG-2).
    if ((second & 0xf6) === 0xf0) return 'aac';
    // MPEG audio frame: 11 sync bits, a known version, and layer bits other than the reserved 00.
    if ((second & 0xe0) === 0xe0 && (second & 0x18) !== 0x08 && (second & 0x06) !== 0) return 'mp3';
  }
  return null;
}

/** The audio format of the file at `filePath` (see audioTypeOfHeader). */
export async function detectAudioType(filePath: string): Promise<AudioType | null> {
  const file = await open(filePath, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await file.read(header, 0, HEADER_BYTES, 0);
    return audioTypeOfHeader(header.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

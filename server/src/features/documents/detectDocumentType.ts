import { isUtf8 } from 'node:buffer';
import { open } from 'node:fs/promises';
import { TextDecoder } from 'node:util';
import { fileTypeFromFile } from 'file-type';
import type { DocumentFileType } from './extraction/ExtractedDocument.js';
import { textEncodingOf } from './extraction/extractTextFilePages.js';

/** What a file's content is: one of the accepted types, or a short description of what it is instead. */
export type DetectedContent = { type: DocumentFileType } | { type: null; description: string };

const READ_BLOCK_BYTES = 1024 * 1024;

/** Reads the whole file block by block (never all of it at once: uploads go up to 250 MB). */
async function forEachBlock(
  filePath: string,
  visit: (block: Uint8Array, offset: number) => boolean,
): Promise<void> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = new Uint8Array(READ_BLOCK_BYTES);
    let offset = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      if (bytesRead === 0) return;
      if (!visit(buffer.subarray(0, bytesRead), offset)) return;
      offset += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

const WORD_STREAM_NAME = Buffer.from('WordDocument', 'utf16le');
const DIRECTORY_ENTRY_BYTES = 128;

/**
 * Whether an OLE compound file holds a `WordDocument` stream (a Word 97-2003 document, not an Excel sheet or an
 * installer). Directory entries are 128 bytes, aligned to 128 in the file (sectors are 512 or 4096 bytes); an
 * entry names the stream in UTF-16LE, its name length (26, with the terminator) at byte 64 and type 2 (stream) at
 * byte 66.
 */
async function hasWordDocumentStream(filePath: string): Promise<boolean> {
  let found = false;
  await forEachBlock(filePath, (block) => {
    for (let entry = 0; entry + DIRECTORY_ENTRY_BYTES <= block.length; entry += DIRECTORY_ENTRY_BYTES) {
      if (
        block[entry + 64] === WORD_STREAM_NAME.length + 2 &&
        block[entry + 65] === 0 &&
        block[entry + 66] === 2 &&
        WORD_STREAM_NAME.every((byte, index) => block[entry + index] === byte)
      ) {
        found = true;
        return false;
      }
    }
    return true;
  });
  return found;
}

/** How many bytes at the end of `bytes` start a UTF-8 sequence that the next block finishes (0 to 3). */
function unfinishedUtf8Length(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: its lead byte is further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/**
 * Whether the file is text the server reads without guessing: UTF-8 (with or without a byte order mark), or
 * UTF-16 with one, and no NUL character anywhere (binary files decode as text surprisingly often). UTF-8 is
 * checked on the bytes themselves, without decoding 250 MB into strings.
 */
async function isPlainText(filePath: string): Promise<boolean> {
  let encoding: ReturnType<typeof textEncodingOf>['encoding'] | null = null;
  let utf16: TextDecoder | null = null;
  let carried: Uint8Array = new Uint8Array(0);
  let valid = true;
  await forEachBlock(filePath, (block, offset) => {
    let bytes = block;
    if (encoding === null) {
      const head = textEncodingOf(block);
      encoding = head.encoding;
      if (encoding !== 'utf-8') utf16 = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
      if (offset === 0) bytes = block.subarray(head.bomLength);
    }
    if (utf16) {
      try {
        valid = !utf16.decode(bytes, { stream: true }).includes('\0');
      } catch {
        valid = false;
      }
      return valid;
    }
    const joined = carried.length > 0 ? Buffer.concat([carried, bytes]) : bytes;
    const complete = joined.length - unfinishedUtf8Length(joined);
    valid = !joined.includes(0) && isUtf8(joined.subarray(0, complete));
    carried = Uint8Array.from(joined.subarray(complete));
    return valid;
  });
  if (!valid) return false;
  if (!utf16) return carried.length === 0;
  try {
    (utf16 as TextDecoder).decode();
    return true;
  } catch {
    return false;
  }
}

/** The type of a stored file, from its content alone (its name is not consulted). */
export async function detectDocumentType(filePath: string): Promise<DetectedContent> {
  const detected = await fileTypeFromFile(filePath);
  if (detected?.ext === 'pdf') return { type: 'pdf' };
  if (detected?.ext === 'docx') return { type: 'docx' };
  if (detected?.ext === 'cfb' || detected?.ext === 'doc') {
    return (await hasWordDocumentStream(filePath))
      ? { type: 'doc' }
      : { type: null, description: 'an Office file that is not a Word document' };
  }
  // Before file-type's guesses: a few bytes of UTF-16 text can look like the signature of an audio frame.
  if (await isPlainText(filePath)) return { type: 'txt' };
  if (detected) return { type: null, description: `a file of type ${detected.ext.toUpperCase()}` };
  return { type: null, description: 'binary data of an unknown kind' };
}

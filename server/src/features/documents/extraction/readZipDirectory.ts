import type { FileHandle } from 'node:fs/promises';

/** One file of a zip archive as its central directory declares it. */
export interface ZipEntry {
  name: string;
  /** General-purpose flags (bit 0: encrypted, bit 3: sizes after the data, bit 11: UTF-8 name). */
  flags: number;
  /** 0 stored, 8 deflated. */
  method: number;
  modifiedTime: number;
  modifiedDate: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** The archive's entries; none are read when there are more than the caller allows. */
export interface ZipDirectory {
  entryCount: number;
  entries: ZipEntry[];
}

/** A file that is no zip archive, or a damaged one; the message is fit to show. */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const MAX_COMMENT = 0xffff;
/** The most directory bytes read: enough for any entry count the limits allow, with long names. */
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The zip64 sizes and offset in an entry's extra field replace those its fixed fields mark as 0xFFFFFFFF. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = () => {
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

/**
 * Reads a zip archive's central directory (its table of contents, at the end of the file) without unpacking
 * anything: what each file claims to be. Past `maxEntries` entries none is read (an archive listing millions).
 */
export async function readZipDirectory(file: FileHandle, maxEntries: number): Promise<ZipDirectory> {
  const { size } = await file.stat();
  const tailLength = Math.min(size, 22 + MAX_COMMENT);
  const tail = await readAt(file, size - tailLength, tailLength);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0)
    throw new ZipFormatError('it is not a readable Word document (its archive has no table of contents)');
  let count = tail.readUInt16LE(end + 10);
  let directorySize = tail.readUInt32LE(end + 12);
  let directoryOffset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locatorAt = end - 20;
    if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== ZIP64_END_LOCATOR) {
      throw new ZipFormatError('it is not a readable Word document (its archive is damaged)');
    }
    const zip64 = await readAt(file, Number(tail.readBigUInt64LE(locatorAt + 8)), 56);
    if (zip64.length < 56 || zip64.readUInt32LE(0) !== ZIP64_END_OF_DIRECTORY) {
      throw new ZipFormatError('it is not a readable Word document (its archive is damaged)');
    }
    count = Number(zip64.readBigUInt64LE(32));
    directorySize = Number(zip64.readBigUInt64LE(40));
    directoryOffset = Number(zip64.readBigUInt64LE(48));
  }
  if (count > maxEntries) return { entryCount: count, entries: [] };
  if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > size) {
    throw new ZipFormatError('it is not a readable Word document (its archive is damaged)');
  }
  const directory = await readAt(file, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw new ZipFormatError('it is not a readable Word document (its archive is damaged)');
    }
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const flags = directory.readUInt16LE(at + 8);
    const nameBytes = directory.subarray(at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      name: nameBytes.toString(flags & 0x800 ? 'utf8' : 'latin1'),
      flags,
      method: directory.readUInt16LE(at + 10),
      modifiedTime: directory.readUInt16LE(at + 12),
      modifiedDate: directory.readUInt16LE(at + 14),
      crc32: directory.readUInt32LE(at + 16),
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    };
    applyZip64Extra(entry, directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { entryCount: count, entries };
}

/** Where an entry's packed bytes begin: after its local header, whose name and extra field may differ in length. */
export async function entryDataOffset(file: FileHandle, entry: ZipEntry): Promise<number> {
  const header = await readAt(file, entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER) {
    throw new ZipFormatError('it is not a readable Word document (its archive is damaged)');
  }
  return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
}

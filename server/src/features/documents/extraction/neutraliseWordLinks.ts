import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { crc32, deflateRaw, inflateRaw } from 'node:zlib';
import { DOCUMENT_READING_LIMITS } from '@ewrt/contract';
import { entryDataOffset, readZipDirectory, type ZipEntry } from './readZipDirectory.js';

const inflate = promisify(inflateRaw);
const deflate = promisify(deflateRaw);
const STORED = 0;
const DEFLATED = 8;
/** Bit 3 (sizes in a descriptor after the data) is cleared: the copy writes them in the header. */
const DATA_DESCRIPTOR_FLAG = 0x8;

/** A relationship to something outside the file, but a hyperlink (a link in the text is kept: nothing fetches it). */
const EXTERNAL_RELATIONSHIP =
  /<(?:\w+:)?Relationship\b(?=[^>]*\bTargetMode\s*=\s*["']External["'])(?![^>]*\bType\s*=\s*["'][^"']*\/hyperlink["'])[^>]*?(?:\/>|>[\s\S]*?<\/(?:\w+:)?Relationship>)/g;
/** Field instructions that make Word or LibreOffice load something: another file, a picture, a link, DDE. */
const LOADING_FIELD =
  /\b(?:INCLUDETEXT|INCLUDEPICTURE|INCLUDE|IMPORT|LINK|DDEAUTO|DDE)\b|[a-z][a-z0-9+.-]*:\/\/|\\\\/i;
const INSTRUCTION_TEXT = /(<w:instrText\b[^>]*>)([^<]*)(<\/w:instrText>)/g;
const SIMPLE_FIELD_INSTRUCTION = /(<w:fldSimple\b[^>]*?\bw:instr\s*=\s*)("[^"]*"|'[^']*')/g;

/** Relationship parts lose their external targets (the elements pointing at them find nothing and show nothing). */
function withoutExternalRelationships(xml: string): string {
  return xml.replace(EXTERNAL_RELATIONSHIP, '');
}

/**
 * A field whose instruction loads something keeps its last result (the text Word showed) and loses the instruction:
 * a complex field's instruction can be split over several runs, so each piece that names a loading field, a URL or
 * a network path is emptied.
 */
function withoutLoadingFields(xml: string): string {
  return xml
    .replace(INSTRUCTION_TEXT, (whole, open: string, text: string, close: string) =>
      LOADING_FIELD.test(text) ? `${open}${close}` : whole,
    )
    .replace(SIMPLE_FIELD_INSTRUCTION, (whole, attribute: string, value: string) =>
      LOADING_FIELD.test(value) ? `${attribute}""` : whole,
    );
}

/** The new text of a part, or null to copy it as it is. Parts are read as latin1: bytes in, the same bytes out. */
function rewritten(entry: ZipEntry, content: Buffer): Buffer | null {
  const xml = content.toString('latin1');
  const changed = entry.name.endsWith('.rels')
    ? withoutExternalRelationships(xml)
    : withoutLoadingFields(xml);
  return changed === xml ? null : Buffer.from(changed, 'latin1');
}

/** Only these parts can hold links or fields; everything else (images, fonts) is copied packed. */
const mayHoldLinks = (entry: ZipEntry) =>
  entry.name.endsWith('.rels') || (entry.name.startsWith('word/') && entry.name.endsWith('.xml'));

function localHeader(entry: ZipEntry, name: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.flags & ~DATA_DESCRIPTOR_FLAG, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt16LE(entry.modifiedTime, 10);
  header.writeUInt16LE(entry.modifiedDate, 12);
  header.writeUInt32LE(entry.crc32 >>> 0, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.uncompressedSize, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return header;
}

function directoryEntry(entry: ZipEntry, name: Buffer, offset: number): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(entry.flags & ~DATA_DESCRIPTOR_FLAG, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(entry.modifiedTime, 12);
  header.writeUInt16LE(entry.modifiedDate, 14);
  header.writeUInt32LE(entry.crc32 >>> 0, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.uncompressedSize, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

function endOfDirectory(entries: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/**
 * Writes a copy of a .docx that cannot make its reader fetch anything: relationships to external targets (linked
 * images, sub-documents, templates, OLE links, frames) are removed, and fields that include or link other files
 * lose their instruction but keep their shown text. Parts that hold neither are copied byte for byte, still packed.
 * The file must have passed checkWordPackage (its parts are unpacked in memory, one at a time).
 */
export async function neutraliseWordLinks(sourcePath: string, targetPath: string): Promise<void> {
  const source = await open(sourcePath, 'r');
  const target = createWriteStream(targetPath, { flags: 'wx' });
  let offset = 0;
  const write = async (bytes: Buffer) => {
    offset += bytes.length;
    if (!target.write(bytes)) await once(target, 'drain');
  };
  try {
    const { entries } = await readZipDirectory(source, DOCUMENT_READING_LIMITS.maxArchiveEntries);
    const directory: Buffer[] = [];
    for (const entry of entries) {
      const start = await entryDataOffset(source, entry);
      const name = Buffer.from(entry.name, entry.flags & 0x800 ? 'utf8' : 'latin1');
      const headerAt = offset;
      let copy = entry;
      let data: Buffer | null = null;
      if (mayHoldLinks(entry) && entry.compressedSize > 0) {
        const packed = Buffer.alloc(entry.compressedSize);
        await source.read(packed, 0, packed.length, start);
        const content = entry.method === STORED ? packed : await inflate(packed);
        const changed = rewritten(entry, content);
        if (changed) {
          data = await deflate(changed);
          copy = {
            ...entry,
            method: DEFLATED,
            crc32: crc32(changed),
            compressedSize: data.length,
            uncompressedSize: changed.length,
          };
        } else data = packed;
      }
      await write(localHeader(copy, name));
      await write(name);
      if (data) await write(data);
      else if (copy.compressedSize > 0) {
        const stream = createReadStream(sourcePath, { start, end: start + copy.compressedSize - 1 });
        for await (const chunk of stream) await write(chunk as Buffer);
      }
      directory.push(directoryEntry(copy, name, headerAt));
    }
    const directoryAt = offset;
    const directoryBytes = Buffer.concat(directory);
    await write(directoryBytes);
    await write(endOfDirectory(directory.length, directoryBytes.length, directoryAt));
    target.end();
    await once(target, 'finish');
  } catch (error) {
    target.destroy();
    throw error;
  } finally {
    await source.close();
  }
}

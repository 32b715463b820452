// Hostile documents made on the fly: Word archives written as streams (a bomb is never held in memory) and PDFs
// declaring more pages than anyone reads.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { crc32, createDeflateRaw } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** The part's bytes, as chunks (a generator keeps a huge part out of memory). */
  content: Iterable<Buffer> | AsyncIterable<Buffer>;
  /** What the table of contents claims the part unpacks to (a lie, for a bomb); its real size otherwise. */
  declaredSize?: number;
}

/** Writes a zip archive part by part (deflated, sizes in a descriptor after each part), streaming every byte. */
export async function writeZip(filePath: string, parts: readonly ZipPart[]): Promise<void> {
  const out = createWriteStream(filePath);
  let offset = 0;
  const write = async (bytes: Buffer) => {
    offset += bytes.length;
    if (!out.write(bytes)) await once(out, 'drain');
  };
  const directory: Buffer[] = [];
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const headerAt = offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x808, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(name.length, 26);
    await write(local);
    await write(name);
    let crc = 0;
    let size = 0;
    let packed = 0;
    const deflate = createDeflateRaw({ level: 1 });
    const drained = (async () => {
      for await (const chunk of deflate) {
        packed += (chunk as Buffer).length;
        await write(chunk as Buffer);
      }
    })();
    for await (const chunk of part.content) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      if (!deflate.write(chunk)) await once(deflate, 'drain');
    }
    deflate.end();
    await drained;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(packed, 8);
    descriptor.writeUInt32LE(size >>> 0, 12);
    await write(descriptor);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x808, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(packed, 20);
    entry.writeUInt32LE(part.declaredSize ?? size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(headerAt, 42);
    directory.push(entry, name);
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  await write(directoryBytes);
  await write(end);
  out.end();
  await once(out, 'finish');
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL_TYPES = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every Word file has, around a body given as chunks, with extra relationships of the document. */
export function wordParts(
  body: Iterable<Buffer> | AsyncIterable<Buffer>,
  relationships = '',
  declaredSize?: number,
): ZipPart[] {
  const text = (value: string) => [Buffer.from(value, 'utf8')];
  return [
    {
      name: '[Content_Types].xml',
      content: text(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      content: text(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_TYPES}/officeDocument" Target="word/document.xml"/></Relationships>`,
      ),
    },
    {
      name: 'word/_rels/document.xml.rels',
      content: text(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships}</Relationships>`,
      ),
    },
    { name: 'word/document.xml', content: body, declaredSize },
  ];
}

export const documentStart = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="${R}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>`;
export const documentEnd = '</w:body></w:document>';
export const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;

/**
 * A letter whose reader would fetch from `base`: a linked (external) image, an INCLUDETEXT and an INCLUDEPICTURE
 * field, and an attached template, each at its own path.
 */
export function linkingWordParts(base: string): ZipPart[] {
  const field = (instruction: string, shown: string) =>
    `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${instruction} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>${shown}</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
  const body = [
    documentStart,
    paragraph('Clinic letter with linked content.'),
    `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Linked picture"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="linked.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rIdImage"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`,
    field(`INCLUDETEXT "${base}/included-text.docx"`, 'Included text shown before.'),
    field(`INCLUDEPICTURE "${base}/included-picture.png" \\d`, 'Picture shown before.'),
    `<w:p><w:fldSimple w:instr="INCLUDETEXT &quot;${base}/simple-field.docx&quot;"><w:r><w:t>Simple field text.</w:t></w:r></w:fldSimple></w:p>`,
    paragraph('End of letter.'),
    documentEnd,
  ].join('');
  return wordParts(
    [Buffer.from(body, 'utf8')],
    `<Relationship Id="rIdImage" Type="${REL_TYPES}/image" Target="${base}/linked-image.png" TargetMode="External"/>` +
      `<Relationship Id="rIdLink" Type="${REL_TYPES}/hyperlink" Target="${base}/hyperlink" TargetMode="External"/>`,
  );
}

/** A body of `megabytes` of one repeated byte inside a paragraph: packs about a thousand times smaller. */
export function* bombBody(megabytes: number): Generator<Buffer> {
  yield Buffer.from(`${documentStart}<w:p><w:r><w:t>`);
  const block = Buffer.alloc(1024 * 1024, 'A');
  for (let index = 0; index < megabytes; index += 1) yield block;
  yield Buffer.from(`</w:t></w:r></w:p>${documentEnd}`);
}

/** A body with `breaks` explicit page breaks, each after a line of text. */
export function* pageBreakBody(breaks: number): Generator<Buffer> {
  yield Buffer.from(documentStart);
  const page = Buffer.from('<w:p><w:r><w:t>Page.</w:t><w:br w:type="page"/></w:r></w:p>');
  for (let index = 0; index < breaks; index += 1) yield page;
  yield Buffer.from(documentEnd);
}

/** A minimal valid PDF of `pages` empty pages, with a correct cross-reference table. */
export function manyPagePdf(pages: number): Buffer {
  const objects: string[] = [];
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  for (let index = 0; index < pages; index += 1) {
    objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>');
  }
  const chunks: string[] = ['%PDF-1.4\n'];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const text = `${index + 1} 0 obj\n${object}\nendobj\n`;
    chunks.push(text);
    length += text.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n'];
  for (const at of offsets) xref.push(`${String(at).padStart(10, '0')} 00000 n \n`);
  chunks.push(
    ...xref,
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  );
  return Buffer.from(chunks.join(''), 'latin1');
}

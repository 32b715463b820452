// The draft report's Word document: the clean layout printed by LibreOffice and read back, the user's own report
// template filled keeping its styles (unzipped), a template without the sections loop, broken templates, and one
// document per job however often the job asks.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { Document, Header, HeadingLevel, Packer, Paragraph } from 'docx';
import PizZip from 'pizzip';
import { newStorageKey } from '../src/platform/files/FileStore.js';
import { createDraftReportWriter } from '../src/features/generated-reports/createDraftReportWriter.js';
import type {
  DraftReportDocumentInput,
  DraftReportWriter,
} from '../src/features/generated-reports/DraftReportWriter.js';
import { documentsReviewedSection } from '../src/features/draft-reports/listDocumentsReviewed.js';
import { buildDraftReportContent } from '../src/features/generated-reports/buildDraftReportContent.js';
import { placePromptSections } from '../src/features/generated-reports/placePromptSections.js';
import {
  AI_USE,
  DRAFT_SECTIONS,
  draftReportInput,
  draftReportJobFor,
  STRUCTURED_TEMPLATE,
} from './support/draftReportInputs.js';
import { canPrintDocx, printedDocxText } from './support/printedDocx.js';
import { createTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let writer: DraftReportWriter;
const signal = new AbortController().signal;

async function storedBytes(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await server.app.ctx.files.open(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function storeTemplate(
  content: Buffer,
  name = 'Letterhead',
): Promise<DraftReportDocumentInput['reportTemplate']> {
  const storageKey = newStorageKey();
  await server.app.ctx.files.put(storageKey, Readable.from([content]));
  return { id: 1, name, storageKey };
}

const storedFileNames = () => readdir(path.join(server.dataDir, 'files', 'store'));

/** Where each of `texts` first appears in `text`, asserting they appear in that order. */
function assertInOrder(text: string, texts: readonly string[]) {
  let from = 0;
  for (const wanted of texts) {
    const at = text.indexOf(wanted, from);
    assert.ok(at >= 0, `"${wanted}" after position ${from} in: ${text}`);
    from = at + wanted.length;
  }
}

/** A report template as an expert makes one: their own body style (Georgia), a letterhead, and placeholders. */
async function placeholderTemplate(): Promise<Buffer> {
  const body = (text: string) => new Paragraph({ text, style: 'ExpertBody' });
  const document = new Document({
    styles: {
      paragraphStyles: [
        { id: 'ExpertBody', name: 'Expert Body', basedOn: 'Normal', run: { font: 'Georgia', size: 23 } },
      ],
    },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('Patel Orthopaedics letterhead')] }) },
        children: [
          new Paragraph({ text: '{report_type} for {patient_name}', heading: HeadingLevel.TITLE }),
          body('Born {date_of_birth}, MRN {mrn}, event {date_of_event}, report {report_date}'),
          body(
            'Instructed by {solicitor_name} of {solicitor_company} ({solicitor_reference}); ours {our_reference}',
          ),
          body('Expert: {expert_name}; first name {first_name}, surname {surname}'),
          body('{#sections}'),
          new Paragraph({ text: '{title}', heading: HeadingLevel.HEADING_1 }),
          body('{text}'),
          body('{sources}'),
          body('{/sections}'),
          body('{declaration}'),
          body('{ai_use}'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** A letterhead with no placeholders at all. */
async function letterheadTemplate(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('Patel Orthopaedics letterhead')] }) },
        children: [new Paragraph('Private and confidential')],
      },
    ],
  });
  return Packer.toBuffer(document);
}

const partOf = (docx: Buffer, part: string) => new PizZip(docx).file(part)!.asText();
const textOf = (xml: string) =>
  xml
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('placing prompt sections under a structured template', () => {
  const sections = [
    { title: 'Background', description: 'Circumstances of the accident' },
    { title: 'Medical history', description: 'Past history' },
    { title: 'Opinion', description: 'Causation and prognosis' },
  ];

  it('puts each under the section sharing most words, ties to the earlier, none to the last', () => {
    assert.deepEqual(
      placePromptSections(sections, [
        { title: 'History', text: 'Past medical history' },
        { title: 'Accident', text: 'The circumstances of the accident' },
        { title: 'Prognosis', text: 'Causation' },
        { title: 'Accident history', text: '' },
        { title: 'Employment', text: 'Work and hobbies' },
      ]),
      [1, 0, 2, 0, 2],
    );
    assert.deepEqual(placePromptSections([], [{ title: 'Anything', text: '' }]), []);
  });
});

describe('the documents-reviewed list under a structured template', () => {
  const job = {
    jobId: 1,
    patient: {
      id: 1,
      firstName: 'Eleanor',
      surname: 'Whitfield',
      dateOfBirth: '1968-03-14',
      mrn: 'DEMO-1001',
      dateOfEvent: null,
      solicitorName: null,
      solicitorCompany: null,
      solicitorReference: null,
      ourReference: null,
    },
    expert: { id: 1, name: 'Dr Asha Patel' },
  };
  const list = documentsReviewedSection('1. 05/06/2023 \u2014 Mr Daniel Hughes \u2014 clinic letter', {
    title: 'Documents reviewed',
    promptId: null,
    templateId: null,
  });
  const outlineWith = (sections: typeof STRUCTURED_TEMPLATE.sections) =>
    buildDraftReportContent(
      draftReportInput(job, {
        sections: [...DRAFT_SECTIONS, list],
        structuredTemplate: { ...STRUCTURED_TEMPLATE, sections },
      }),
    ).sections;

  it('fills the template’s section for it, whatever words the list shares with other sections', () => {
    const reviewed = {
      ...STRUCTURED_TEMPLATE.sections[0]!,
      ID_Section: 16,
      section_title: '2. DOCUMENTS REVIEWED',
      section_description: '',
      order_in_sequence: 2,
    };
    const [first, ...rest] = STRUCTURED_TEMPLATE.sections;
    const outline = outlineWith([
      first!,
      reviewed,
      ...rest.map((each) => ({ ...each, order_in_sequence: each.order_in_sequence + 1 })),
    ]);
    const section = outline.find((each) => each.title === 'DOCUMENTS REVIEWED');
    assert.deepEqual(
      section?.parts.map((part) => [part.heading, part.text]),
      [[null, list.response]],
    );
    assert.equal(outline.length, STRUCTURED_TEMPLATE.sections.length + 1);
  });

  it('is its own last numbered section when the template has none for it', () => {
    const outline = outlineWith(STRUCTURED_TEMPLATE.sections);
    const last = outline.at(-1)!;
    const topLevel = outline.filter((each) => each.level === 0).length;
    assert.deepEqual([last.number, last.title, last.level], [String(topLevel), 'Documents reviewed', 0]);
    assert.deepEqual(
      last.parts.map((part) => part.text),
      [list.response],
    );
    assert.ok(outline.slice(0, -1).every((each) => each.parts.every((part) => part.text !== list.response)));
  });
});

describe('the draft report writer', () => {
  before(async () => {
    server = await createTestServer();
    writer = createDraftReportWriter({
      db: server.app.ctx.db,
      clock: server.clock.now,
      files: server.app.ctx.files,
    });
  });
  after(() => server.close());

  it('writes a clean report without a structured template: defaults, sections in order, sources, declaration, appendix', async (t) => {
    const job = await draftReportJobFor(server, 'DEMO-1001', 'dr.patel');
    const written = await writer.write(draftReportInput(job), signal);
    assert.equal(written.filename, `Whitfield_Eleanor_DraftReport_2026-11-20_${job.jobId}.docx`);
    const bytes = await storedBytes(written.s3_key);
    assert.equal(written.size_bytes, bytes.length);
    const { rows } = await server.app.ctx.db.query<{
      filename: string;
      format: string;
      report_type: string;
      created_by: number;
      size_bytes: number;
    }>(
      `SELECT filename, format, report_type, created_by, size_bytes::int AS size_bytes FROM draft_reports WHERE job_id = $1`,
      [job.jobId],
    );
    assert.deepEqual(rows, [
      {
        filename: written.filename,
        format: 'DOCX',
        report_type: 'Orthopaedic Report',
        created_by: job.expert.id,
        size_bytes: bytes.length,
      },
    ]);
    if (!(await canPrintDocx())) return t.skip('LibreOffice or pdftotext is not installed');
    const printed = await printedDocxText(bytes, { layout: false });
    assertInOrder(printed, [
      'Expert Medical Report',
      'Orthopaedic Report',
      'Patient name: Eleanor Whitfield',
      'Date of birth: 14/03/1968',
      'MRN: DEMO-1001',
      'Date of event: 02/06/2023',
      'Report date: 20/11/2026',
      'Solicitor: Hannah Cole',
      'Solicitor company: Cole & Partners LLP (demo)',
      'Solicitor reference: HC/2231',
      'Our reference: NML-0001',
      'Prepared by: Dr Asha Patel',
      '1. Accident circumstances',
      'slipped on a wet supermarket floor on 2 June 2023 [1]',
      'outstretched right hand [2]',
      '[1] clinic-letter.pdf, page 1 (bundle page 17)',
      '[2] ae-notes.pdf, page 2',
      '2. Past medical history',
      'left knee arthroscopy in 2019 [1]',
      '[1] gp-records.pdf, page 3, read by OCR (confidence 82 %)',
      '3. Prognosis',
      'EXPERT', // the default declaration's heading (its apostrophe prints as a typographic one)
      'I understand that my overriding duty is to the court',
      'STATEMENT OF TRUTH',
      'Signed: ______________________ Dr Asha Patel',
      'Sources',
      'clinic-letter.pdf, page 1 (bundle page 17)',
      'ae-notes.pdf, page 2',
      'gp-records.pdf, page 3',
      'Appendix: Use of artificial intelligence',
      'Drafted by the language model stand-in-model (127.0.0.1) on 20/11/2026, 10:30: Accident circumstances; Prognosis.',
      'Evidence digests, made on 20/11/2026, 10:30 with no language model',
      'Past medical history',
      'Documents consulted: clinic-letter.pdf; ae-notes.pdf; gp-records.pdf.',
      'Style document: my-style.docx.',
      'Report template: none (clean document).',
      'Structured template: Personal injury outline.',
    ]);
    const citedPages = printed.slice(printed.lastIndexOf('Sources'), printed.indexOf('Appendix: Use'));
    assert.equal(
      citedPages.split('clinic-letter.pdf, page 1').length - 1,
      1,
      'a page cited twice is listed once',
    );
    assert.match(printed, /Page 1 of \d+/);
  });

  it('follows a structured template: its front page, numbered sections, sections to complete, its endpage', async (t) => {
    const job = await draftReportJobFor(server, 'DEMO-1001', 'dr.patel');
    const written = await writer.write(
      draftReportInput(job, { structuredTemplate: STRUCTURED_TEMPLATE }),
      signal,
    );
    if (!(await canPrintDocx())) return t.skip('LibreOffice or pdftotext is not installed');
    const printed = await printedDocxText(await storedBytes(written.s3_key), { layout: false });
    assertInOrder(printed, [
      'Medico-Legal Report on Injury',
      'Patient name: Eleanor Whitfield',
      'Date of birth: 14/03/1968',
      'Date of event: 02/06/2023',
      'Report date: 20/11/2026',
      'Prepared by: Dr Asha Patel MB ChB FRCS, Consultant Orthopaedic Surgeon',
      '1. BACKGROUND AND CIRCUMSTANCES',
      'Accident circumstances',
      'slipped on a wet supermarket floor',
      '[1] clinic-letter.pdf, page 1 (bundle page 17)',
      '2. Medical history',
      'Past medical history',
      'left knee arthroscopy',
      '3. Examination',
      '[Expert to complete: Findings on examination]',
      '3.1 Cervical spine',
      '[Expert to complete: Range of movement of the neck]',
      '4. Opinion',
      'Prognosis',
      'expected to recover fully',
      'I confirm that I have made clear which facts are within my own knowledge.',
      'Signed: Dr Asha Patel, Consultant Orthopaedic Surgeon',
      'Appendix: Use of artificial intelligence',
    ]);
    assert.ok(!printed.includes('MRN: DEMO-1001'), 'the template leaves the MRN off its front page');
    assert.ok(!printed.includes('1. 1. BACKGROUND'), 'a title that carries its number is not numbered twice');
  });

  it('fills the user\u2019s report template keeping its styles, its letterhead and every placeholder', async () => {
    const job = await draftReportJobFor(server, 'DEMO-1001', 'dr.patel');
    const template = await placeholderTemplate();
    const written = await writer.write(
      draftReportInput(job, {
        reportTemplate: await storeTemplate(template),
        aiUse: { ...AI_USE, report_template: 'Letterhead' },
      }),
      signal,
    );
    const docx = await storedBytes(written.s3_key);
    const styles = partOf(docx, 'word/styles.xml');
    assert.match(
      styles,
      /w:styleId="ExpertBody"[\s\S]*?w:ascii="Georgia"/,
      'the template\u2019s own style is kept',
    );
    const documentXml = partOf(docx, 'word/document.xml');
    assert.match(documentXml, /<w:pStyle w:val="ExpertBody"\/>/, 'paragraphs keep the template\u2019s style');
    const text = textOf(documentXml);
    assert.doesNotMatch(text, /[{}]/, 'no placeholder is left');
    assertInOrder(text, [
      'Orthopaedic Report for Eleanor Whitfield',
      'Born 14/03/1968, MRN DEMO-1001, event 02/06/2023, report 20/11/2026',
      'Instructed by Hannah Cole of Cole & Partners LLP (demo) (HC/2231); ours NML-0001',
      'Expert: Dr Asha Patel; first name Eleanor, surname Whitfield',
      '1. Accident circumstances',
      'slipped on a wet supermarket floor on 2 June 2023 [1]',
      '[1] clinic-letter.pdf, page 1 (bundle page 17)',
      '2. Past medical history',
      '3. Prognosis',
      'EXPERT',
      'STATEMENT OF TRUTH',
      'Drafted by the language model stand-in-model (127.0.0.1)',
      'Report template: Letterhead.',
    ]);
    assert.equal(text.split('1. Accident circumstances').length - 1, 1, 'the body is not appended again');
    const headers = Object.keys(new PizZip(docx).files).filter((name) => /^word\/header\d*\.xml$/.test(name));
    assert.ok(headers.some((name) => partOf(docx, name).includes('Patel Orthopaedics letterhead')));
  });

  it('appends the whole report to a template without the sections loop, in its own heading styles', async () => {
    const job = await draftReportJobFor(server, 'DEMO-1001', 'dr.patel');
    const written = await writer.write(
      draftReportInput(job, { reportTemplate: await storeTemplate(await letterheadTemplate()) }),
      signal,
    );
    const docx = await storedBytes(written.s3_key);
    const documentXml = partOf(docx, 'word/document.xml');
    assertInOrder(textOf(documentXml), [
      'Expert Medical Report: Orthopaedic Report',
      'Patient name: Eleanor Whitfield',
      'Private and confidential',
      '1. Accident circumstances',
      'slipped on a wet supermarket floor on 2 June 2023 [1]',
      '[1] clinic-letter.pdf, page 1 (bundle page 17)',
      '3. Prognosis',
      'STATEMENT OF TRUTH',
      'Sources',
      'Appendix: Use of artificial intelligence',
    ]);
    assert.match(
      documentXml,
      /<w:pStyle w:val="Heading1"\/><\/w:pPr><w:r><w:t xml:space="preserve">1\. Accident circumstances/,
    );
    assert.match(
      documentXml,
      /Appendix: Use of artificial intelligence[\s\S]*<w:sectPr[\s\S]*<\/w:body>/,
      'the page setup stays last',
    );
  });

  it('rejects a template that is not a Word document or that docxtemplater cannot read, leaving nothing behind', async () => {
    const before = await storedFileNames();
    const job = await draftReportJobFor(server, 'DEMO-1001', 'dr.patel');
    const notAZip = await storeTemplate(Buffer.from('this is not a zip archive'), 'Broken');
    await assert.rejects(writer.write(draftReportInput(job, { reportTemplate: notAZip }), signal), {
      name: 'ReportTemplateError',
      message: /^The report template is not a Word document/,
    });
    const unclosed = await Packer.toBuffer(
      new Document({
        sections: [{ children: [new Paragraph('{#sections}{title}'), new Paragraph('{patient_name')] }],
      }),
    );
    const unreadable = await storeTemplate(unclosed, 'Unclosed');
    await assert.rejects(writer.write(draftReportInput(job, { reportTemplate: unreadable }), signal), {
      name: 'ReportTemplateError',
      message: /^The report template could not be filled: .*(unclosed|Unclosed)/,
    });
    const { rows } = await server.app.ctx.db.query(`SELECT 1 FROM draft_reports WHERE job_id = $1`, [
      job.jobId,
    ]);
    assert.equal(rows.length, 0);
    const added = (await storedFileNames()).filter((name) => !before.includes(name));
    assert.deepEqual(
      added.sort(),
      [notAZip!.storageKey, unreadable!.storageKey].sort(),
      'only the two templates',
    );
  });

  it('writes one document per job: the same job again answers the same document', async () => {
    const job = await draftReportJobFor(server, 'DEMO-1001', 'dr.patel');
    const first = await writer.write(draftReportInput(job), signal);
    const filesAfterFirst = await storedFileNames();
    const second = await writer.write(draftReportInput(job, { sections: [] }), signal);
    assert.deepEqual(second, first);
    assert.deepEqual(await storedFileNames(), filesAfterFirst);
    const { rows } = await server.app.ctx.db.query(`SELECT 1 FROM draft_reports WHERE job_id = $1`, [
      job.jobId,
    ]);
    assert.equal(rows.length, 1);
  });

  it('removes the stored file when the row cannot be recorded', async () => {
    const before = await storedFileNames();
    const job = await draftReportJobFor(server, 'DEMO-1001', 'dr.patel');
    // No such job: the row's foreign key refuses it after the document was written.
    await assert.rejects(writer.write(draftReportInput({ ...job, jobId: job.jobId + 100_000 }), signal));
    assert.deepEqual(await storedFileNames(), before);
  });
});

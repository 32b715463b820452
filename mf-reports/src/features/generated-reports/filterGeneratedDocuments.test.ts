import { makeGeneratedDocument } from '../testing-support/generatedReportHandlers';
import { filterGeneratedDocuments } from './filterGeneratedDocuments';

const FIRST = makeGeneratedDocument({ filename: 'Example_DraftReport.docx', job_id: 42, s3_key: 'a' });
const SECOND = makeGeneratedDocument({ filename: 'Summary notes.PDF', job_id: 142, s3_key: 'b' });
const UNLINKED = makeGeneratedDocument({ filename: 'Imported.txt', job_id: null, s3_key: 'c' });
const ALL = [FIRST, SECOND, UNLINKED];

test('blank text keeps every document, in order', () => {
  expect(filterGeneratedDocuments(ALL, '   ')).toEqual(ALL);
});

test('matches part of the file name, ignoring case and surrounding spaces', () => {
  expect(filterGeneratedDocuments(ALL, ' draftreport ')).toEqual([FIRST]);
  expect(filterGeneratedDocuments(ALL, '.pdf')).toEqual([SECOND]);
});

test('matches the job id as written; a document without a job matches only by name', () => {
  expect(filterGeneratedDocuments(ALL, '142')).toEqual([SECOND]);
  expect(filterGeneratedDocuments(ALL, '42')).toEqual([FIRST, SECOND]);
  expect(filterGeneratedDocuments(ALL, 'null')).toEqual([]);
});

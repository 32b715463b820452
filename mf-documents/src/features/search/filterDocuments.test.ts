import { makePatientDocument } from '../testing-support/documentFixtures';
import { filterDocuments } from './filterDocuments';

const documents = [
  makePatientDocument({ filename: 'Discharge-Summary.pdf', process_id: '41', s3_key: 'k1' }),
  makePatientDocument({ filename: 'gp-letter.docx', process_id: '57', s3_key: 'k2' }),
  makePatientDocument({ filename: 'notes.txt', process_id: '141', s3_key: 'k3' }),
];

test('matches the file name, ignoring case and surrounding spaces', () => {
  expect(filterDocuments(documents, '  discharge ').map((d) => d.s3_key)).toEqual(['k1']);
});

test('matches the process ID', () => {
  expect(filterDocuments(documents, '41').map((d) => d.s3_key)).toEqual(['k1', 'k3']);
  expect(filterDocuments(documents, '57').map((d) => d.s3_key)).toEqual(['k2']);
});

test('blank text keeps every document; no match keeps none', () => {
  expect(filterDocuments(documents, '   ')).toHaveLength(3);
  expect(filterDocuments(documents, 'x-ray')).toEqual([]);
});

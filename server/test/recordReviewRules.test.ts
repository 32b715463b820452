// The record review's pure rules: similarity of texts (robust to OCR's misread letters and run-together words),
// grouping of copies, and the flags read from chronology events and pages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  groupNearDuplicates,
  jaccard,
  shinglesOf,
  wordsOf,
} from '../src/features/record-review/findNearDuplicates.js';
import { findCopiedPages } from '../src/features/record-review/findCopiedPages.js';
import { findRecordFlags, type FlaggedEvent } from '../src/features/record-review/findRecordFlags.js';
import type { IndexedPage } from '../src/features/chronology/extractDatedMentions.js';

const LETTER =
  'I reviewed Mrs Whitfield in the fracture clinic on 05/06/2023 with right wrist pain after the fall. ' +
  'An X-ray of the right wrist showed an undisplaced fracture of the distal radius and she was placed in a cast. ' +
  'She will be reviewed in six weeks with a further X-ray and should keep the wrist elevated meanwhile.';
/** The letter as OCR reads a fax of it: letters misread, words run together, stray marks. */
const OCR_READ =
  "I reviewed Mis Whitfield in the fracture c1inic on 05/06/2023 with right wrist pain after the fall.' " +
  'An X-ray ofthe right wrist showed an undisplaced fracture of the distal radius and she was placed ina cast. ' +
  '| She will be reviewed in six weeks with a further X-ray and should keep the wrist elevated meanwhile,';
const OTHER_LETTER =
  'I reviewed Mrs Whitfield in the fracture clinic on 12/09/2023 for her left ankle sprain from a fall at home. ' +
  'She is walking without crutches and the swelling has settled; I have discharged her to the care of her GP.';

const similarity = (a: string, b: string) => jaccard(shinglesOf(a), shinglesOf(b));

describe('similarity of documents', () => {
  it('reads words in lower case, letters and digits only', () => {
    assert.deepEqual(wordsOf("Mr O'Neil — café, 05/06/2023!"), [
      'mr',
      'o',
      'neil',
      'cafe',
      '05',
      '06',
      '2023',
    ]);
  });

  it('finds an OCR-read copy alike and another letter of the same clinic not', () => {
    assert.equal(similarity(LETTER, LETTER), 1);
    assert.ok(similarity(LETTER, OCR_READ) > 0.6, `copy ${similarity(LETTER, OCR_READ)}`);
    assert.ok(similarity(LETTER, OTHER_LETTER) < 0.3, `other ${similarity(LETTER, OTHER_LETTER)}`);
    assert.equal(similarity('', LETTER), 0);
  });

  it('groups copies of copies together, and leaves short texts and other letters alone', () => {
    const groups = groupNearDuplicates([
      { id: 1, text: LETTER },
      { id: 2, text: OTHER_LETTER },
      { id: 3, text: OCR_READ },
      { id: 4, text: `${OCR_READ} cc: GP` },
      { id: 5, text: 'With compliments' },
      { id: 6, text: 'With compliments' },
    ]);
    assert.deepEqual(
      groups.map((group) => group.documentIds),
      [[1, 3, 4]],
    );
    assert.ok(groups[0]!.similarity > 0.6 && groups[0]!.similarity < 1);
  });

  it('keeps a copy the expert set aside in its group whatever the texts say', () => {
    const groups = groupNearDuplicates(
      [
        { id: 1, text: LETTER },
        { id: 2, text: OTHER_LETTER },
      ],
      0.5,
      [{ first: 1, second: 2, similarity: 0.55 }],
    );
    assert.deepEqual(groups, [{ documentIds: [1, 2], similarity: 0.55 }]);
  });
});

describe('pages copied into another document', () => {
  const GP_NOTES =
    'Telephone consultation with Mrs Whitfield about her repeat prescription of naproxen and omeprazole. ' +
    'She reports that the wrist is less painful and she is sleeping better; she asks for a sick note for work.';
  const pages = [
    { documentId: 1, page: 1, text: LETTER },
    { documentId: 2, page: 1, text: GP_NOTES },
    { documentId: 2, page: 2, text: OCR_READ },
    { documentId: 2, page: 3, text: OTHER_LETTER },
    { documentId: 3, page: 1, text: OTHER_LETTER },
  ];
  const counts = new Map([
    [1, 1],
    [2, 3],
    [3, 1],
  ]);

  it('finds a letter filed again as a page of a longer record, the letter named as the source', () => {
    const found = findCopiedPages(pages, counts, () => false);
    assert.deepEqual(
      found.map((copy) => [copy.page, copy.foundIn]),
      [
        [
          { documentId: 3, page: 1 },
          { documentId: 2, page: 3 },
        ],
        [
          { documentId: 1, page: 1 },
          { documentId: 2, page: 2 },
        ],
      ],
    );
    assert.equal(found[0]!.similarity, 1);
    assert.ok(found[1]!.similarity > 0.6 && found[1]!.similarity < 1);
  });

  it('leaves out pages of documents that are copies as a whole, and pages of one document', () => {
    const found = findCopiedPages(pages, counts, (a, b) => a + b === 5);
    assert.deepEqual(
      found.map((copy) => [copy.page.documentId, copy.foundIn.documentId]),
      [[1, 2]],
    );
    const repeated = findCopiedPages(
      [
        { documentId: 4, page: 1, text: LETTER },
        { documentId: 4, page: 2, text: LETTER },
      ],
      new Map([[4, 2]]),
      () => false,
    );
    assert.deepEqual(repeated, []);
  });
});

const place = (documentId: number, page = 1) => ({ documentId, page, chunkId: documentId * 10 + page });
const event = (
  date: string,
  kind: FlaggedEvent['kind'],
  passage: string,
  documentId: number,
): FlaggedEvent => ({
  date,
  precision: 'day',
  kind,
  planned: false,
  passage,
  places: [place(documentId)],
});
const pageOf = (documentId: number, text: string): IndexedPage => ({
  documentId,
  page: 1,
  text,
  passages: [
    { chunkId: documentId * 10 + 1, start: 0, end: text.length, source: 'text', ocrConfidence: null },
  ],
});

describe('record flags', () => {
  const events = [
    event('2023-01-20', 'imaging', 'MRI of the lumbar spine requested 20/01/2023.', 1),
    event('2023-01-20', 'referral', 'Referred to the pain clinic on 20/01/2023.', 1),
    event('2023-02-01', 'imaging', 'CT of the head requested on 01/02/2023.', 1),
    event('2023-03-01', 'consultation', 'Seen in the GP surgery on 01/03/2023.', 1),
    event('2023-04-02', 'missed appointment', 'Did not attend physiotherapy on 02/04/2023.', 1),
    event('2023-12-01', 'consultation', 'Seen again on 01/12/2023.', 1),
  ];
  const pagesByDocument = new Map([
    [1, [pageOf(1, 'GP record. The hospital letter to follow.')]],
    [2, [pageOf(2, 'CT HEAD REPORT\nNo intracranial abnormality.')]],
  ]);
  const flags = findRecordFlags({ events, pagesByDocument, gapDays: 180 });
  const titles = flags.map((flag) => flag.title);

  it('flags an investigation requested with no report of it, not one whose report is in the records', () => {
    assert.ok(
      titles.includes('MRI requested on 20/01/2023: no MRI report is in the records'),
      titles.join('\n'),
    );
    assert.ok(!titles.some((title) => title.startsWith('CT requested')), titles.join('\n'));
  });

  it('flags a referral with no letter back, and a letter to follow, with its passage', () => {
    assert.ok(
      titles.includes(
        'Referral to pain clinic on 20/01/2023: no letter or report from pain clinic is in the records',
      ),
    );
    const toFollow = flags.find(
      (flag) => flag.title === '\u201cletter to follow\u201d: check that the records hold it',
    );
    assert.deepEqual(toFollow?.places, [{ documentId: 1, page: 1, chunkId: 11 }]);
  });

  it('flags a gap in care over the threshold between care given (a missed appointment is not care)', () => {
    const gaps = flags.filter((flag) => flag.kind === 'gap in care');
    assert.deepEqual(
      gaps.map((flag) => [flag.date, flag.endDate, flag.days]),
      [['2023-03-01', '2023-12-01', 275]],
    );
    assert.equal(
      findRecordFlags({ events, pagesByDocument, gapDays: 300 }).filter((f) => f.kind === 'gap in care')
        .length,
      0,
    );
  });

  it('lists each missed appointment', () => {
    assert.deepEqual(
      flags.filter((flag) => flag.kind === 'missed appointment').map((flag) => flag.title),
      ['Missed appointment on 02/04/2023'],
    );
  });
});

import { documentReadingTags } from './documentReadingTags';

const texts = (document: Parameters<typeof documentReadingTags>[0]) =>
  documentReadingTags(document).map(({ text, tone }) => `${tone}: ${text}`);

test('a document without OCR fields (an older listing) or with empty ones has no tag', () => {
  expect(documentReadingTags({ page_count: 4 })).toEqual([]);
  expect(
    documentReadingTags({
      page_count: 4,
      ocr_pages: [],
      ocr_confidence: null,
      low_confidence_pages: [],
      unreadable_pages: [],
      blank_pages: [],
    }),
  ).toEqual([]);
});

test('OCR pages are counted, with the pages and the rounded mean confidence as the description', () => {
  expect(documentReadingTags({ page_count: 40, ocr_pages: [3, 4, 5], ocr_confidence: 82.6 })).toEqual([
    {
      key: 'ocr',
      tone: 'neutral',
      text: 'OCR: 3 pages',
      description: 'Read by OCR: pages 3, 4, 5, mean confidence 83 %',
    },
  ]);
  expect(documentReadingTags({ page_count: 1, ocr_pages: [1], ocr_confidence: null })[0]).toMatchObject({
    text: 'OCR: 1 page',
    description: 'Read by OCR: page 1',
  });
});

test('pages below the confidence threshold are to be checked; pages not read are named', () => {
  expect(
    texts({
      page_count: 20,
      ocr_pages: [12, 14, 15],
      low_confidence_pages: [12, 14],
      unreadable_pages: [16],
    }),
  ).toEqual([
    'neutral: OCR: 3 pages',
    'warning: Low OCR confidence: check pages 12, 14',
    'error: Unreadable: page 16',
  ]);
});

test('blank pages among read ones are named; a document with nothing to read says so', () => {
  expect(texts({ page_count: 3, ocr_pages: [1], blank_pages: [2] })).toEqual([
    'neutral: OCR: 1 page',
    'neutral: Blank: page 2',
  ]);
  expect(texts({ page_count: 2, blank_pages: [1, 2] })).toEqual(['warning: Blank: no text on any page']);
  expect(texts({ page_count: 3, blank_pages: [2], unreadable_pages: [1, 3] })).toEqual([
    'error: No readable text on any page',
    'error: Unreadable: pages 1, 3',
  ]);
});

test('a document whose page count is unknown is never called empty', () => {
  expect(texts({ page_count: null, blank_pages: [1] })).toEqual(['neutral: Blank: page 1']);
});

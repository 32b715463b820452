import { pageReadingItems } from './pageReadingItems';

const describeItems = (items: ReturnType<typeof pageReadingItems>) =>
  items.map((item) => `${item.label}: ${item.children}`);

test('a document with a text layer on every page lists nothing', () => {
  expect(pageReadingItems({ chunks_created: 4, pages: 2, pages_without_text: [] })).toEqual([]);
});

test('without OCR, the pages without a text layer are not searchable', () => {
  expect(describeItems(pageReadingItems({ chunks_created: 1, pages_without_text: [2, 3] }))).toEqual([
    'Pages without text: 2, 3 (not searchable)',
  ]);
});

test('pages read by OCR, or blank, are no longer called not searchable; the rest still are', () => {
  const items = pageReadingItems({
    chunks_created: 3,
    pages_without_text: [1, 2, 3, 4],
    ocr_pages: [1, 2],
    ocr_confidence: 93.6,
    low_confidence_pages: [2],
    blank_pages: [3],
    unreadable_pages: [4],
  });
  expect(describeItems(items)).toEqual([
    'Read by OCR: 1, 2 (mean confidence 94 %)',
    'Check against the original: 2',
    'Blank pages: 3',
    'Pages without text: 4 (not searchable)',
  ]);
});

import { isReadyToSend, summarizeUploads, type UploadItem } from './uploadItem';

const item = (overrides: Partial<UploadItem>): UploadItem => ({
  uid: overrides.uid ?? 'x',
  file: new File(['x'], 'x.txt'),
  status: 'pending',
  valid: true,
  progress: 0,
  message: '',
  ...overrides,
});

test('totals: valid files, failed ones, overall progress over the valid files, results', () => {
  const totals = summarizeUploads([
    item({ uid: 'a', status: 'completed', progress: 100, chunksCreated: 12 }),
    item({ uid: 'b', status: 'processing', progress: 40 }),
    item({ uid: 'c', status: 'error', valid: false, progress: 0 }),
    item({ uid: 'd', status: 'error', progress: 10, chunksCreated: 0 }),
    item({ uid: 'e', status: 'completed', progress: 100, chunksCreated: 3 }),
  ]);
  expect(totals).toEqual({
    total: 5,
    valid: 4,
    failed: 2,
    overallProgress: 63,
    successful: 2,
    totalChunks: 15,
  });
});

test('no files: everything zero', () => {
  expect(summarizeUploads([])).toEqual({
    total: 0,
    valid: 0,
    failed: 0,
    overallProgress: 0,
    successful: 0,
    totalChunks: 0,
  });
});

test('only validated files not yet sent are ready', () => {
  expect(isReadyToSend(item({}))).toBe(true);
  expect(isReadyToSend(item({ valid: null }))).toBe(false);
  expect(isReadyToSend(item({ status: 'processing' }))).toBe(false);
  expect(isReadyToSend(item({ status: 'error', valid: false }))).toBe(false);
});

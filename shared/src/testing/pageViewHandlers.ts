// Test data for the page viewer's calls on a patient's records (the page's text and its image); tests answer the
// calls with answerCallWith('getDocumentPage', …) and answerCallWith('getPatientPageImage', …).
import type { DocumentPageResponse, PageImageResponse } from '@ewrt/contract';

/** Page 2 of mri.pdf as indexed: the passage of chunk 501 sits between two others. */
export function makeDocumentPage(overrides: Partial<DocumentPageResponse> = {}): DocumentPageResponse {
  const before = 'Radiology department report. Clinical history: low back pain since the fall. ';
  const cited = 'MRI lumbar spine on 14/03/2024 showed an L4/5 disc protrusion.';
  const after = ' No nerve root compression. Reported by Dr Lee.';
  return {
    filename: 'mri.pdf',
    s3_key: 'key_mri_report_000000001',
    page: 2,
    page_count: 3,
    bundle_page: null,
    text: `${before}${cited}${after}`,
    passages: [
      { chunk_id: 500, start_offset: 0, end_offset: before.length, source: 'text', ocr_confidence: null },
      {
        chunk_id: 501,
        start_offset: before.length,
        end_offset: before.length + cited.length,
        source: 'text',
        ocr_confidence: null,
      },
    ],
    ...overrides,
  };
}

/** A page image answer as the page view gets it: a drawn A4 page at 100 dpi with two words and a marked passage. */
export function makePageImage(overrides: Partial<PageImageResponse> = {}): PageImageResponse {
  return {
    s3_key: 'key_mri_report_000000001',
    page: 2,
    page_count: 3,
    dpi: 100,
    image_url: 'http://api.test/api/files/signed-page-image',
    width: 827,
    height: 1169,
    words: [
      {
        text: 'MRI',
        x: 0.1,
        y: 0.2,
        width: 0.05,
        height: 0.015,
        ocr_confidence: null,
        low_confidence: false,
      },
      {
        text: 'lumbar',
        x: 0.16,
        y: 0.2,
        width: 0.09,
        height: 0.015,
        ocr_confidence: null,
        low_confidence: false,
      },
    ],
    passage_boxes: [{ x: 0.1, y: 0.2, width: 0.15, height: 0.015 }],
    ...overrides,
  };
}

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  answerCall,
  HttpResponse,
  makeDocumentPage,
  makePageImage,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import { makeProcessingResult } from '../testing-support/draftReportHandlers';
import { GeneratedReportPanel } from './GeneratedReportPanel';

jest.setTimeout(60_000);
const slow = { timeout: 8_000 };

const CITED = 'Admitted after a road traffic collision on 01/03/2024.';
const SOURCE = '[1] discharge-summary.pdf, page 3 (bundle page 17)';

/** The cited page of the report's patient (101): its text with the passage, its image with the passage's box. */
function citedPage() {
  const asked: string[] = [];
  server.use(
    answerCallWith('getDocumentPage', ({ params }) => {
      asked.push(
        `text ${String(params.patientId)} ${decodeURIComponent(String(params.s3_key))} ${String(params.page)}`,
      );
      return HttpResponse.json(
        makeDocumentPage({
          filename: 'discharge-summary.pdf',
          s3_key: 'patients/101/documents/discharge-summary.pdf',
          page: 3,
          page_count: 4,
          bundle_page: 17,
          text: `Discharge summary. ${CITED}`,
          passages: [
            {
              chunk_id: 9001,
              start_offset: 19,
              end_offset: 19 + CITED.length,
              source: 'text',
              ocr_confidence: null,
            },
          ],
        }),
      );
    }),
    answerCallWith('getPatientPageImage', ({ params, request }) => {
      const chunk = new URL(request.url).searchParams.get('chunk_id');
      asked.push(`image ${String(params.patientId)} ${String(params.page)} chunk=${chunk}`);
      return HttpResponse.json(
        makePageImage({
          page: 3,
          page_count: 4,
          passage_boxes: [{ x: 0.12, y: 0.3, width: 0.6, height: 0.02 }],
        }),
      );
    }),
    answerCall('getBundleDownload', ({ params }) => ({
      download_url: `http://api.test/api/files/signed-bundle-${String(params.id)}`,
      filename: 'bundle.pdf',
    })),
  );
  return asked;
}

const server = setupApiServer();

describe('a section’s sources', () => {
  it('open the cited page as it looks, the passage marked, beside its text, and the same page in the bundle', async () => {
    const asked = citedPage();
    const opened = jest.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(
      <GeneratedReportPanel result={makeProcessingResult()} jobId={65} otherPatientName={null} />,
    );
    const user = userEvent.setup({ delay: null });

    const sources = screen.getByRole('list', { name: 'Sources of History of the index event' });
    await user.click(within(sources).getByRole('button', { name: SOURCE }));

    const view = await screen.findByRole('dialog', { name: SOURCE }, slow);
    expect(
      await within(view).findByRole(
        'img',
        { name: 'Page 3 of discharge-summary.pdf as it looks in the original' },
        slow,
      ),
    ).toHaveAttribute('src', 'http://api.test/api/files/signed-page-image');
    expect(within(view).getByTestId('passage-box')).toHaveStyle({ left: '12%', top: '30%', width: '60%' });
    expect((await within(view).findByText(CITED, {}, slow)).tagName).toBe('MARK');
    expect(asked).toEqual(
      expect.arrayContaining([
        'text 101 patients/101/documents/discharge-summary.pdf 3',
        'image 101 3 chunk=9001',
      ]),
    );

    await user.click(within(view).getByRole('button', { name: 'Open in bundle (page 17)' }));
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith(
        'http://api.test/api/files/signed-bundle-101?disposition=inline#page=17',
        '_blank',
        'noopener',
      ),
    );
    opened.mockRestore();
  });

  it('name each source by where it is, read by OCR or not', () => {
    renderWithProviders(
      <GeneratedReportPanel result={makeProcessingResult()} jobId={65} otherPatientName={null} />,
    );

    expect(
      within(screen.getByRole('list', { name: 'Sources of Prognosis' })).getByRole('button', {
        name: '[1] orthopaedic-letter.pdf, page 2, read by OCR',
      }),
    ).toBeVisible();
  });
});

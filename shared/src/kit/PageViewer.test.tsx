import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  answerCall,
  answerCallWith,
  HttpResponse,
  makeDocumentPage,
  makePageImage,
  renderWithProviders,
  setupApiServer,
} from '@ewrt/shared/testing';
import { patientPageSource } from './patientPageSource';
import { PageViewer, type PageLocation } from './PageViewer';

jest.setTimeout(60_000);

const server = setupApiServer();

const CITED: PageLocation = {
  filename: 'mri.pdf',
  s3_key: 'key_mri_report_000000001',
  page: 2,
  bundle_page: null,
  chunk_id: 501,
  source: 'text',
  ocr_confidence: null,
  location_details: { content_preview: 'MRI lumbar spine on 14/03/2024 showed an L4/5 disc protrusion.' },
};
const TITLE = 'Source 1: mri.pdf, page 2';
const pages = patientPageSource(101);
const slow = { timeout: 8_000 };

/** Answers each page's text and image as a 3-page document in a bundle starting at page 6; records what was asked. */
function pagesOfTheRecord() {
  const asked: string[] = [];
  server.use(
    answerCallWith('getDocumentPage', ({ params }) =>
      HttpResponse.json(
        makeDocumentPage({ page: Number(params.page), bundle_page: 5 + Number(params.page) }),
      ),
    ),
    answerCallWith('getPatientPageImage', ({ params, request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(
        `${String(params.patientId)}/${String(params.page)} dpi=${query.get('dpi')} chunk=${query.get('chunk_id') ?? '-'}`,
      );
      return HttpResponse.json(
        makePageImage({
          page: Number(params.page),
          passage_boxes: query.get('chunk_id') ? [{ x: 0.1, y: 0.2, width: 0.15, height: 0.015 }] : [],
          words: [
            // A word read well, then one OCR was unsure of.
            makePageImage().words[0]!,
            {
              text: 'Broehenat',
              x: 0.3,
              y: 0.5,
              width: 0.1,
              height: 0.02,
              ocr_confidence: 41,
              low_confidence: true,
            },
          ],
        }),
      );
    }),
  );
  return asked;
}

/** A screen with one source: its button opens the viewer, which closes back to it. */
function OneSource({ location }: { location: PageLocation }) {
  const [open, setOpen] = useState<PageLocation | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(location)}>
        Open the source
      </button>
      <PageViewer citation={open} title={TITLE} source={pages} onClose={() => setOpen(null)} />
    </>
  );
}

async function openDialog(location: PageLocation = CITED) {
  renderWithProviders(<OneSource location={location} />);
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Open the source' }));
  const view = await screen.findByRole('dialog', { name: TITLE }, slow);
  return { user, view };
}

async function openViewer(location: PageLocation = CITED) {
  const { user, view } = await openDialog(location);
  await within(view).findByRole(
    'img',
    { name: `Page ${location.page} of mri.pdf as it looks in the original` },
    slow,
  );
  return { user, view };
}

const imageGroup = (view: HTMLElement, page: number) =>
  within(view).getByRole('group', { name: new RegExp(`^Image of page ${page} of mri\\.pdf`) });

describe('the page viewer', () => {
  it('marks the cited passage where the server placed it, and outlines the words OCR was unsure of', async () => {
    const asked = pagesOfTheRecord();
    const { view } = await openViewer();

    const image = within(view).getByRole('img', { name: 'Page 2 of mri.pdf as it looks in the original' });
    expect(image).toHaveAttribute('src', 'http://api.test/api/files/signed-page-image');
    const boxes = within(view).getAllByTestId('passage-box');
    expect(boxes).toHaveLength(1);
    expect(boxes[0]).toHaveStyle({ left: '10%', top: '20%', width: '15%', height: '1.5%' });
    // The dialog's opening animation ends first: until then antd keeps it transparent.
    await waitFor(() =>
      expect(within(view).getByText(/The cited passage is marked on the page\./)).toBeVisible(),
    );

    // Only the low-confidence word is outlined, where the server placed it, named with what OCR read.
    const unsure = within(view).getAllByTestId('low-confidence-word');
    expect(unsure).toHaveLength(1);
    expect(unsure[0]).toHaveAttribute('title', 'Read as \u201cBroehenat\u201d with 41% confidence');
    expect(unsure[0]).toHaveStyle({ left: '30%', top: '50%', width: '10%', height: '2%' });
    expect(within(view).getByText(/read by OCR with low confidence/)).toBeVisible();

    // The text stays beside the image as its accessible reading, the passage highlighted.
    const cited = await within(view).findByText(
      'MRI lumbar spine on 14/03/2024 showed an L4/5 disc protrusion.',
    );
    expect(cited.tagName).toBe('MARK');
    expect(within(view).getByRole('generic', { name: 'Text of page 2 of mri.pdf' })).toBeVisible();
    expect(asked).toEqual(['101/2 dpi=100 chunk=501']);
  });

  it('pages with the arrow keys on the focused image, marking the passage on its own page only', async () => {
    const asked = pagesOfTheRecord();
    const { user, view } = await openViewer();

    imageGroup(view, 2).focus();
    await user.keyboard('{ArrowRight}');
    await within(view).findByRole('img', { name: 'Page 3 of mri.pdf as it looks in the original' }, slow);
    expect(within(view).getByText('3 of 3')).toBeInTheDocument();
    expect(within(view).queryByTestId('passage-box')).not.toBeInTheDocument();
    expect(within(view).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(asked).toContain('101/3 dpi=100 chunk=-');

    imageGroup(view, 3).focus();
    await user.keyboard('{ArrowLeft}');
    await within(view).findByRole('img', { name: 'Page 2 of mri.pdf as it looks in the original' }, slow);
    expect(await within(view).findAllByTestId('passage-box', {}, slow)).toHaveLength(1);
  });

  it('pages with the buttons, and goes back to the cited page', async () => {
    pagesOfTheRecord();
    const { user, view } = await openViewer();

    await user.click(within(view).getByRole('button', { name: 'Previous page' }));
    await within(view).findByRole('img', { name: 'Page 1 of mri.pdf as it looks in the original' }, slow);
    expect(within(view).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(within(view).getByRole('button', { name: 'Back to the cited page (2)' }));
    await within(view).findByRole('img', { name: 'Page 2 of mri.pdf as it looks in the original' }, slow);
    expect(await within(view).findAllByTestId('passage-box', {}, slow)).toHaveLength(1);
  });

  it('zooms with the buttons and with + and \u2212 on the focused image, drawing a finer page as it grows', async () => {
    const asked = pagesOfTheRecord();
    const { user, view } = await openViewer();
    expect(within(view).getByTestId('page-image-frame')).toHaveStyle({ width: '100%' });

    await user.click(within(view).getByRole('button', { name: 'Zoom in' }));
    expect(await within(view).findByText('Zoom 150%')).toBeVisible();
    await waitFor(() => expect(asked.at(-1)).toBe('101/2 dpi=150 chunk=501'));
    await waitFor(() => expect(within(view).getByTestId('page-image-frame')).toHaveStyle({ width: '150%' }));

    imageGroup(view, 2).focus();
    await user.keyboard('+');
    expect(await within(view).findByText('Zoom 200%')).toBeVisible();
    await waitFor(() => expect(asked.at(-1)).toBe('101/2 dpi=200 chunk=501'));
    expect(within(view).getByRole('button', { name: 'Zoom in' })).toBeDisabled();

    await user.keyboard('---');
    expect(await within(view).findByText('Zoom 75%')).toBeVisible();
    expect(within(view).getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    // The marked passage stays where the server placed it, whatever the zoom.
    expect(await within(view).findAllByTestId('passage-box')).toHaveLength(1);
  });

  it('keeps the text when the page cannot be drawn, saying why in the server\u2019s words', async () => {
    server.use(
      answerCallWith('getDocumentPage', makeDocumentPage()),
      answerCallWith('getPatientPageImage', () =>
        HttpResponse.json(
          { message: 'The page cannot be shown as an image on this server: poppler-utils is not installed' },
          { status: 422 },
        ),
      ),
    );
    const { view } = await openDialog();

    // Visible once the dialog has finished opening.
    await waitFor(() => expect(within(view).getByText(/poppler-utils is not installed/)).toBeVisible(), slow);
    expect(within(view).getByText('The page\u2019s text is shown beside it.')).toBeVisible();
    expect(within(view).queryByRole('img', { name: /as it looks in the original/ })).not.toBeInTheDocument();
    expect(
      await within(view).findByText('MRI lumbar spine on 14/03/2024 showed an L4/5 disc protrusion.'),
    ).toBeVisible();
  });

  it('says the page image failed in its own words when the server gives none', async () => {
    server.use(
      answerCallWith('getDocumentPage', makeDocumentPage()),
      answerCallWith('getPatientPageImage', () => new HttpResponse(null, { status: 500 })),
    );
    const { view } = await openDialog();

    await waitFor(() => expect(within(view).getByText('Failed to load the page image')).toBeVisible(), slow);
  });

  it('opens the same page in the patient\u2019s bundle at the page the server gives', async () => {
    pagesOfTheRecord();
    server.use(
      answerCall('getBundleDownload', ({ params }) => ({
        download_url: `http://api.test/api/files/signed-bundle-${params.id}`,
        filename: 'bundle.pdf',
      })),
    );
    const opened = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { user, view } = await openViewer();

    await user.click(await within(view).findByRole('button', { name: 'Open in bundle (page 7)' }));

    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith(
        'http://api.test/api/files/signed-bundle-101?disposition=inline#page=7',
        '_blank',
        'noopener',
      ),
    );
    opened.mockRestore();
  });

  it('shows a page with nothing marked when it is opened without a passage', async () => {
    const asked = pagesOfTheRecord();
    const { view } = await openViewer({ ...CITED, page: 1, chunk_id: null, location_details: undefined });

    expect(within(view).queryByTestId('passage-box')).not.toBeInTheDocument();
    expect(within(view).queryByText(/The cited passage/)).not.toBeInTheDocument();
    expect(within(view).queryByText(/no longer part of this page/)).not.toBeInTheDocument();
    expect(asked).toEqual(['101/1 dpi=100 chunk=-']);
  });
});

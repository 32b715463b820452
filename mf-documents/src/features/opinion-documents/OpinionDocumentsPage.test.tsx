import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatientDocument } from '@ewrt/contract';
import {
  HttpResponse,
  makeUser,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import { confirmDocumentDeletion } from '../testing-support/confirmDocumentDeletion';
import { makeDocumentDeleteResponse } from '../testing-support/documentFixtures';
import { apiError } from '../testing-support/documentsApiHandlers';
import { LocationDisplay } from '../testing-support/LocationDisplay';
import { makeOpinionDocument, makeOpinionDocumentList } from '../testing-support/opinionApiHandlers';
import { recordLinkClicks, type ClickedLink } from '../testing-support/recordLinkClicks';
import { OpinionDocumentsPage } from './OpinionDocumentsPage';

jest.setTimeout(40_000);
const slow = { timeout: 8_000 };

const SPINE = makeOpinionDocument({
  filename: 'opinion-lumbar-spine-2024.pdf',
  s3_key: 'opinion_lumbar_spine_2024',
  size_bytes: 1_048_576,
  chunk_count: 30,
  process_id: '51',
});
const WHIPLASH = makeOpinionDocument({
  filename: 'whiplash-commentary.docx',
  s3_key: 'opinion_whiplash_commentary',
  file_type: 'docx',
  size_bytes: 524_288,
  chunk_count: 12,
  process_id: '52',
});

let documents: PatientDocument[];
let listings: number;

const server = setupApiServer(
  answerCallWith('listOpinionDocuments', () => {
    listings += 1;
    return HttpResponse.json(makeOpinionDocumentList(documents));
  }),
);

let clickedLinks: ClickedLink[];

beforeEach(() => {
  documents = [SPINE, WHIPLASH];
  listings = 0;
  clickedLinks = recordLinkClicks();
});

function renderPage() {
  renderWithProviders(
    <>
      <OpinionDocumentsPage />
      <LocationDisplay />
    </>,
    { route: '/opinion-documents', user: makeUser() },
  );
  return userEvent.setup();
}

async function loaded() {
  await screen.findByRole('cell', { name: /opinion-lumbar-spine-2024\.pdf/ }, slow);
}

const statistic = (title: string) =>
  screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-statistic');
const location = () => screen.getByTestId('location').textContent;

describe('OpinionDocumentsPage', () => {
  it('shows the explanation, the statistics and every document with its details', async () => {
    renderPage();
    await loaded();

    expect(screen.getByRole('heading', { level: 2, name: 'Opinion Documents' })).toBeVisible();
    expect(screen.getByText(/These are your own documents, kept apart from patient records/)).toBeVisible();
    expect(statistic('Documents')).toHaveTextContent('2');
    expect(statistic('Total Size')).toHaveTextContent('1.5 MB');
    expect(statistic('Indexed Passages')).toHaveTextContent('42');

    const row = screen.getByRole('row', { name: /whiplash-commentary\.docx/ });
    expect(within(row).getByText('DOCX')).toBeVisible();
    expect(within(row).getByText('512 KB')).toBeVisible();
    expect(within(row).getByText('52')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Download whiplash-commentary.docx' })).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Delete whiplash-commentary.docx' })).toBeVisible();
  });

  it('says so when a document has no text on any page, and names blank pages among read ones', async () => {
    documents = [
      SPINE,
      makeOpinionDocument({
        filename: 'scanned-cover.pdf',
        s3_key: 'opinion_scanned_cover',
        page_count: 2,
        pages_without_text: [1, 2],
        ocr_pages: [],
        blank_pages: [1, 2],
      }),
      makeOpinionDocument({
        filename: 'faxed-opinion.pdf',
        s3_key: 'opinion_faxed_opinion',
        page_count: 3,
        pages_without_text: [1, 2, 3],
        ocr_pages: [1, 3],
        ocr_confidence: null,
        blank_pages: [2],
      }),
    ];
    renderPage();
    await loaded();

    const cover = screen.getByRole('row', { name: /scanned-cover\.pdf/ });
    expect(within(cover).getByText('Blank: no text on any page')).toBeVisible();
    expect(within(cover).queryByText(/OCR:/)).not.toBeInTheDocument();
    const fax = screen.getByRole('row', { name: /faxed-opinion\.pdf/ });
    expect(within(fax).getByText('OCR: 2 pages')).toHaveAccessibleDescription('Read by OCR: pages 1, 3');
    expect(within(fax).getByText('Blank: page 2')).toBeVisible();
  });

  it('downloads a document from the signed link of the opinion call', async () => {
    const asked: string[] = [];
    server.use(
      answerCallWith('getOpinionDocumentDownload', ({ params }) => {
        asked.push(String(params.s3_key));
        return HttpResponse.json({ download_url: '/api/files/signed-whiplash', filename: WHIPLASH.filename });
      }),
    );
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Download whiplash-commentary.docx' }));

    await waitFor(() => expect(clickedLinks).toHaveLength(1));
    expect(asked).toEqual(['opinion_whiplash_commentary']);
    expect(clickedLinks[0]).toEqual({
      href: 'http://api.test/api/files/signed-whiplash',
      download: 'whiplash-commentary.docx',
    });
  });

  it('deletes a document after a confirmation naming it, then reloads the list and the statistics', async () => {
    const bodies: unknown[] = [];
    server.use(
      answerCallWith('deleteOpinionDocument', async ({ request }) => {
        bodies.push(await request.json());
        documents = [SPINE];
        return HttpResponse.json(makeDocumentDeleteResponse());
      }),
    );
    const user = renderPage();
    await loaded();

    await confirmDocumentDeletion(user, 'whiplash-commentary.docx');

    expect(await screen.findByText('whiplash-commentary.docx deleted successfully')).toBeVisible();
    expect(bodies).toEqual([{ s3_key: 'opinion_whiplash_commentary' }]);
    await waitFor(
      () => expect(screen.queryByRole('row', { name: /whiplash-commentary\.docx/ })).not.toBeInTheDocument(),
      slow,
    );
    expect(statistic('Documents')).toHaveTextContent('1');
    expect(statistic('Indexed Passages')).toHaveTextContent('30');
    expect(listings).toBe(2);
  });

  it('Cancel in the confirmation deletes nothing', async () => {
    let deletions = 0;
    server.use(
      answerCallWith('deleteOpinionDocument', () => {
        deletions += 1;
        return HttpResponse.json(makeDocumentDeleteResponse());
      }),
    );
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Delete whiplash-commentary.docx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' });
    expect(dialog).toHaveTextContent('your opinion questions are no longer answered from it');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletions).toBe(0);
    expect(screen.getByRole('row', { name: /whiplash-commentary\.docx/ })).toBeVisible();
  });

  it('a deletion whose automatic rebuild failed leaves a warning naming the file and the reason', async () => {
    server.use(
      answerCallWith('deleteOpinionDocument', () => {
        documents = [SPINE];
        return HttpResponse.json(makeDocumentDeleteResponse({ success: false, message: 'index is locked' }));
      }),
    );
    const user = renderPage();
    await loaded();

    await confirmDocumentDeletion(user, 'whiplash-commentary.docx');

    const warning = await screen.findByText(
      'whiplash-commentary.docx deleted, but vector store rebuild failed: index is locked',
    );
    expect(warning.closest('[role="status"]')).not.toBeNull();
  });

  it("a refused deletion shows the server's message and keeps the document", async () => {
    server.use(answerCallWith('deleteOpinionDocument', () => apiError(404, 'Opinion document not found')));
    const user = renderPage();
    await loaded();

    await confirmDocumentDeletion(user, 'whiplash-commentary.docx');

    expect(await screen.findByText('Opinion document not found')).toBeVisible();
    expect(screen.getByRole('row', { name: /whiplash-commentary\.docx/ })).toBeInTheDocument();
  });

  it('Rebuild Vectors starts a background job and says so', async () => {
    let rebuilds = 0;
    server.use(
      answerCallWith('rebuildOpinionVectors', () => {
        rebuilds += 1;
        return HttpResponse.json({ success: true, message: 'Rebuild queued', job_id: 88 }, { status: 202 });
      }),
    );
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: /Rebuild Vectors/ }));

    const notice = await screen.findByText(
      'Your opinion vector store is being rebuilt as background job 88.',
    );
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(rebuilds).toBe(1);
  });

  it("a failed rebuild shows 'Failed to rebuild opinion vector store'", async () => {
    server.use(answerCallWith('rebuildOpinionVectors', () => new HttpResponse(null, { status: 500 })));
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: /Rebuild Vectors/ }));

    expect(await screen.findByText('Failed to rebuild opinion vector store')).toBeVisible();
  });

  it('Download File List sends every name and downloads the list from the signed link', async () => {
    const lists: unknown[] = [];
    server.use(
      answerCallWith('generateOpinionFileList', async ({ request }) => {
        lists.push(await request.json());
        return HttpResponse.json({
          download_url: '/api/files/signed-opinion-list',
          filename: 'opinion_documents_list.txt',
        });
      }),
    );
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: /Download File List/ }));

    await waitFor(() => expect(clickedLinks).toHaveLength(1));
    expect(lists).toEqual([{ file_list: ['opinion-lumbar-spine-2024.pdf', 'whiplash-commentary.docx'] }]);
    expect(clickedLinks[0]).toEqual({
      href: 'http://api.test/api/files/signed-opinion-list',
      download: 'opinion_documents_list.txt',
    });
  });

  it("a file list that cannot be generated shows 'Failed to generate file list'", async () => {
    server.use(answerCallWith('generateOpinionFileList', () => new HttpResponse(null, { status: 500 })));
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: /Download File List/ }));

    expect(await screen.findByText('Failed to generate file list')).toBeVisible();
    expect(clickedLinks).toEqual([]);
  });

  it("with no documents, Download File List says 'No opinion documents available to download'", async () => {
    documents = [];
    let generated = 0;
    server.use(
      answerCallWith('generateOpinionFileList', () => {
        generated += 1;
        return HttpResponse.json({ download_url: '/api/files/x', filename: 'opinion_documents_list.txt' });
      }),
    );
    const user = renderPage();
    expect(await screen.findByText('You have no processed opinion documents yet.', {}, slow)).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Download File List/ }));

    expect(await screen.findByText('No opinion documents available to download')).toBeVisible();
    expect(generated).toBe(0);
  });

  it("a listing that fails shows 'Failed to load opinion documents'; Retry loads it again", async () => {
    let failing = true;
    server.use(
      answerCallWith('listOpinionDocuments', () =>
        failing
          ? new HttpResponse(null, { status: 500 })
          : HttpResponse.json(makeOpinionDocumentList(documents)),
      ),
    );
    const user = renderPage();

    expect(await screen.findByText('Failed to load opinion documents', {}, slow)).toBeVisible();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    await loaded();
    expect(screen.queryByText('Failed to load opinion documents')).not.toBeInTheDocument();
  });

  it("a refused listing shows the server's message under the failure", async () => {
    server.use(
      answerCallWith('listOpinionDocuments', () => apiError(403, 'Opinion documents need advanced tools')),
    );
    renderPage();

    expect(await screen.findByText('Failed to load opinion documents', {}, slow)).toBeVisible();
    expect(screen.getByText('Opinion documents need advanced tools')).toBeVisible();
  });

  it.each([
    ['Opinion Upload', '/opinions/upload'],
    ['Opinion Query', '/opinions/query'],
  ])('%s opens %s', async (name, path) => {
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: new RegExp(name) }));

    expect(location()).toBe(path);
  });
});

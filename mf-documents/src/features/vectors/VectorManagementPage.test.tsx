import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { PatientDocument } from '@ewrt/contract';
import { AppProviders, sessionStore } from '@ewrt/shared';
import {
  answerCall,
  HttpResponse,
  makePatient,
  makeUser,
  provideRuntimeConfig,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import { DocumentsApp } from '../../app/DocumentsApp';
import { confirmDocumentDeletion } from '../testing-support/confirmDocumentDeletion';
import {
  makeDocumentDeleteResponse,
  makePatientDocument,
  makePatientDocumentList,
  makeProcessingCapabilities,
} from '../testing-support/documentFixtures';
import { apiError } from '../testing-support/documentsApiHandlers';
import { LocationDisplay } from '../testing-support/LocationDisplay';
import { recordLinkClicks, type ClickedLink } from '../testing-support/recordLinkClicks';
import { renderDocumentsApp } from '../testing-support/renderDocumentsApp';

jest.setTimeout(40_000);
const slow = { timeout: 8_000 };

const PATIENT = makePatient({ ID_Patient: 101, FirstName: 'Alex', Surname: 'Example', MRN: 'DEMO-0101' });
const SUMMARY = makePatientDocument({
  filename: 'discharge-summary.pdf',
  s3_key: 'key_discharge_summary_0001',
  size_bytes: 1_048_576,
  chunk_count: 30,
});
const LETTER = makePatientDocument({
  filename: 'gp-letter.docx',
  s3_key: 'key_gp_letter_000000002',
  file_type: 'docx',
  size_bytes: 524_288,
  chunk_count: 12,
  process_id: '42',
});

let documents: PatientDocument[];
const requests: { method: string; path: string; body?: unknown }[] = [];

const server = setupApiServer(
  answerCall('getPatient', () => PATIENT),
  answerCallWith('listPatientDocuments', ({ request }) => {
    requests.push({ method: 'GET', path: new URL(request.url).pathname });
    return HttpResponse.json(makePatientDocumentList(documents));
  }),
  // Process Documents opens the processing screen, which asks what the server can read.
  answerCallWith('getProcessingCapabilities', makeProcessingCapabilities()),
);

let clickedLinks: ClickedLink[];

beforeEach(() => {
  documents = [SUMMARY, LETTER];
  requests.length = 0;
  clickedLinks = recordLinkClicks();
});

function renderPage(route = '/documents/patient/101') {
  renderDocumentsApp(route);
  return userEvent.setup();
}

async function loaded() {
  await screen.findByRole('cell', { name: /discharge-summary\.pdf/ }, slow);
}

const location = () => screen.getByTestId('location').textContent;

describe('VectorManagementPage', () => {
  it('explains vectors in plain words and shows the statistics and the documents', async () => {
    renderPage();
    await loaded();

    expect(screen.getByRole('heading', { level: 2, name: 'Vector Management' })).toBeVisible();
    expect(await screen.findByText('Alex Example · MRN DEMO-0101', {}, slow)).toBeVisible();
    expect(
      screen.getByText(
        /Vectors are the indexed passages of this patient's records that questions are answered from/,
      ),
    ).toBeVisible();
    expect(screen.getByText('Total Documents').closest('.ant-statistic')).toHaveTextContent('2');
    expect(screen.getByText('Total Size').closest('.ant-statistic')).toHaveTextContent('1.5 MB');
    expect(screen.getByText('Vector Count').closest('.ant-statistic')).toHaveTextContent('42');

    const letterRow = screen.getByRole('row', { name: /gp-letter\.docx/ });
    expect(within(letterRow).getByText('DOCX')).toBeVisible();
    expect(within(letterRow).getByText('512 KB')).toBeVisible();
    expect(within(letterRow).getByRole('button', { name: 'Download gp-letter.docx' })).toBeVisible();
    expect(within(letterRow).getByRole('button', { name: 'Delete gp-letter.docx' })).toBeVisible();
  });

  it('tags the pages read by OCR with their mean confidence, the pages to check and the pages not read', async () => {
    documents = [
      SUMMARY,
      makePatientDocument({
        filename: 'gp-fax.pdf',
        s3_key: 'key_gp_fax_000000003',
        page_count: 5,
        pages_without_text: [1, 2, 3, 4, 5],
        ocr_pages: [1, 2, 3, 4],
        ocr_confidence: 83.4,
        low_confidence_pages: [2, 4],
        unreadable_pages: [5],
        blank_pages: [],
      }),
    ];
    const user = renderPage();
    await loaded();

    const row = screen.getByRole('row', { name: /gp-fax\.pdf/ });
    const ocrTag = within(row).getByText('OCR: 4 pages');
    expect(ocrTag).toHaveAccessibleDescription('Read by OCR: pages 1, 2, 3, 4, mean confidence 83 %');
    expect(within(row).getByText('Low OCR confidence: check pages 2, 4')).toBeVisible();
    expect(within(row).getByText('Unreadable: page 5')).toBeVisible();
    // The OCR tag is reachable from the keyboard, and its tooltip says the confidence.
    await user.hover(ocrTag);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Read by OCR: pages 1, 2, 3, 4, mean confidence 83 %',
    );
    expect(ocrTag).toHaveAttribute('tabindex', '0');
    // A document whose every page had a text layer carries no reading tag.
    const summaryRow = screen.getByRole('row', { name: /discharge-summary\.pdf/ });
    expect(within(summaryRow).queryByText(/OCR|Unreadable|Blank/)).not.toBeInTheDocument();
  });

  it('downloads a document from the signed link the server answers', async () => {
    const asked: string[] = [];
    server.use(
      answerCallWith('getDocumentDownload', ({ params }) => {
        asked.push(`${String(params.patientId)}/${String(params.s3_key)}`);
        return HttpResponse.json({ download_url: '/api/files/signed-letter', filename: 'gp-letter.docx' });
      }),
    );
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Download gp-letter.docx' }));

    await waitFor(() => expect(clickedLinks).toHaveLength(1));
    expect(asked).toEqual(['101/key_gp_letter_000000002']);
    expect(clickedLinks[0]).toEqual({
      href: 'http://api.test/api/files/signed-letter',
      download: 'gp-letter.docx',
    });
  });

  it("a failed download shows 'Failed to download document'", async () => {
    server.use(answerCallWith('getDocumentDownload', () => new HttpResponse(null, { status: 500 })));
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Download gp-letter.docx' }));

    expect(await screen.findByText('Failed to download document')).toBeVisible();
    expect(clickedLinks).toEqual([]);
  });

  it('deletes a document after a confirmation naming the file, then reloads the list', async () => {
    const deleted: unknown[] = [];
    server.use(
      answerCallWith('deleteDocument', async ({ request, params }) => {
        deleted.push({ patientId: params.patientId, body: await request.json() });
        documents = [SUMMARY];
        return HttpResponse.json(makeDocumentDeleteResponse());
      }),
    );
    const user = renderPage();
    await loaded();

    await confirmDocumentDeletion(user, 'gp-letter.docx');

    expect(await screen.findByText('gp-letter.docx deleted successfully')).toBeVisible();
    expect(deleted).toEqual([{ patientId: '101', body: { s3_key: 'key_gp_letter_000000002' } }]);
    await waitFor(
      () => expect(screen.queryByRole('row', { name: /gp-letter\.docx/ })).not.toBeInTheDocument(),
      slow,
    );
    expect(screen.getByText('Total Documents').closest('.ant-statistic')).toHaveTextContent('1');
    expect(requests).toHaveLength(2);
  });

  it('Cancel in the confirmation deletes nothing', async () => {
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Delete gp-letter.docx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /gp-letter\.docx/ })).toBeVisible();
  });

  it('a deletion whose automatic rebuild failed leaves a warning naming the file and the reason', async () => {
    server.use(
      answerCallWith('deleteDocument', () => {
        documents = [SUMMARY];
        return HttpResponse.json(makeDocumentDeleteResponse({ success: false, message: 'index is locked' }));
      }),
    );
    const user = renderPage();
    await loaded();

    await confirmDocumentDeletion(user, 'gp-letter.docx');

    const warning = await screen.findByText(
      'gp-letter.docx deleted, but vector store rebuild failed: index is locked',
    );
    expect(warning.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('gp-letter.docx deleted successfully')).not.toBeInTheDocument();
  });

  it("a refused deletion shows 'Failed to delete document' and keeps the document", async () => {
    server.use(answerCallWith('deleteDocument', () => new HttpResponse(null, { status: 500 })));
    const user = renderPage();
    await loaded();

    await confirmDocumentDeletion(user, 'gp-letter.docx');

    expect(await screen.findByText('Failed to delete document')).toBeVisible();
    expect(screen.getByRole('row', { name: /gp-letter\.docx/ })).toBeInTheDocument();
  });

  it("the server's message is preferred when a deletion is refused", async () => {
    server.use(answerCallWith('deleteDocument', () => apiError(404, 'Document not found')));
    const user = renderPage();
    await loaded();

    await confirmDocumentDeletion(user, 'gp-letter.docx');

    expect(await screen.findByText('Document not found')).toBeVisible();
  });

  it('Rebuild Vectors starts a background job and links to the job list', async () => {
    const rebuilds: string[] = [];
    server.use(
      answerCallWith('rebuildPatientVectors', ({ params }) => {
        rebuilds.push(String(params.patientId));
        return HttpResponse.json({ success: true, message: 'Rebuild queued', job_id: 77 }, { status: 202 });
      }),
      // The job list the link opens.
      answerCallWith('listPatientJobs', { jobs: [] }),
    );
    // The job list listens for job updates on the configured socket.
    provideRuntimeConfig();
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: /Rebuild Vectors/ }));

    expect(await screen.findByText('The vector store is being rebuilt as background job 77.')).toBeVisible();
    expect(rebuilds).toEqual(['101']);
    await user.click(screen.getByRole('link', { name: 'Follow it in the job list' }));
    await waitFor(() => expect(location()).toBe('/patient/101/jobs'));
  });

  it("a failed rebuild shows 'Failed to rebuild vector store'", async () => {
    server.use(answerCallWith('rebuildPatientVectors', () => new HttpResponse(null, { status: 500 })));
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: /Rebuild Vectors/ }));

    expect(await screen.findByText('Failed to rebuild vector store')).toBeVisible();
  });

  it('Download File List asks for a list of every file name and downloads it', async () => {
    const lists: unknown[] = [];
    server.use(
      answerCallWith('generateFileList', async ({ request }) => {
        lists.push(await request.json());
        return HttpResponse.json({
          download_url: '/api/files/signed-list',
          filename: 'patient_101_document_list.txt',
        });
      }),
    );
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: /Download File List/ }));

    await waitFor(() => expect(clickedLinks).toHaveLength(1));
    expect(lists).toEqual([{ file_list: ['discharge-summary.pdf', 'gp-letter.docx'] }]);
    expect(clickedLinks[0]).toEqual({
      href: 'http://api.test/api/files/signed-list',
      download: 'patient_101_document_list.txt',
    });
  });

  it("without documents, Download File List says 'No documents available to download' and asks nothing", async () => {
    documents = [];
    const user = renderPage();
    expect(
      await screen.findByText('No documents have been processed for this patient yet.', {}, slow),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Download File List/ }));

    expect(await screen.findByText('No documents available to download')).toBeVisible();
    expect(clickedLinks).toEqual([]);
  });

  it("a failed file list shows 'Failed to generate file list'", async () => {
    server.use(answerCallWith('generateFileList', () => new HttpResponse(null, { status: 500 })));
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: /Download File List/ }));

    expect(await screen.findByText('Failed to generate file list')).toBeVisible();
  });

  it('Process Documents and Dashboard lead to the patient', async () => {
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: /Process Documents/ }));
    await waitFor(() => expect(location()).toBe('/documents/process?patientId=101'));
  });

  it('Dashboard opens the patient dashboard', async () => {
    const user = renderPage();
    await loaded();

    await user.click(screen.getByRole('button', { name: /Dashboard/ }));
    await waitFor(() => expect(location()).toBe('/patients/101/dashboard'));
  });

  it('a failed load shows the error view; Retry loads again', async () => {
    let failing = true;
    server.use(
      answerCallWith('listPatientDocuments', () =>
        failing
          ? new HttpResponse(null, { status: 500 })
          : HttpResponse.json(makePatientDocumentList(documents)),
      ),
    );
    const user = renderPage();

    expect(await screen.findByText('Error loading patient documents', {}, slow)).toBeVisible();
    expect(screen.getByText('Failed to load documents')).toBeVisible();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await loaded();
    expect(screen.queryByText('Error loading patient documents')).not.toBeInTheDocument();
  });

  it("the error view shows the server's message and Go Back returns to the previous screen", async () => {
    server.use(answerCallWith('listPatientDocuments', () => apiError(403, 'Access denied for this patient')));
    sessionStore.signIn('test-token', makeUser());
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/patients/101/dashboard', '/documents/patient/101']} initialIndex={1}>
          <DocumentsApp />
          <LocationDisplay />
        </MemoryRouter>
      </AppProviders>,
    );
    const user = userEvent.setup();

    expect(await screen.findByText('Error loading patient documents', {}, slow)).toBeVisible();
    expect(screen.getByText('Access denied for this patient')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(location()).toBe('/patients/101/dashboard'));
  });
});

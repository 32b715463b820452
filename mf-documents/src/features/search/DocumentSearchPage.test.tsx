import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectedPatientStore } from '@ewrt/shared';
import {
  answerCall,
  HttpResponse,
  makePatient,
  makeUser,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import { makePatientDocument, makePatientDocumentList } from '../testing-support/documentFixtures';
import { apiError } from '../testing-support/documentsApiHandlers';
import { LocationDisplay } from '../testing-support/LocationDisplay';
import { recordLinkClicks, type ClickedLink } from '../testing-support/recordLinkClicks';
import { DocumentSearchPage } from './DocumentSearchPage';

jest.setTimeout(40_000);
const slow = { timeout: 8_000 };

const patient = makePatient({ ID_Patient: 101, FirstName: 'Alex', Surname: 'Example', MRN: 'DEMO-0101' });
const documents = [
  makePatientDocument({
    filename: 'discharge-summary.pdf',
    size_bytes: 1536,
    process_id: '41',
    s3_key: 'key_discharge_0001',
    file_type: 'pdf',
    processed_date: '2026-01-06T10:20:00.000Z',
  }),
  makePatientDocument({
    filename: 'gp-letter.docx',
    size_bytes: 2 * 1024 * 1024,
    process_id: '57',
    s3_key: 'key_gpletter_00002',
    file_type: 'docx',
  }),
  makePatientDocument({
    filename: 'notes.txt',
    size_bytes: 512,
    process_id: '141',
    s3_key: 'key_notes_0000003',
    file_type: 'txt',
  }),
];

const server = setupApiServer(
  answerCall('getPatient', () => patient),
  answerCallWith('listPatientDocuments', makePatientDocumentList(documents)),
);

/** The links the page followed to save files. */
let followed: ClickedLink[] = [];

beforeEach(() => {
  followed = recordLinkClicks();
});

function renderPage(route = '/documents/search?patientId=101') {
  return renderWithProviders(
    <>
      <DocumentSearchPage />
      <LocationDisplay />
    </>,
    { route, user: makeUser() },
  );
}

function statistic(title: string): string {
  return (
    screen.getByText(title).closest('.ant-statistic')?.querySelector('.ant-statistic-content')?.textContent ??
    ''
  );
}

function rowNames(): string[] {
  return Array.from(document.querySelectorAll('tbody tr[data-row-key]')).map(
    (row) => row.querySelectorAll('td')[0]?.textContent ?? '',
  );
}

async function listed() {
  await screen.findByText('discharge-summary.pdf', {}, slow);
}

it('without a patient: a warning with Select Patient, which opens the patient search', async () => {
  const user = userEvent.setup();
  renderPage('/documents/search');
  expect(
    screen.getByText('No patient selected. Please select a patient from the Patient menu first.'),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Select Patient' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/patients');
});

it('shows the selected patient, the statistics and the table: type badge, size, en-GB date, process ID', async () => {
  renderPage();
  await listed();
  expect(screen.getByText('Selected patient: Alex Example · MRN DEMO-0101')).toBeInTheDocument();
  expect(statistic('Total documents')).toBe('3');
  expect(statistic('Filtered results')).toBe('3');
  expect(statistic('Total size')).toBe('2 MB');
  expect(rowNames()).toEqual(['PDFdischarge-summary.pdf', 'DOCXgp-letter.docx', 'TXTnotes.txt']);
  const first = within(document.querySelector('tbody tr[data-row-key="key_discharge_0001"]') as HTMLElement);
  expect(first.getByText('1.5 KB')).toBeInTheDocument();
  expect(first.getByText(/^06\/01\/2026, \d{2}:\d{2}$/)).toBeInTheDocument();
  expect(first.getByText('41')).toBeInTheDocument();
});

it('tags scanned documents: OCR pages with their confidence, and a scan nothing could be read from', async () => {
  server.use(
    answerCallWith(
      'listPatientDocuments',
      makePatientDocumentList([
        makePatientDocument({
          filename: 'discharge-summary.pdf',
          s3_key: 'key_discharge_0001',
          page_count: 12,
          ocr_pages: [12],
          ocr_confidence: 91,
        }),
        makePatientDocument({
          filename: 'faxed-referral.pdf',
          s3_key: 'key_faxed_ref_0002',
          page_count: 2,
          pages_without_text: [1, 2],
          unreadable_pages: [1, 2],
        }),
      ]),
    ),
  );
  renderPage();
  await listed();

  const summary = screen.getByRole('row', { name: /discharge-summary\.pdf/ });
  expect(within(summary).getByText('OCR: 1 page')).toHaveAccessibleDescription(
    'Read by OCR: page 12, mean confidence 91 %',
  );
  const fax = screen.getByRole('row', { name: /faxed-referral\.pdf/ });
  expect(within(fax).getByText('No readable text on any page')).toBeVisible();
  expect(within(fax).getByText('Unreadable: pages 1, 2')).toBeVisible();
});

it('falls back to the selected patient when the address names none', async () => {
  selectedPatientStore.select(patient);
  renderPage('/documents/search');
  await listed();
  expect(screen.getByText('Selected patient: Alex Example · MRN DEMO-0101')).toBeInTheDocument();
});

it('filters by file name or process ID and counts the filtered results', async () => {
  const user = userEvent.setup();
  renderPage();
  await listed();
  const filter = screen.getByLabelText('Filter by filename or process ID');
  await user.type(filter, 'LETTER');
  expect(rowNames()).toEqual(['DOCXgp-letter.docx']);
  expect(statistic('Filtered results')).toBe('1');
  expect(statistic('Total documents')).toBe('3');
  await user.clear(filter);
  await user.type(filter, '41');
  expect(rowNames()).toEqual(['PDFdischarge-summary.pdf', 'TXTnotes.txt']);
});

it('Download asks for the signed link of that document and follows it', async () => {
  let asked = '';
  server.use(
    answerCallWith('getDocumentDownload', ({ params }) => {
      asked = `${String(params.patientId)}/${String(params.s3_key)}`;
      return HttpResponse.json({ download_url: '/api/files/signed-abc', filename: 'gp-letter.docx' });
    }),
  );
  const user = userEvent.setup();
  renderPage();
  await listed();
  await user.click(screen.getByRole('button', { name: 'Download gp-letter.docx' }));
  await waitFor(() => expect(followed).toHaveLength(1), slow);
  expect(asked).toBe('101/key_gpletter_00002');
  expect(followed[0]).toEqual({ href: 'http://api.test/api/files/signed-abc', download: 'gp-letter.docx' });
});

it('a download that fails says "Failed to download document"', async () => {
  server.use(answerCallWith('getDocumentDownload', () => new HttpResponse(null, { status: 500 })));
  const user = userEvent.setup();
  renderPage();
  await listed();
  await user.click(screen.getByRole('button', { name: 'Download notes.txt' }));
  expect(await screen.findByText('Failed to download document', {}, slow)).toBeInTheDocument();
  expect(followed).toEqual([]);
});

it('Generate File List sends the filtered file names and saves patient_{id}_document_list.txt', async () => {
  let body: unknown;
  server.use(
    answerCallWith('generateFileList', async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({
        download_url: '/api/files/list-token',
        filename: 'patient_101_document_list.txt',
      });
    }),
  );
  const user = userEvent.setup();
  renderPage();
  await listed();
  await user.type(screen.getByLabelText('Filter by filename or process ID'), '.pdf');
  await user.click(screen.getByRole('button', { name: /Generate File List/ }));
  await waitFor(() => expect(followed).toHaveLength(1), slow);
  expect(body).toEqual({ file_list: ['discharge-summary.pdf'] });
  expect(followed[0]).toEqual({
    href: 'http://api.test/api/files/list-token',
    download: 'patient_101_document_list.txt',
  });
});

it('Generate File List with nothing listed says "No documents available to download"; a failure says so', async () => {
  let calls = 0;
  server.use(
    answerCallWith('generateFileList', () => {
      calls += 1;
      return new HttpResponse(null, { status: 500 });
    }),
  );
  const user = userEvent.setup();
  renderPage();
  await listed();
  const filter = screen.getByLabelText('Filter by filename or process ID');
  await user.type(filter, 'no such file');
  await user.click(screen.getByRole('button', { name: /Generate File List/ }));
  expect(await screen.findByText('No documents available to download', {}, slow)).toBeInTheDocument();
  expect(calls).toBe(0);

  await user.clear(filter);
  await user.click(screen.getByRole('button', { name: /Generate File List/ }));
  expect(await screen.findByText('Failed to generate file list', {}, slow)).toBeInTheDocument();
  expect(calls).toBe(1);
});

it('a listing that fails says "Error loading patient documents"; Refresh loads again', async () => {
  let fail = true;
  server.use(
    answerCallWith('listPatientDocuments', () =>
      fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json(makePatientDocumentList(documents)),
    ),
  );
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByText('Error loading patient documents', {}, slow)).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: /Refresh/ }));
  await listed();
  expect(screen.queryByText('Error loading patient documents')).not.toBeInTheDocument();
});

it('a refusal from the server shows its message', async () => {
  server.use(answerCallWith('listPatientDocuments', () => apiError(403, 'No access to this patient')));
  renderPage();
  expect(await screen.findByText('No access to this patient', {}, slow)).toBeInTheDocument();
});

it.each([
  ['Process Documents', '/documents/process?patientId=101'],
  ['Dashboard', '/patients/101/dashboard'],
  ['Patient Search', '/patients'],
])('%s opens %s', async (name, path) => {
  const user = userEvent.setup();
  renderPage();
  await listed();
  await user.click(screen.getByRole('button', { name: new RegExp(name) }));
  expect(screen.getByTestId('location')).toHaveTextContent(path);
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { GeneratedDocument } from '@ewrt/contract';
import { formatDateTime } from '@ewrt/shared';
import {
  HttpResponse,
  makePatient,
  makeUser,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import {
  bareGeneratedReportError,
  generatedDocumentsListing,
  generatedReportApiError,
  makeGeneratedDocument,
} from '../testing-support/generatedReportHandlers';
import { GeneratedReportsPage } from './GeneratedReportsPage';

jest.setTimeout(30_000);
const slow = { timeout: 8_000 };

const PATIENT = makePatient();
const DRAFT = makeGeneratedDocument();
const PDF_COPY = makeGeneratedDocument({
  filename: 'Example_Alex_Summary.pdf',
  size_bytes: 512_000,
  created_date: '2026-03-05T09:10:00.000Z',
  job_id: 57,
  s3_key: 'patients/101/generated/job-57/Example_Alex_Summary.pdf',
  format: 'PDF',
  report_type: 'Clinical negligence',
  created_by: 'Sam Hughes',
});
const NOTES = makeGeneratedDocument({
  filename: 'Digest notes.txt',
  size_bytes: 900,
  job_id: null,
  s3_key: 'patients/101/generated/notes.txt',
  format: 'TXT',
  report_type: null,
  created_by: null,
});
const LISTING = generatedDocumentsListing([DRAFT, PDF_COPY, NOTES], 2.99);

const server = setupApiServer(answerCallWith('listGeneratedDocuments', LISTING));

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderPage({ route = '/generative-docs', selected = true } = {}) {
  renderWithProviders(
    <Routes>
      <Route path="/generative-docs" element={<GeneratedReportsPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route, user: makeUser(), selectedPatient: selected ? PATIENT : undefined },
  );
  return userEvent.setup({ delay: null });
}

const table = () => screen.findByRole('table', { name: 'Generated reports' }, slow);

/**
 * Waits until the list has loaded: its rows are in and the table is no longer busy (antd lifts its loading veil,
 * which swallows clicks, a render after the rows arrive).
 */
async function listShown() {
  await within(await table()).findByText(DRAFT.filename, {}, slow);
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), slow);
}
const statistics = () => within(screen.getByRole('region', { name: 'Statistics' }));
const rowOf = async (filename: string) =>
  within(
    within(await table())
      .getByText(filename)
      .closest('tr') as HTMLElement,
  );
/** The row of this document once the list has loaded. */
const loadedRowOf = async (filename: string) => {
  await listShown();
  return rowOf(filename);
};
const shownFilenames = async () =>
  within(await table())
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td .ant-typography')?.textContent);

/** Reads a Statistic's value by its title. */
function statistic(title: string) {
  const label = statistics().getByText(title);
  return label.closest('.ant-statistic')?.querySelector('.ant-statistic-content')?.textContent;
}

it('lists the patient’s reports with badge, size, en-GB date, job, type and author, and the statistics', async () => {
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Generated Reports' })).toBeInTheDocument();
  const draft = await loadedRowOf(DRAFT.filename);
  expect(screen.getByText('Patient: Alex Example · MRN DEMO-0101')).toBeInTheDocument();

  expect(draft.getByText('DOCX')).toBeInTheDocument();
  expect(draft.getByText('2.5 MB')).toBeInTheDocument();
  expect(formatDateTime(DRAFT.created_date)).toMatch(/^02\/03\/2026, \d{2}:\d{2}$/);
  expect(draft.getByText(formatDateTime(DRAFT.created_date))).toBeInTheDocument();
  expect(draft.getByText('42')).toBeInTheDocument();
  expect(draft.getByText('Personal injury')).toBeInTheDocument();
  expect(draft.getByText('Dr Asha Patel')).toBeInTheDocument();
  expect(draft.getByRole('button', { name: `Download ${DRAFT.filename}` })).toBeEnabled();
  expect(draft.getByRole('button', { name: `Delete ${DRAFT.filename}` })).toBeEnabled();

  const pdf = await rowOf(PDF_COPY.filename);
  expect(pdf.getByText('PDF')).toBeInTheDocument();
  expect(pdf.getByText('500 KB')).toBeInTheDocument();
  expect(pdf.getByText('Sam Hughes')).toBeInTheDocument();
  const notes = await rowOf(NOTES.filename);
  expect(notes.getByText('TXT')).toBeInTheDocument();
  expect(notes.getAllByText('Not recorded')).toHaveLength(3);

  expect(statistic('Total Reports')).toBe('3');
  expect(statistic('Filtered Results')).toBe('3');
  expect(statistic('Total Size in MB')).toBe('2.99');
});

it('filters by file name and by job id, counting the filtered results', async () => {
  const user = renderPage();
  await listShown();
  const search = screen.getByLabelText('Search by filename or job ID');
  // Pasted rather than typed: every keystroke filters and redraws the table, and proves nothing more.
  const searchFor = async (text: string) => {
    await user.clear(search);
    await user.paste(text);
  };

  await user.click(search);
  await searchFor('SUMMARY');
  expect(await shownFilenames()).toEqual([PDF_COPY.filename]);
  expect(statistic('Filtered Results')).toBe('1');
  expect(statistic('Total Reports')).toBe('3');

  await searchFor('42');
  expect(await shownFilenames()).toEqual([DRAFT.filename]);

  await searchFor('nothing like it');
  expect(await screen.findByText('No generated reports match your search.')).toBeInTheDocument();
  expect(statistic('Filtered Results')).toBe('0');
});

it('without reports, offers Generate First Report, which opens the draft report screen for this patient', async () => {
  server.use(answerCallWith('listGeneratedDocuments', generatedDocumentsListing([], 0)));
  const user = renderPage();
  await user.click(await screen.findByRole('button', { name: 'Generate First Report' }, slow));
  expect(screen.getByTestId('location')).toHaveTextContent('/draft-report?patientId=101');
});

it('downloads a report from its signed link and says so', async () => {
  let requested: unknown = null;
  server.use(
    answerCallWith('downloadGeneratedDocument', ({ params }) => {
      requested = params;
      return HttpResponse.json({ download_url: '/api/files/signed-57', filename: PDF_COPY.filename });
    }),
  );
  const clicked: { href: string; download: string }[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  const user = renderPage();
  await user.click((await loadedRowOf(PDF_COPY.filename)).getByRole('button', { name: /^Download/ }));

  expect(await screen.findByText('Document downloaded successfully', {}, slow)).toBeInTheDocument();
  expect(clicked).toEqual([{ href: 'http://api.test/api/files/signed-57', download: PDF_COPY.filename }]);
  expect(requested).toEqual({ patientId: '101', s3_key: PDF_COPY.s3_key });
});

it.each([
  ['the server’s message', () => generatedReportApiError(404, 'Document not found'), 'Document not found'],
  ['its own message', bareGeneratedReportError, 'Failed to download document'],
])('a failed download says so with %s', async (_, answer, shown) => {
  server.use(answerCallWith('downloadGeneratedDocument', answer));
  const user = renderPage();
  await user.click((await loadedRowOf(DRAFT.filename)).getByRole('button', { name: /^Download/ }));
  expect(await screen.findByText(shown, {}, slow)).toBeInTheDocument();
});

async function askToDelete(user: ReturnType<typeof userEvent.setup>, document: GeneratedDocument) {
  await user.click(
    (await loadedRowOf(document.filename)).getByRole('button', { name: `Delete ${document.filename}` }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Delete generated report' });
  expect(dialog).toHaveTextContent(`Delete ${document.filename}?`);
  return within(dialog);
}

it('deletes a report once confirmed (Cancel sends nothing), then lists the rest', async () => {
  const deleted: unknown[] = [];
  server.use(
    answerCallWith('deleteGeneratedDocument', ({ params }) => {
      deleted.push(params);
      server.use(answerCallWith('listGeneratedDocuments', generatedDocumentsListing([DRAFT, NOTES], 2.5)));
      return HttpResponse.json({ message: 'Document deleted' });
    }),
  );
  const user = renderPage();

  await user.click((await askToDelete(user, PDF_COPY)).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(deleted).toEqual([]);

  await user.click((await askToDelete(user, PDF_COPY)).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Document deleted successfully', {}, slow)).toBeInTheDocument();
  expect(deleted).toEqual([{ patientId: '101', s3_key: PDF_COPY.s3_key }]);
  await waitFor(() => expect(statistic('Total Reports')).toBe('2'), slow);
  expect(await shownFilenames()).toEqual([DRAFT.filename, NOTES.filename]);
  expect(statistic('Total Size in MB')).toBe('2.50');
});

it.each([
  [
    'the server’s message',
    () => generatedReportApiError(403, 'This feature is not available to you'),
    'This feature is not available to you',
  ],
  ['its own message', bareGeneratedReportError, 'Failed to delete document'],
])('a failed deletion says so with %s and keeps the report', async (_, answer, shown) => {
  server.use(answerCallWith('deleteGeneratedDocument', answer));
  const user = renderPage();
  const dialog = await askToDelete(user, DRAFT);
  await user.click(dialog.getByRole('button', { name: 'Delete' }));
  expect(await dialog.findByText(shown, {}, slow)).toBeInTheDocument();
  expect(within(await table()).getByText(DRAFT.filename)).toBeInTheDocument();
});

it.each([
  [
    'the server’s message',
    () => generatedReportApiError(403, 'This feature is not available to you'),
    'This feature is not available to you',
  ],
  ['its own message', bareGeneratedReportError, 'Error loading generative AI documents'],
])('when the list cannot be read, says so with %s and Retry lists it', async (_, answer, shown) => {
  server.use(answerCallWith('listGeneratedDocuments', answer));
  const user = renderPage();
  expect(await screen.findByText(shown, {}, slow)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Generate First Report' })).not.toBeInTheDocument();

  server.use(answerCallWith('listGeneratedDocuments', LISTING));
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  await listShown();
});

it('works on the ?patientId= patient rather than the selected one', async () => {
  const other = makePatient({ ID_Patient: 202, FirstName: 'Bea', Surname: 'Other', MRN: 'DEMO-0202' });
  const listed: unknown[] = [];
  server.use(
    answerCallWith('getPatient', other),
    answerCallWith('listGeneratedDocuments', ({ params }) => {
      listed.push(params.patientId);
      return HttpResponse.json(LISTING);
    }),
  );
  renderPage({ route: '/generative-docs?patientId=202' });
  expect(await screen.findByText('Patient: Bea Other · MRN DEMO-0202', {}, slow)).toBeInTheDocument();
  await listShown();
  expect(listed).toEqual(['202']);
});

it.each([
  [
    'no patient is selected',
    '/generative-docs',
    'No patient selected. Please select a patient from the Patient menu first.',
  ],
  [
    'the ?patientId= patient cannot be loaded',
    '/generative-docs?patientId=999',
    'Failed to load patient information',
  ],
])('when %s, says so, links to patient search and lists nothing', async (_, route, shown) => {
  let listings = 0;
  server.use(
    answerCallWith('getPatient', () => generatedReportApiError(404, 'Patient not found')),
    answerCallWith('listGeneratedDocuments', () => {
      listings += 1;
      return HttpResponse.json(LISTING);
    }),
  );
  renderPage({ route, selected: false });
  expect(await screen.findByText(shown, {}, slow)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Select Patient' })).toHaveAttribute('href', '/patients');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(listings).toBe(0);
});

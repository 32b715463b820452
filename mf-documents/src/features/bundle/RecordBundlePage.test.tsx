import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BundleStateResponse, OmittedDuplicate } from '@ewrt/contract';
import {
  answerCall,
  HttpResponse,
  makeDocumentPage,
  makePageImage,
  makePatient,
  makeUser,
  provideRuntimeConfig,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import { makeBundleDocument, makeBundleState, makeRecordBundle } from '../testing-support/bundleApiHandlers';
import { makeJob, makeJobStatusResponse } from '../testing-support/documentFixtures';
import { apiError } from '../testing-support/documentsApiHandlers';
import { LocationDisplay } from '../testing-support/LocationDisplay';
import { RecordBundlePage } from './RecordBundlePage';

jest.setTimeout(40_000);
const slow = { timeout: 8_000 };

const patient = makePatient({ ID_Patient: 101, FirstName: 'Alex', Surname: 'Example', MRN: 'DEMO-0101' });
const letter = makeBundleDocument({
  s3_key: 'key_letter_000001',
  filename: 'gp-letter.pdf',
  document_date: '2021-03-03',
  page_count: 2,
  position: 1,
});
const report = makeBundleDocument({
  s3_key: 'key_report_000002',
  filename: 'orthopaedic-report.docx',
  file_type: 'docx',
  document_date: '2023-04-03',
  page_count: 5,
  position: 2,
});
const notes = makeBundleDocument({
  s3_key: 'key_notes_0000003',
  filename: 'notes.txt',
  file_type: 'txt',
  document_date: null,
  page_count: 1,
  position: 3,
});
const documents = [letter, report, notes];

const server = setupApiServer(
  answerCall('getPatient', () => patient),
  answerCallWith('getBundle', makeBundleState({ documents })),
);

beforeEach(() => {
  // The socket URL of the job updates comes from the runtime configuration.
  provideRuntimeConfig();
});

function renderPage(route = '/pagination?patientId=101') {
  return renderWithProviders(
    <>
      <RecordBundlePage />
      <LocationDisplay />
    </>,
    { route, user: makeUser() },
  );
}

/** Each row's cells' text, the header row first. */
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));

/** The file names in the order the list shows them. */
function listedOrder(): string[] {
  const list = screen.getByRole('list', { name: 'Documents in bundle order' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelectorAll('strong')[1]?.textContent ?? '');
}

async function loaded() {
  await screen.findByRole('list', { name: 'Documents in bundle order' }, slow);
}

it('shows the title with the patient, and each document with its position, date or "Undated", and pages', async () => {
  renderPage();
  await loaded();
  expect(screen.getByRole('heading', { level: 2, name: 'Record Bundle' })).toBeInTheDocument();
  expect(screen.getByText('Alex Example · MRN DEMO-0101')).toBeInTheDocument();
  expect(listedOrder()).toEqual(['gp-letter.pdf', 'orthopaedic-report.docx', 'notes.txt']);
  const items = within(screen.getByRole('list', { name: 'Documents in bundle order' })).getAllByRole(
    'listitem',
  );
  expect(within(items[0]!).getByText('1.')).toBeInTheDocument();
  expect(within(items[0]!).getByText(/03\/03\/2021 · 2 pages/)).toBeInTheDocument();
  expect(within(items[2]!).getByText(/Undated · 1 page/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Move up: gp-letter.pdf' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Move down: notes.txt' })).toBeDisabled();
});

it('reorders with the keyboard buttons, then Save order sends the new order', async () => {
  const user = userEvent.setup();
  let sent: unknown = null;
  server.use(
    answerCallWith('saveBundleOrder', async ({ request }) => {
      sent = await request.json();
      const order = (sent as { s3_keys: string[] }).s3_keys;
      return HttpResponse.json(
        makeBundleState({
          order_saved: true,
          documents: order.map((key, index) => ({
            ...documents.find((document) => document.s3_key === key)!,
            position: index + 1,
          })),
        }),
      );
    }),
  );
  renderPage();
  await loaded();
  expect(screen.getByRole('button', { name: 'Save order' })).toBeDisabled();
  const down = screen.getByRole('button', { name: 'Move down: gp-letter.pdf' });
  down.focus();
  await user.keyboard('{Enter}');
  await user.keyboard('{Enter}');
  expect(listedOrder()).toEqual(['orthopaedic-report.docx', 'notes.txt', 'gp-letter.pdf']);
  // The focus stays with the moved document (its Move down is now disabled, so Move up has it).
  expect(screen.getByRole('button', { name: 'Move up: gp-letter.pdf' })).toHaveFocus();
  expect(screen.getByText('gp-letter.pdf moved to position 3 of 3')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save order' }));
  await waitFor(() =>
    expect(sent).toEqual({ s3_keys: ['key_report_000002', 'key_notes_0000003', 'key_letter_000001'] }),
  );
  expect(await screen.findByText('Order saved', {}, slow)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save order' })).toBeDisabled();
  expect(listedOrder()).toEqual(['orthopaedic-report.docx', 'notes.txt', 'gp-letter.pdf']);
});

it('keeps the user\u2019s order on screen when saving fails, with the server\u2019s message', async () => {
  const user = userEvent.setup();
  server.use(
    answerCallWith('saveBundleOrder', () =>
      apiError(
        400,
        'The order must name every processed document of this patient exactly once: notes.txt missing.',
      ),
    ),
  );
  renderPage();
  await loaded();
  await user.click(screen.getByRole('button', { name: 'Move up: notes.txt' }));
  await user.click(screen.getByRole('button', { name: 'Save order' }));
  expect(
    await screen.findByText(
      'The order must name every processed document of this patient exactly once: notes.txt missing.',
      {},
      slow,
    ),
  ).toBeInTheDocument();
  expect(listedOrder()).toEqual(['gp-letter.pdf', 'notes.txt', 'orthopaedic-report.docx']);
  expect(screen.getByRole('button', { name: 'Save order' })).toBeEnabled();
});

it('Reset to date order puts the list back in date order', async () => {
  const user = userEvent.setup();
  server.use(
    answerCallWith('getBundle', makeBundleState({ order_saved: true, documents: [notes, report, letter] })),
  );
  renderPage();
  await loaded();
  expect(listedOrder()).toEqual(['notes.txt', 'orthopaedic-report.docx', 'gp-letter.pdf']);
  await user.click(screen.getByRole('button', { name: 'Reset to date order' }));
  expect(listedOrder()).toEqual(['gp-letter.pdf', 'orthopaedic-report.docx', 'notes.txt']);
  expect(screen.getByRole('button', { name: 'Save order' })).toBeEnabled();
});

it('Generate bundle shows the job\u2019s progress, then the new bundle with its index', async () => {
  const user = userEvent.setup();
  const running = makeJob({
    id: 90,
    job_type: 'record_bundle',
    input_data: {},
    progress_percentage: 45,
    current_step_description: 'Placing gp-letter.pdf: page 1 of 2',
  });
  const answers: BundleStateResponse[] = [
    makeBundleState({ documents }),
    makeBundleState({ documents, active_job: running }),
    makeBundleState({ documents, bundle: makeRecordBundle(documents, { job_id: 90 }) }),
  ];
  let generated = false;
  server.use(
    answerCallWith('getBundle', () => HttpResponse.json(answers.length > 1 ? answers.shift()! : answers[0]!)),
    answerCallWith('generateBundle', () => {
      generated = true;
      return HttpResponse.json(
        { success: true, message: 'The bundle is being generated in the background', job_id: 90 },
        { status: 202 },
      );
    }),
  );
  renderPage();
  await loaded();
  await user.click(screen.getByRole('button', { name: 'Generate bundle' }));
  expect(generated).toBe(true);
  expect(await screen.findByText('Placing gp-letter.pdf: page 1 of 2', {}, slow)).toBeInTheDocument();
  expect(screen.getByText('Generating the bundle (job 90)')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Bundle progress' })).toHaveAttribute('aria-valuenow', '45');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Generate bundle' })).toBeDisabled());

  const card = (await screen.findByRole('heading', { name: 'Current bundle' }, slow)).closest('.ant-card')!;
  const bundle = within(card as HTMLElement);
  expect(bundle.getByText('Example_Alex_bundle_2026-01-07.pdf')).toBeInTheDocument();
  expect(bundle.getByText('9 (index: 1)')).toBeInTheDocument();
  const rows = Array.from(card.querySelectorAll('.ant-table-tbody tr')).map((row) =>
    Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent),
  );
  expect(rows).toEqual([
    ['1.', 'gp-letter.pdf', '03/03/2021', '2\u20133'],
    ['2.', 'orthopaedic-report.docx', '03/04/2023', '4\u20138'],
    ['3.', 'notes.txt', 'Undated', '9'],
  ]);
  expect(screen.queryByText(/Generate the bundle again/)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Generate bundle' })).toBeEnabled();
});

it('says why when the bundle job fails, and the previous bundle stays', async () => {
  const user = userEvent.setup();
  const previous = makeRecordBundle(documents, { job_id: 12 });
  const running = makeJob({ id: 91, job_type: 'record_bundle', input_data: {} });
  const answers: BundleStateResponse[] = [
    makeBundleState({ documents, bundle: previous }),
    makeBundleState({ documents, bundle: previous, active_job: running }),
    makeBundleState({ documents, bundle: previous }),
  ];
  server.use(
    answerCallWith('getBundle', () => HttpResponse.json(answers.length > 1 ? answers.shift()! : answers[0]!)),
    answerCallWith('generateBundle', {
      success: true,
      message: 'The bundle is being generated in the background',
      job_id: 91,
    }),
    answerCallWith(
      'getJobStatus',
      makeJobStatusResponse(
        makeJob({
          id: 91,
          status: 'failed',
          job_type: 'record_bundle',
          error_message: 'notes.txt could not be read',
        }),
      ),
    ),
  );
  renderPage();
  await loaded();
  await user.click(screen.getByRole('button', { name: 'Generate bundle' }));
  expect(
    await screen.findByText(
      'The bundle could not be made: notes.txt could not be read',
      {},
      { timeout: 12_000 },
    ),
  ).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Current bundle' })).toBeInTheDocument();
});

it('shows the server\u2019s message when a bundle job is already running', async () => {
  const user = userEvent.setup();
  server.use(
    answerCallWith('generateBundle', () =>
      apiError(
        409,
        'A bundle is already being generated for this patient (job 77). Wait for it to finish, or cancel it from the job list.',
      ),
    ),
  );
  renderPage();
  await loaded();
  await user.click(screen.getByRole('button', { name: 'Generate bundle' }));
  expect(
    await screen.findByText(/^A bundle is already being generated for this patient \(job 77\)/, {}, slow),
  ).toBeInTheDocument();
});

it('warns when the bundle is out of date, and Download bundle follows the signed link', async () => {
  const user = userEvent.setup();
  const followed: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    followed.push(this.href);
  });
  server.use(
    answerCallWith(
      'getBundle',
      makeBundleState({ documents, bundle: makeRecordBundle([letter, report], { out_of_date: true }) }),
    ),
    answerCallWith('getBundleDownload', {
      download_url: '/api/files/signed-token',
      filename: 'Example_Alex_bundle_2026-01-07.pdf',
    }),
  );
  renderPage();
  await loaded();
  expect(
    screen.getByText(
      'Documents were added, removed or reordered since this bundle was made. Generate the bundle again to include the changes.',
    ),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Download bundle' }));
  await waitFor(() => expect(followed).toEqual([expect.stringMatching(/\/api\/files\/signed-token$/)]));
});

it('lists the copies set aside as duplicates omitted, with the document each duplicates, now and in the bundle made', async () => {
  const rescan: OmittedDuplicate = {
    filename: 'gp-letter-rescan.pdf',
    description: 'Dr S Patel, GP — letter',
    document_date: '2021-03-03',
    duplicate_of: { filename: 'gp-letter.pdf', description: 'gp-letter.pdf', position: 1 },
  };
  const fax: OmittedDuplicate = {
    filename: 'report-fax.pdf',
    description: 'report-fax.pdf',
    document_date: null,
    duplicate_of: { filename: 'orthopaedic-report.docx', description: 'orthopaedic report', position: null },
  };
  server.use(
    answerCallWith(
      'getBundle',
      makeBundleState({
        documents,
        omitted_duplicates: [rescan, fax],
        bundle: makeRecordBundle(documents, { omitted_duplicates: [rescan] }),
      }),
    ),
  );
  renderPage();
  await loaded();
  const now = screen.getByRole('table', {
    name: 'Duplicates omitted: copies set aside in Records review, listed in the index but not in the bundle',
  });
  expect(rowTexts(now)).toEqual([
    ['Copy', 'Date', 'Kept in the bundle'],
    ['Dr S Patel, GP — letter' + 'gp-letter-rescan.pdf', '03/03/2021', 'Duplicate of No. 1: gp-letter.pdf'],
    ['report-fax.pdf', 'Undated', 'Duplicate of orthopaedic report'],
  ]);
  const made = screen.getByRole('table', {
    name: 'Duplicates omitted from this bundle (listed in its index)',
  });
  expect(rowTexts(made)).toEqual([
    ['Copy', 'Date', 'Kept in the bundle'],
    ['Dr S Patel, GP — letter' + 'gp-letter-rescan.pdf', '03/03/2021', 'Duplicate of No. 1: gp-letter.pdf'],
  ]);
});

it('lists no duplicates omitted when no copy is set aside', async () => {
  server.use(
    answerCallWith('getBundle', makeBundleState({ documents, bundle: makeRecordBundle(documents) })),
  );
  renderPage();
  await loaded();
  expect(screen.queryByText(/Duplicates omitted/)).not.toBeInTheDocument();
});

it('with no processed documents: an empty state whose Process Documents opens the processing screen', async () => {
  const user = userEvent.setup();
  server.use(answerCallWith('getBundle', makeBundleState()));
  renderPage();
  expect(
    await screen.findByText('This patient has no processed documents yet.', {}, slow),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Generate bundle' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Process Documents' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/documents/process?patientId=101');
});

it('shows the load failure with Retry', async () => {
  const user = userEvent.setup();
  server.use(
    answerCallWith('getBundle', () =>
      apiError(403, 'Pagination is available only for patients you have full or pagination access to'),
    ),
  );
  renderPage();
  expect(
    await screen.findByText(
      'Pagination is available only for patients you have full or pagination access to',
      {},
      slow,
    ),
  ).toBeInTheDocument();
  server.use(answerCallWith('getBundle', makeBundleState({ documents })));
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  await loaded();
});

it('without a patient: a warning with Select Patient', async () => {
  renderPage('/pagination');
  expect(screen.getByText('Select a patient to put their records in a bundle.')).toBeInTheDocument();
});

describe('the index descriptions', () => {
  it('shows where each description comes from and saves the one the expert writes', async () => {
    const described = makeBundleDocument({
      ...letter,
      description: 'Dr A. Shah \u2014 letter',
      description_source: 'document',
    });
    const sent: unknown[] = [];
    server.use(
      answerCallWith('getBundle', makeBundleState({ documents: [described, report, notes] })),
      answerCallWith('saveBundleDescription', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          makeBundleState({
            documents: [
              { ...described, description: 'GP referral letter, Dr A. Shah', description_source: 'expert' },
              report,
              notes,
            ],
          }),
        );
      }),
    );
    const user = userEvent.setup();
    renderPage();

    expect(
      await screen.findByText('Index: Dr A. Shah \u2014 letter', { exact: false }, slow),
    ).toHaveTextContent('(read from the document)');
    expect(screen.getByText('Index: notes.txt', { exact: false })).toHaveTextContent(
      '(no author or kind found: the file name)',
    );

    await user.click(screen.getByRole('button', { name: 'Edit description: index entry of gp-letter.pdf' }));
    const field = screen.getByRole('textbox', { name: 'Index description of gp-letter.pdf' });
    await user.type(field, 'GP referral letter, Dr A. Shah');
    await user.click(screen.getByRole('button', { name: 'Save description' }));

    expect(
      await screen.findByText('Index: GP referral letter, Dr A. Shah', { exact: false }),
    ).toHaveTextContent('(your description)');
    expect(sent).toEqual([{ s3_key: 'key_letter_000001', description: 'GP referral letter, Dr A. Shah' }]);
  });

  it('keeps what the expert wrote when the description cannot be saved', async () => {
    server.use(
      answerCallWith('saveBundleDescription', () =>
        apiError(400, 'A description may have at most 200 characters'),
      ),
    );
    const user = userEvent.setup();
    renderPage();

    await user.click(
      await screen.findByRole('button', { name: 'Edit description: index entry of notes.txt' }, slow),
    );
    const field = screen.getByRole('textbox', { name: 'Index description of notes.txt' });
    await user.type(field, 'Telephone note');
    await user.click(screen.getByRole('button', { name: 'Save description' }));

    expect(await screen.findByText('A description may have at most 200 characters')).toBeVisible();
    expect(field).toHaveValue('Telephone note');
  });
});

it('shows a bundled document’s pages as they look from its index, and opens the bundle at the same page', async () => {
  const user = userEvent.setup();
  const asked: string[] = [];
  server.use(
    answerCallWith('getBundle', makeBundleState({ documents, bundle: makeRecordBundle(documents) })),
    answerCallWith('getDocumentPage', ({ params }) => {
      asked.push(`text ${String(params.s3_key)} ${String(params.page)}`);
      return HttpResponse.json(
        makeDocumentPage({
          filename: 'orthopaedic-report.docx',
          s3_key: 'key_report_000002',
          page: Number(params.page),
          page_count: 5,
          bundle_page: 3 + Number(params.page),
          text: 'Orthopaedic report of Mr Fletcher.',
          passages: [],
        }),
      );
    }),
    answerCallWith('getPatientPageImage', ({ params, request }) => {
      asked.push(
        `image ${String(params.s3_key)} ${String(params.page)} chunk=${new URL(request.url).searchParams.get('chunk_id') ?? '-'}`,
      );
      return HttpResponse.json(
        makePageImage({ s3_key: 'key_report_000002', page: Number(params.page), passage_boxes: [] }),
      );
    }),
    answerCallWith('getBundleDownload', {
      download_url: 'http://api.test/api/files/signed-bundle',
      filename: 'bundle.pdf',
    }),
  );
  const opened = jest.spyOn(window, 'open').mockImplementation(() => null);
  renderPage();

  await user.click(
    await screen.findByRole('button', { name: 'orthopaedic-report.docx: view its pages' }, slow),
  );
  const view = await screen.findByRole('dialog', {}, slow);
  expect(
    await within(view).findByRole(
      'img',
      { name: 'Page 1 of orthopaedic-report.docx as it looks in the original' },
      slow,
    ),
  ).toHaveAttribute('src', 'http://api.test/api/files/signed-page-image');
  expect(await within(view).findByText('1 of 5', {}, slow)).toBeInTheDocument();
  expect(within(view).queryByTestId('passage-box')).not.toBeInTheDocument();
  expect(asked).toEqual(
    expect.arrayContaining(['text key_report_000002 1', 'image key_report_000002 1 chunk=-']),
  );

  await user.click(within(view).getByRole('button', { name: 'Next page' }));
  await user.click(await within(view).findByRole('button', { name: 'Open in bundle (page 5)' }, slow));
  await waitFor(() =>
    expect(opened).toHaveBeenCalledWith(
      'http://api.test/api/files/signed-bundle?disposition=inline#page=5',
      '_blank',
      'noopener',
    ),
  );
  opened.mockRestore();
});

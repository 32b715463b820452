import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import {
  HttpResponse,
  makePatient,
  makeUser,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import {
  bareTranscriptionError,
  makeTranscription,
  transcriptionApiError,
  transcriptionsListing,
  wordDocumentAnswer,
} from './manageTranscriptionsHandlers';
import { ManageTranscriptionsPage } from './ManageTranscriptionsPage';

jest.setTimeout(30_000);
const slow = { timeout: 8_000 };

const PATIENT = makePatient();
const OPINION = makeTranscription([2026, 11, 24, 9, 30], {
  ID_Transcription: 11,
  text_transcription_type: 'Medical Opinion',
  transcriptionType: 3,
  Status: 'Complete',
  S3_Link: 'transcriptions/101/11/Opinion_Example_Alex.docx',
  filename: 'Opinion_Example_Alex.docx',
});
const UNTYPED = makeTranscription([2026, 11, 20, 14, 5], {
  ID_Transcription: 12,
  text_transcription_type: null,
  transcriptionType: null,
  CreatedBy: null,
  Status: 'Complete',
  source: 'upload',
});
const LONG_DRAFT = makeTranscription([2026, 11, 25, 8, 15], {
  ID_Transcription: 21,
  text_transcription_type: 'Medicolegal Assessment',
  transcriptionType: 2,
  Transcription:
    'Claimant describes neck pain since the collision on the motorway in March, worse on turning.',
});
const EMPTY_DRAFT = makeTranscription([2026, 11, 23, 16, 45], { ID_Transcription: 22, Transcription: '' });
const ALL = [OPINION, UNTYPED, LONG_DRAFT, EMPTY_DRAFT];

const server = setupApiServer(answerCallWith('listTranscriptions', transcriptionsListing(ALL)));

let clickedLinks: { href: string; download: string }[];
beforeEach(() => {
  clickedLinks = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clickedLinks.push({ href: this.href, download: this.download });
  });
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: () => 'blob:http://localhost/doc',
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: jest.fn() });
});

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderPage({ route = '/transcription/manage', selected = true } = {}) {
  renderWithProviders(
    <Routes>
      <Route path="/transcription/manage" element={<ManageTranscriptionsPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route, user: makeUser(), selectedPatient: selected ? PATIENT : undefined },
  );
  return userEvent.setup({ delay: null });
}

const table = (name: string) => screen.findByRole('table', { name }, slow);
const completedTable = () => table('Completed transcriptions');
const incompleteTable = () => table('Incomplete transcriptions');

/** Waits until the list has loaded and antd has lifted its loading veil (which swallows clicks). */
async function listShown() {
  await within(await completedTable()).findByText('24/11/2026 09:30', {}, slow);
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), slow);
}

/** The cells of each body row, as text. */
async function rowsOf(name: string) {
  return within(await table(name))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent));
}

function statistic(title: string) {
  const label = within(screen.getByRole('region', { name: 'Summary' })).getByText(title);
  return label.closest('.ant-statistic')?.querySelector('.ant-statistic-content')?.textContent;
}

describe('the patient', () => {
  it.each([
    ['no patient is selected', '/transcription/manage', 'Please select a patient to manage transcriptions'],
    [
      'the ?patientId= patient cannot be loaded',
      '/transcription/manage?patientId=999',
      'Failed to load patient information',
    ],
  ])(
    'when %s, says so, lists nothing, and Select Patient opens the patient search',
    async (_, route, shown) => {
      let listings = 0;
      server.use(
        answerCallWith('getPatient', () => transcriptionApiError(404, 'Patient not found')),
        answerCallWith('listTranscriptions', () => {
          listings += 1;
          return HttpResponse.json(transcriptionsListing(ALL));
        }),
      );
      const user = renderPage({ route, selected: false });
      expect(await screen.findByText(shown, {}, slow)).toBeVisible();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Select Patient' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/patients');
      expect(listings).toBe(0);
    },
  );

  it('works on the ?patientId= patient rather than the selected one', async () => {
    const other = makePatient({ ID_Patient: 202, FirstName: 'Bea', Surname: 'Other', MRN: 'DEMO-0202' });
    const listed: unknown[] = [];
    server.use(
      answerCallWith('getPatient', other),
      answerCallWith('listTranscriptions', ({ params }) => {
        listed.push(params.id);
        return HttpResponse.json(transcriptionsListing(ALL));
      }),
    );
    renderPage({ route: '/transcription/manage?patientId=202' });
    const patient = within(await screen.findByRole('region', { name: 'Patient' }, slow));
    expect(patient.getByText('Bea Other')).toBeVisible();
    expect(patient.getByText('DEMO-0202')).toBeVisible();
    await listShown();
    expect(listed).toEqual(['202']);
  });
});

describe('the lists', () => {
  it('shows completed and incomplete transcriptions, newest first, with the counts', async () => {
    renderPage();
    await listShown();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Transcriptions' })).toBeVisible();
    const patient = within(screen.getByRole('region', { name: 'Patient' }));
    expect(patient.getByText('Alex Example')).toBeVisible();
    expect(patient.getByText('DEMO-0101')).toBeVisible();

    expect(await rowsOf('Completed transcriptions')).toEqual([
      ['24/11/2026 09:30', 'Medical Opinion', 'Dr Asha Patel', 'Complete'],
      ['20/11/2026 14:05', 'Standard', 'Not recorded', 'Complete'],
    ]);
    expect(await rowsOf('Incomplete transcriptions')).toEqual([
      [
        '25/11/2026 08:15',
        'Medicolegal Assessment',
        'Claimant describes neck pain since the collision o...',
        'Incomplete',
      ],
      ['23/11/2026 16:45', 'Outpatient Consultation', 'No preview available', 'Incomplete'],
    ]);
    expect(statistic('Completed')).toBe('2');
    expect(statistic('Incomplete')).toBe('2');
    expect(statistic('Total')).toBe('4');
  });

  it('names each row’s buttons after the row', async () => {
    renderPage();
    await listShown();
    const completed = within(await completedTable());
    expect(
      completed.getByRole('button', { name: 'Download Medical Opinion transcription of 24/11/2026 09:30' }),
    ).toBeEnabled();
    expect(
      completed.getByRole('button', { name: 'Delete Standard transcription of 20/11/2026 14:05' }),
    ).toBeEnabled();
    const incomplete = within(await incompleteTable());
    expect(
      incomplete.getByRole('button', {
        name: 'Continue editing Medicolegal Assessment transcription of 25/11/2026 08:15',
      }),
    ).toBeEnabled();
    expect(incomplete.queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
    expect(completed.queryByRole('button', { name: /^Continue editing/ })).not.toBeInTheDocument();
  });

  it('says when the patient has none of a kind', async () => {
    server.use(answerCallWith('listTranscriptions', transcriptionsListing([LONG_DRAFT])));
    renderPage();
    await waitFor(() => expect(statistic('Completed')).toBe('0'), slow);
    expect(within(await completedTable()).getByText('No completed transcriptions yet.')).toBeVisible();
    expect(statistic('Total')).toBe('1');
  });

  it.each([
    [
      'the server’s message',
      () => transcriptionApiError(403, 'Your access level does not allow transcription'),
      'Your access level does not allow transcription',
    ],
    ['its own message', bareTranscriptionError, 'Failed to load transcriptions'],
  ])('when the list cannot be read, says so with %s, and Retry lists it', async (_, answer, shown) => {
    server.use(answerCallWith('listTranscriptions', answer));
    const user = renderPage();
    expect(await screen.findByText(shown, {}, slow)).toBeVisible();
    expect(screen.queryByRole('table', { name: /transcriptions/ })).not.toBeInTheDocument();
    // Not counted as none: the counts are unknown.
    expect(
      within(screen.getByRole('region', { name: 'Summary' })).getByText(
        'The counts show once the transcriptions have been listed.',
      ),
    ).toBeVisible();

    server.use(answerCallWith('listTranscriptions', transcriptionsListing(ALL)));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await listShown();
    expect(statistic('Total')).toBe('4');
  });

  it('Refresh lists them again', async () => {
    const user = renderPage();
    await listShown();
    server.use(
      answerCallWith(
        'listTranscriptions',
        transcriptionsListing([...ALL, makeTranscription([2026, 11, 26, 7, 0], { ID_Transcription: 23 })]),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(statistic('Total')).toBe('5'), slow);
    expect(statistic('Incomplete')).toBe('3');
  });
});

describe('actions and navigation', () => {
  it.each([
    ['New Live Recording', '/transcription/live?patientId=101'],
    ['Upload Audio', '/transcription/upload?patientId=101'],
  ])('%s opens %s', async (name, path) => {
    const user = renderPage();
    await listShown();
    await user.click(screen.getByRole('button', { name }));
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });

  it('links to the dashboard and the patient search', async () => {
    renderPage();
    await listShown();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/patients/101/dashboard',
    );
    expect(screen.getByRole('link', { name: 'Patient Search' })).toHaveAttribute('href', '/patients');
  });

  it('continue editing opens live transcription with the patient and the transcription', async () => {
    const user = renderPage();
    await listShown();
    await user.click(
      within(await incompleteTable()).getByRole('button', {
        name: 'Continue editing Outpatient Consultation transcription of 23/11/2026 16:45',
      }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/transcription/live?patientId=101&loadTranscription=22',
    );
  });
});

describe('download', () => {
  it('downloads the stored document by its link, under the server’s name', async () => {
    const asked: (string | null)[] = [];
    server.use(
      answerCallWith('downloadTranscriptionByLink', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('s3Link'));
        return wordDocumentAnswer('Opinion_Example_Alex.docx');
      }),
    );
    const user = renderPage();
    await listShown();
    await user.click(
      screen.getByRole('button', { name: 'Download Medical Opinion transcription of 24/11/2026 09:30' }),
    );
    expect(await screen.findByText('Opinion_Example_Alex.docx downloaded', {}, slow)).toBeInTheDocument();
    expect(asked).toEqual([OPINION.S3_Link]);
    expect(clickedLinks).toEqual([
      { href: 'blob:http://localhost/doc', download: 'Opinion_Example_Alex.docx' },
    ]);
  });

  it('asks the server to write the document of a completed transcription without a stored one', async () => {
    const asked: unknown[] = [];
    server.use(
      answerCallWith('downloadTranscription', ({ params }) => {
        asked.push(params.id);
        return wordDocumentAnswer('transcription_12.docx');
      }),
    );
    const user = renderPage();
    await listShown();
    await user.click(
      screen.getByRole('button', { name: 'Download Standard transcription of 20/11/2026 14:05' }),
    );
    expect(await screen.findByText('transcription_12.docx downloaded', {}, slow)).toBeInTheDocument();
    expect(asked).toEqual(['12']);
  });

  it.each([
    [
      'the server’s message',
      () => transcriptionApiError(404, 'Document not found in storage'),
      'Document not found in storage',
    ],
    ['its own message', bareTranscriptionError, 'Failed to download transcription'],
    [
      '“no document” for an empty file',
      () => wordDocumentAnswer('empty.docx', new Uint8Array()),
      'No document available for download',
    ],
  ])('a failed download says so with %s and saves nothing', async (_, answer, shown) => {
    server.use(answerCallWith('downloadTranscriptionByLink', answer));
    const user = renderPage();
    await listShown();
    await user.click(
      screen.getByRole('button', { name: 'Download Medical Opinion transcription of 24/11/2026 09:30' }),
    );
    expect(await screen.findByText(shown, {}, slow)).toBeInTheDocument();
    expect(clickedLinks).toEqual([]);
  });
});

describe('delete', () => {
  async function askToDelete(user: ReturnType<typeof userEvent.setup>, name: string) {
    await listShown();
    await user.click(screen.getByRole('button', { name }));
    return within(await screen.findByRole('dialog', { name: 'Delete Transcription' }));
  }

  it('shows the date, type and status and warns what is deleted; Cancel sends nothing', async () => {
    const deleted: unknown[] = [];
    server.use(
      answerCallWith('deleteTranscription', ({ params }) => {
        deleted.push(params.id);
        return HttpResponse.json({ message: 'Transcription deleted' });
      }),
    );
    const user = renderPage();
    const dialog = await askToDelete(user, 'Delete Medical Opinion transcription of 24/11/2026 09:30');
    expect(dialog.getByText('24/11/2026 09:30')).toBeInTheDocument();
    expect(dialog.getByText('Medical Opinion')).toBeInTheDocument();
    expect(dialog.getByText('Complete')).toBeInTheDocument();
    expect(
      dialog.getByText(
        'The transcription and its associated document will be permanently deleted. This cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);
  });

  it('deletes once confirmed, says so and lists the rest with new counts', async () => {
    const deleted: unknown[] = [];
    server.use(
      answerCallWith('deleteTranscription', ({ params }) => {
        deleted.push(params.id);
        server.use(
          answerCallWith('listTranscriptions', transcriptionsListing([OPINION, UNTYPED, EMPTY_DRAFT])),
        );
        return HttpResponse.json({ message: 'Transcription deleted' });
      }),
    );
    const user = renderPage();
    const dialog = await askToDelete(user, 'Delete Medicolegal Assessment transcription of 25/11/2026 08:15');
    expect(dialog.getByText('Incomplete')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Transcription deleted successfully', {}, slow)).toBeInTheDocument();
    expect(deleted).toEqual(['21']);
    await waitFor(() => expect(statistic('Incomplete')).toBe('1'), slow);
    expect(statistic('Total')).toBe('3');
    expect(await rowsOf('Incomplete transcriptions')).toEqual([
      ['23/11/2026 16:45', 'Outpatient Consultation', 'No preview available', 'Incomplete'],
    ]);
  });

  it.each([
    [
      'the server’s message',
      () =>
        transcriptionApiError(403, 'Transcription is available only for patients you have full access to'),
      'Transcription is available only for patients you have full access to',
    ],
    ['its own message', bareTranscriptionError, 'Failed to delete transcription'],
  ])(
    'a failed deletion says so in the dialog with %s and keeps the transcription',
    async (_, answer, shown) => {
      server.use(answerCallWith('deleteTranscription', answer));
      const user = renderPage();
      const dialog = await askToDelete(user, 'Delete Medical Opinion transcription of 24/11/2026 09:30');
      await user.click(dialog.getByRole('button', { name: 'Delete' }));
      expect(await dialog.findByText(shown, {}, slow)).toBeVisible();
      expect(statistic('Total')).toBe('4');
    },
  );
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobStatusResponse } from '@ewrt/contract';
import { selectedPatientStore, type Patient } from '@ewrt/shared';
import {
  answerCall,
  HttpResponse,
  makePatient,
  makeUser,
  provideRuntimeConfig,
  pushJobUpdate,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import {
  makeCompletedJob,
  makeJob,
  makeJobStatusResponse,
  makeProcessingCapabilities,
  makeValidationResult,
} from '../testing-support/documentFixtures';
import { apiError } from '../testing-support/documentsApiHandlers';
import { LocationDisplay } from '../testing-support/LocationDisplay';
import {
  addValidFile,
  fileInput,
  pdfFile,
  statisticIn,
  uploadCard,
} from '../testing-support/uploadTestHelpers';
import { DocumentProcessingPage } from './DocumentProcessingPage';

jest.setTimeout(40_000);
const slow = { timeout: 8_000 };

const patient: Patient = makePatient({
  ID_Patient: 101,
  FirstName: 'Alex',
  Surname: 'Example',
  MRN: 'DEMO-0101',
});

const server = setupApiServer(
  answerCall('getPatient', () => patient),
  answerCallWith('validateDocument', makeValidationResult()),
  answerCallWith('getProcessingCapabilities', makeProcessingCapabilities()),
);

afterEach(() => {
  jest.useRealTimers();
});

function renderPage(route = '/documents/process?patientId=101') {
  const view = renderWithProviders(
    <>
      <DocumentProcessingPage />
      <LocationDisplay />
    </>,
    { route, user: makeUser() },
  );
  return view;
}

const pdf = (name = 'discharge-summary.pdf', size = 2048) => pdfFile(name, size);

async function patientShown() {
  await screen.findByText('Alex Example', { selector: 'strong' }, slow);
}

function progressOf(name: string): number {
  return Number(uploadCard(name).getByRole('progressbar').getAttribute('aria-valuenow'));
}

/** Fake clock for the polling rules; promises and MSW keep running. */
function startFakeClock() {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('patient selection', () => {
  it('preselects the patient named by ?patientId=', async () => {
    renderPage();
    await patientShown();
    expect(screen.getByText(/Selected patient:/)).toHaveTextContent(
      'Selected patient: Alex Example (MRN DEMO-0101)',
    );
  });

  it('says so when the ?patientId= patient cannot be loaded, and has no patient', async () => {
    server.use(answerCall('getPatient', () => apiError(404, 'Patient not found')));
    renderPage('/documents/process?patientId=999');
    expect(
      await screen.findByText(
        'Could not load the specified patient. Please search and select manually.',
        {},
        slow,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('No patient selected.')).toBeInTheDocument();
  });

  it('falls back to the selected patient without ?patientId=', async () => {
    selectedPatientStore.select(patient);
    renderPage('/documents/process');
    await patientShown();
  });

  it('searches by surname or MRN on page 1, shows at most 3 with "... and N more", and a click selects', async () => {
    const found = [1, 2, 3, 4, 5].map((n) =>
      makePatient({ ID_Patient: 200 + n, FirstName: `Pat${n}`, Surname: 'Smith', MRN: `DEMO-02${n}` }),
    );
    let params = new URLSearchParams();
    server.use(
      answerCall('searchPatients', ({ request }) => {
        params = new URL(request.url).searchParams;
        return HttpResponse.json({ patients: found, total: 7 });
      }),
    );
    const user = userEvent.setup();
    renderPage('/documents/process');
    await user.type(screen.getByLabelText('Search by surname or MRN'), 'Smith{Enter}');

    const list = await screen.findByRole('list', { name: 'Patients found' }, slow);
    expect(params.get('term')).toBe('Smith');
    expect(params.get('page')).toBe('1');
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pat1 Smith · MRN DEMO-021', 'Pat2 Smith · MRN DEMO-022', 'Pat3 Smith · MRN DEMO-023']);
    expect(screen.getByText('... and 4 more')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /Pat2 Smith/ }));
    expect(screen.getByText(/Selected patient:/)).toHaveTextContent(
      'Selected patient: Pat2 Smith (MRN DEMO-022)',
    );
    expect(selectedPatientStore.getState()?.ID_Patient).toBe(202);
  });

  it('a patient without full access cannot be chosen here (ACC-06)', async () => {
    server.use(
      answerCall('searchPatients', () =>
        HttpResponse.json({
          patients: [
            makePatient({ ID_Patient: 301, FirstName: 'Viewonly', Surname: 'Smith', access_level: 3 }),
          ],
          total: 1,
        }),
      ),
    );
    const user = userEvent.setup();
    renderPage('/documents/process');
    await user.type(screen.getByLabelText('Search by surname or MRN'), 'Smith{Enter}');
    const choice = await screen.findByRole('button', { name: /Viewonly Smith/ }, slow);
    expect(choice).toBeDisabled();
    expect(choice).toHaveTextContent('(documents not available for this patient)');
  });

  it('a search that fails says "Error searching for patients"', async () => {
    server.use(answerCall('searchPatients', () => apiError(500, 'Database unavailable')));
    const user = userEvent.setup();
    renderPage('/documents/process');
    await user.type(screen.getByLabelText('Search by surname or MRN'), 'Smith{Enter}');
    expect(await screen.findByText('Error searching for patients', {}, slow)).toBeInTheDocument();
  });
});

describe('choosing files', () => {
  it('offers a labelled, keyboard-reachable picker for pdf, docx, doc and txt, several at once', async () => {
    renderPage();
    const picker = screen.getByRole('button', { name: /^Choose documents to process/ });
    expect(picker).toHaveAttribute('tabindex', '0');
    expect(fileInput()).toHaveAttribute('accept', '.pdf,.docx,.doc,.txt');
    expect(fileInput()).toHaveAttribute('multiple');
  });

  it('validates each file with the server by name and size; a refusal shows "Validation failed: {errors}"', async () => {
    const bodies: unknown[] = [];
    server.use(
      answerCallWith('validateDocument', async ({ request }) => {
        const body = (await request.json()) as { filename: string };
        bodies.push(body);
        return HttpResponse.json(
          body.filename === 'huge.pdf'
            ? makeValidationResult({ valid: false, errors: ['File too large', 'Maximum is 250MB'] })
            : makeValidationResult(),
        );
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await patientShown();
    await user.upload(fileInput(), [pdf('huge.pdf', 10), pdf('ok.pdf', 20)]);

    expect(
      await uploadCard('huge.pdf').findByText(
        'Validation failed: File too large, Maximum is 250MB',
        {},
        slow,
      ),
    ).toBeInTheDocument();
    expect(uploadCard('huge.pdf').getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(uploadCard('ok.pdf').getByText('Ready to process')).toBeInTheDocument(), slow);
    expect(uploadCard('ok.pdf').getByText('Pending')).toBeInTheDocument();
    expect(bodies).toEqual(
      expect.arrayContaining([
        { filename: 'huge.pdf', fileSize: 10 },
        { filename: 'ok.pdf', fileSize: 20 },
      ]),
    );
    // Sidebar totals.
    expect(screen.getByRole('button', { name: /Process 1 Documents/ })).toBeInTheDocument();
    const sidebar = screen.getByRole('region', { name: 'Files' });
    expect(statisticIn(sidebar, 'Total files')).toBe('2');
    expect(statisticIn(sidebar, 'Valid')).toBe('1');
    expect(statisticIn(sidebar, 'Failed')).toBe('1');
  });

  it('a validation call that fails marks the file "Validation error", with "Failed to validate file"', async () => {
    server.use(answerCallWith('validateDocument', () => new HttpResponse(null, { status: 500 })));
    const user = userEvent.setup();
    renderPage();
    await user.upload(fileInput(), pdf('notes.pdf'));
    expect(await uploadCard('notes.pdf').findByText('Validation error', {}, slow)).toBeInTheDocument();
    expect(uploadCard('notes.pdf').getByText('Failed to validate file')).toBeInTheDocument();
  });

  it('Process without a patient or without files says "Please select a patient and files"', async () => {
    const user = userEvent.setup();
    renderPage('/documents/process');
    await user.click(screen.getByRole('button', { name: /Process 0 Documents/ }));
    expect(await screen.findByText('Please select a patient and files', {}, slow)).toBeInTheDocument();
  });

  it('Process with only invalid files says "No valid files to process" and sends nothing', async () => {
    let uploads = 0;
    server.use(
      answerCallWith(
        'validateDocument',
        makeValidationResult({ valid: false, errors: ['Unsupported file type'] }),
      ),
      answerCallWith('uploadDocument', () => {
        uploads += 1;
        return HttpResponse.json({ message: 'Queued' }, { status: 202 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await patientShown();
    await user.upload(fileInput(), pdf('scan.pdf'));
    await uploadCard('scan.pdf').findByText('Validation failed: Unsupported file type', {}, slow);
    await user.click(screen.getByRole('button', { name: /Process 0 Documents/ }));
    expect(await screen.findByText('No valid files to process', {}, slow)).toBeInTheDocument();
    expect(uploads).toBe(0);
  });
});

describe('processing', () => {
  it('the upload fills at most 10 %; the job the rest; on completion the chunks show and the job list opens 3 s later', async () => {
    let releaseUpload: () => void = () => undefined;
    const uploadAnswered = new Promise<void>((resolve) => {
      releaseUpload = resolve;
    });
    const form: { patient?: FormDataEntryValue | null; file?: string } = {};
    let status: JobStatusResponse = makeJobStatusResponse(makeJob({ id: 41, progress_percentage: 50 }));
    server.use(
      answerCallWith('uploadDocument', async ({ request }) => {
        const body = await request.formData();
        form.patient = body.get('patient_id');
        form.file = (body.get('file') as File).name;
        await uploadAnswered;
        return HttpResponse.json(
          { message: 'Processing started', redirect_to: 'job_list', job_id: 41 },
          { status: 202 },
        );
      }),
      answerCallWith('getJobStatus', () => HttpResponse.json(status)),
    );
    const user = startFakeClock();
    renderPage();
    await patientShown();
    await addValidFile(user, pdf());
    await user.click(screen.getByRole('button', { name: /Process 1 Documents/ }));

    await waitFor(() => expect(form.file).toBe('discharge-summary.pdf'), slow);
    expect(form.patient).toBe('101');
    expect(uploadCard('discharge-summary.pdf').getByText('Processing')).toBeInTheDocument();
    expect(progressOf('discharge-summary.pdf')).toBeLessThanOrEqual(10);

    releaseUpload();
    await waitFor(
      () =>
        expect(
          uploadCard('discharge-summary.pdf').getByText('Processing in background...'),
        ).toBeInTheDocument(),
      slow,
    );
    expect(progressOf('discharge-summary.pdf')).toBe(10);
    expect(uploadCard('discharge-summary.pdf').getByText('Job #41')).toBeInTheDocument();

    await advance(5_000);
    await waitFor(() => expect(progressOf('discharge-summary.pdf')).toBe(55), slow);
    expect(uploadCard('discharge-summary.pdf').getByText('Extracting text')).toBeInTheDocument();

    status = makeJobStatusResponse(makeCompletedJob(14, { id: 41 }));
    await advance(5_000);
    await waitFor(
      () => expect(uploadCard('discharge-summary.pdf').getByText('Chunks created: 14')).toBeInTheDocument(),
      slow,
    );
    expect(uploadCard('discharge-summary.pdf').getByText('Completed')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Results' });
    expect(statisticIn(results, 'Successful')).toBe('1');
    expect(statisticIn(results, 'Failed')).toBe('0');
    expect(statisticIn(results, 'Total chunks')).toBe('14');
    expect(statisticIn(screen.getByRole('region', { name: 'Files' }), 'Valid')).toBe('1');

    expect(screen.getByTestId('location')).toHaveTextContent('/documents/process?patientId=101');
    await advance(2_999);
    expect(screen.getByTestId('location')).toHaveTextContent('/documents/process?patientId=101');
    await advance(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/patient/101/jobs');
  });

  it('a push about the job checks its status at once, before the first poll is due', async () => {
    provideRuntimeConfig();
    let uploadAnsweredAt = 0;
    const pollDelays: number[] = [];
    server.use(
      answerCallWith('uploadDocument', () => {
        uploadAnsweredAt = Date.now();
        return HttpResponse.json(
          { message: 'Processing started', redirect_to: 'job_list', job_id: 41 },
          { status: 202 },
        );
      }),
      answerCallWith('getJobStatus', () => {
        pollDelays.push(Date.now() - uploadAnsweredAt);
        return HttpResponse.json(makeJobStatusResponse(makeCompletedJob(9, { id: 41 })));
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await patientShown();
    await addValidFile(user, pdf());
    await user.click(screen.getByRole('button', { name: /Process 1 Documents/ }));
    await waitFor(
      () => expect(uploadCard('discharge-summary.pdf').getByText('Job #41')).toBeInTheDocument(),
      slow,
    );

    await pushJobUpdate(makeCompletedJob(9, { id: 41 }));
    expect(
      await uploadCard('discharge-summary.pdf').findByText('Chunks created: 9', {}, slow),
    ).toBeInTheDocument();
    expect(pollDelays).toHaveLength(1);
    expect(pollDelays[0]).toBeLessThan(5_000);
  });

  async function runJobThatFails(errorMessage: string) {
    server.use(
      answerCallWith('uploadDocument', {
        message: 'Processing started',
        redirect_to: 'job_list',
        job_id: 41,
      }),
      answerCallWith(
        'getJobStatus',
        makeJobStatusResponse(makeJob({ id: 41, status: 'failed', error_message: errorMessage })),
      ),
    );
    const user = startFakeClock();
    renderPage();
    await patientShown();
    await addValidFile(user, pdf());
    await user.click(screen.getByRole('button', { name: /Process 1 Documents/ }));
    await waitFor(
      () => expect(uploadCard('discharge-summary.pdf').getByText('Job #41')).toBeInTheDocument(),
      slow,
    );
    await advance(5_000);
  }

  it('a job that crashed or stopped with no activity shows "Processing crashed (worker error)"', async () => {
    await runJobThatFails('Worker stopped: no activity for 120 s');
    expect(
      await uploadCard('discharge-summary.pdf').findByText('Processing crashed (worker error)', {}, slow),
    ).toBeInTheDocument();
    expect(
      uploadCard('discharge-summary.pdf').getByText('Worker stopped: no activity for 120 s'),
    ).toBeInTheDocument();
    // Nothing succeeded: the screen stays.
    await advance(5_000);
    expect(screen.getByTestId('location')).toHaveTextContent('/documents/process');
  });

  it('any other job failure shows "Background processing failed" with the server\'s error', async () => {
    await runJobThatFails('The PDF is encrypted');
    expect(
      await uploadCard('discharge-summary.pdf').findByText('Background processing failed', {}, slow),
    ).toBeInTheDocument();
    expect(uploadCard('discharge-summary.pdf').getByText('The PDF is encrypted')).toBeInTheDocument();
    expect(uploadCard('discharge-summary.pdf').getByText('Error')).toBeInTheDocument();
  });

  it('a job still running after 2 minutes is "taking longer"; after 10 minutes it times out', async () => {
    let polls = 0;
    server.use(
      answerCallWith('uploadDocument', {
        message: 'Processing started',
        redirect_to: 'job_list',
        job_id: 41,
      }),
      answerCallWith('getJobStatus', () => {
        polls += 1;
        return HttpResponse.json(makeJobStatusResponse(makeJob({ id: 41, progress_percentage: 20 })));
      }),
    );
    const user = startFakeClock();
    renderPage();
    await patientShown();
    await addValidFile(user, pdf());
    await user.click(screen.getByRole('button', { name: /Process 1 Documents/ }));
    await waitFor(
      () => expect(uploadCard('discharge-summary.pdf').getByText('Job #41')).toBeInTheDocument(),
      slow,
    );

    await advance(119_000);
    expect(screen.queryByText('Some jobs are taking longer than expected...')).not.toBeInTheDocument();
    await advance(1_000);
    expect(
      await screen.findByText('Some jobs are taking longer than expected...', {}, slow),
    ).toBeInTheDocument();
    // 5 s polls up to 2 minutes (24), then 10 s polls.
    expect(polls).toBe(24);

    await advance(479_999);
    expect(screen.queryByText('Job timed out after 10 minutes')).not.toBeInTheDocument();
    await advance(1);
    expect(
      await uploadCard('discharge-summary.pdf').findByText('Job timed out after 10 minutes', {}, slow),
    ).toBeInTheDocument();
    expect(screen.getByText('Processing timed out - check job monitoring page')).toBeInTheDocument();
    expect(polls).toBe(24 + 47);
    await advance(60_000);
    expect(polls).toBe(24 + 47);
    expect(screen.getByTestId('location')).toHaveTextContent('/documents/process');
  });

  it.each([
    [409, "discharge-summary.pdf is already in this patient's records"],
    [413, 'The file is larger than 250MB'],
    [415, 'The file is not a PDF'],
  ])("an upload refused with %i shows the server's message on the card", async (status, serverMessage) => {
    server.use(answerCallWith('uploadDocument', () => apiError(status, serverMessage)));
    const user = userEvent.setup();
    renderPage();
    await patientShown();
    await addValidFile(user, pdf());
    await user.click(screen.getByRole('button', { name: /Process 1 Documents/ }));
    expect(await uploadCard('discharge-summary.pdf').findByText(serverMessage, {}, slow)).toBeInTheDocument();
    expect(uploadCard('discharge-summary.pdf').getByText('Processing failed')).toBeInTheDocument();
    expect(statisticIn(screen.getByRole('region', { name: 'Results' }), 'Failed')).toBe('1');
  });
});

describe('scanned pages', () => {
  it("the card follows the server's OCR step, page by page", async () => {
    provideRuntimeConfig();
    server.use(
      answerCallWith('uploadDocument', {
        message: 'Processing started',
        redirect_to: 'job_list',
        job_id: 41,
      }),
      answerCallWith(
        'getJobStatus',
        makeJobStatusResponse(
          makeJob({ id: 41, progress_percentage: 30, current_step_description: 'OCR page 7 of 40' }),
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await patientShown();
    await addValidFile(user, pdf('gp-fax.pdf'));
    await user.click(screen.getByRole('button', { name: /Process 1 Documents/ }));
    await waitFor(() => expect(uploadCard('gp-fax.pdf').getByText('Job #41')).toBeInTheDocument(), slow);

    await pushJobUpdate(makeJob({ id: 41, current_step_description: 'OCR page 7 of 40' }));

    expect(await uploadCard('gp-fax.pdf').findByText('OCR page 7 of 40', {}, slow)).toBeInTheDocument();
  });

  it('when the server cannot OCR, a warning says scanned pages will not be readable, with the command to copy', async () => {
    server.use(
      answerCallWith(
        'getProcessingCapabilities',
        makeProcessingCapabilities({
          available: false,
          message: 'tesseract is not installed',
          install_command: 'sudo apt-get install -y tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd',
        }),
      ),
    );
    renderPage();

    const warning = (await screen.findByText('Scanned pages will not be readable', {}, slow)).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(warning).toHaveTextContent('tesseract is not installed.');
    expect(warning).toHaveTextContent(
      'Pages without a text layer (scans, faxes) are kept but cannot be searched',
    );
    const command = within(warning).getByText(
      'sudo apt-get install -y tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd',
    );
    expect(command.closest('code')).not.toBeNull();
    expect(within(warning).getByRole('button', { name: 'Copy the command' })).toBeInTheDocument();
  });

  it('says nothing about OCR when the server can read scans, or when it cannot say', async () => {
    let asked = 0;
    server.use(
      answerCallWith('getProcessingCapabilities', () => {
        asked += 1;
        return asked === 1
          ? HttpResponse.json(makeProcessingCapabilities())
          : new HttpResponse(null, { status: 500 });
      }),
    );
    const first = renderPage();
    await patientShown();
    await waitFor(() => expect(asked).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByText('Scanned pages will not be readable')).not.toBeInTheDocument();
    first.unmount();

    renderPage();
    await patientShown();
    await waitFor(() => expect(asked).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByText('Scanned pages will not be readable')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Choose documents to process/ })).toBeInTheDocument();
  });
});

describe('navigation', () => {
  it.each([
    ['Go to Job Monitoring', '/patient/101/jobs'],
    ['Patient Search', '/patients'],
    ['Dashboard', '/patients/101/dashboard'],
  ])('%s opens %s', async (name, path) => {
    const user = userEvent.setup();
    renderPage();
    await patientShown();
    await user.click(screen.getByRole('button', { name: new RegExp(name) }));
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });
});

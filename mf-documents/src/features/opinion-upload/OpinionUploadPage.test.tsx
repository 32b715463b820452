import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobStatusResponse } from '@ewrt/contract';
import {
  HttpResponse,
  makeUser,
  provideRuntimeConfig,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import {
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
import { makeOpinionJob } from '../testing-support/opinionApiHandlers';
import { OpinionUploadPage } from './OpinionUploadPage';

jest.setTimeout(40_000);
const slow = { timeout: 8_000 };

/** The signed-in user; their id is what the upload must carry. */
const EXPERT = makeUser({ ID_User: 27, Name: 'Dr Chidi Okafor', Username: 'dr.okafor' });
const OPINION = 'opinion-lumbar-spine-2024.pdf';

const server = setupApiServer(
  answerCallWith('validateOpinionDocument', makeValidationResult()),
  answerCallWith('getProcessingCapabilities', makeProcessingCapabilities()),
);

beforeEach(() => {
  // Followed jobs also listen for pushes on the configured socket.
  provideRuntimeConfig();
});

afterEach(() => {
  jest.useRealTimers();
});

function renderPage() {
  renderWithProviders(
    <>
      <OpinionUploadPage />
      <LocationDisplay />
    </>,
    { route: '/opinions/upload', user: EXPERT },
  );
}

async function pageShown() {
  await screen.findByRole('heading', { level: 2, name: 'Opinion Document Processing' }, slow);
}

const pdf = (name = OPINION, size = 2048) => pdfFile(name, size);

function progressOf(name: string): number {
  return Number(uploadCard(name).getByRole('progressbar').getAttribute('aria-valuenow'));
}

const location = () => screen.getByTestId('location').textContent;

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

/** Adds the opinion, processes it and waits until its job is being followed. */
async function sendOpinion(user: ReturnType<typeof userEvent.setup>) {
  await pageShown();
  await addValidFile(user, pdf());
  await user.click(screen.getByRole('button', { name: /Process 1 Documents/ }));
  await waitFor(() => expect(uploadCard(OPINION).getByText('Job #51')).toBeInTheDocument(), slow);
}

describe('choosing opinion documents', () => {
  it('explains that opinion documents are the user’s own and offers a labelled picker for pdf, docx, doc, txt', async () => {
    renderPage();
    await pageShown();
    expect(screen.getByText(/They are kept apart from patient records/)).toBeVisible();
    const picker = screen.getByRole('button', { name: /^Choose opinion documents to process/ });
    expect(picker).toHaveAttribute('tabindex', '0');
    expect(picker).toHaveTextContent('up to 250MB each');
    expect(fileInput()).toHaveAttribute('accept', '.pdf,.docx,.doc,.txt');
    expect(fileInput()).toHaveAttribute('multiple');
  });

  it('validates each file with the opinion call; a refused one goes straight to error with the reasons', async () => {
    const bodies: unknown[] = [];
    server.use(
      answerCallWith('validateOpinionDocument', async ({ request }) => {
        const body = (await request.json()) as { filename: string };
        bodies.push(body);
        return HttpResponse.json(
          body.filename === 'empty-notes.txt'
            ? makeValidationResult({
                valid: false,
                errors: ['File is empty', 'Nothing to index'],
              })
            : makeValidationResult(),
        );
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await pageShown();
    await user.upload(fileInput(), [pdf('empty-notes.txt', 10), pdf(OPINION, 20)]);

    expect(
      await uploadCard('empty-notes.txt').findByText(
        'Validation failed: File is empty, Nothing to index',
        {},
        slow,
      ),
    ).toBeInTheDocument();
    expect(uploadCard('empty-notes.txt').getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(uploadCard(OPINION).getByText('Ready to process')).toBeInTheDocument(), slow);
    expect(bodies).toEqual(
      expect.arrayContaining([
        { filename: 'empty-notes.txt', fileSize: 10 },
        { filename: OPINION, fileSize: 20 },
      ]),
    );
    const batch = screen.getByRole('region', { name: 'Batch' });
    expect(statisticIn(batch, 'Total files')).toBe('2');
    expect(statisticIn(batch, 'Valid')).toBe('1');
    expect(statisticIn(batch, 'Failed')).toBe('1');
    expect(screen.getByRole('button', { name: /Process 1 Documents/ })).toBeInTheDocument();
  });

  it('when the server cannot OCR, warns that scanned pages will not be readable', async () => {
    server.use(
      answerCallWith(
        'getProcessingCapabilities',
        makeProcessingCapabilities({
          available: false,
          message: 'pdftoppm is not installed',
          install_command: 'sudo apt-get install -y poppler-utils',
        }),
      ),
    );
    renderPage();

    const warning = (await screen.findByText('Scanned pages will not be readable', {}, slow)).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(warning).toHaveTextContent('pdftoppm is not installed.');
    expect(within(warning).getByText('sudo apt-get install -y poppler-utils').closest('code')).not.toBeNull();
  });

  it("a validation call that fails marks the file 'Validation error' with 'Failed to validate file'", async () => {
    server.use(answerCallWith('validateOpinionDocument', () => new HttpResponse(null, { status: 500 })));
    const user = userEvent.setup();
    renderPage();
    await pageShown();
    await user.upload(fileInput(), pdf());
    expect(await uploadCard(OPINION).findByText('Validation error', {}, slow)).toBeInTheDocument();
    expect(uploadCard(OPINION).getByText('Failed to validate file')).toBeInTheDocument();
  });

  it("Process with no files says 'Please select opinion documents first'", async () => {
    const user = userEvent.setup();
    renderPage();
    await pageShown();
    await user.click(screen.getByRole('button', { name: /Process 0 Documents/ }));
    expect(await screen.findByText('Please select opinion documents first', {}, slow)).toBeInTheDocument();
  });

  it("Process with only invalid files says 'No valid opinion documents to process' and sends nothing", async () => {
    let uploads = 0;
    server.use(
      answerCallWith(
        'validateOpinionDocument',
        makeValidationResult({ valid: false, errors: ['File is empty'] }),
      ),
      answerCallWith('uploadOpinionDocument', () => {
        uploads += 1;
        return HttpResponse.json({ message: 'Queued' }, { status: 202 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await pageShown();
    await user.upload(fileInput(), pdf());
    await uploadCard(OPINION).findByText('Validation failed: File is empty', {}, slow);
    await user.click(screen.getByRole('button', { name: /Process 0 Documents/ }));
    expect(await screen.findByText('No valid opinion documents to process', {}, slow)).toBeInTheDocument();
    expect(uploads).toBe(0);
  });
});

describe('processing', () => {
  it('uploads user_id before the file, polls the opinion job from 5 s to completion and stays on the screen', async () => {
    const fields: string[] = [];
    let userId: FormDataEntryValue | null = null;
    const polledJobs: string[] = [];
    let status: JobStatusResponse = makeJobStatusResponse(makeOpinionJob({ progress_percentage: 50 }));
    server.use(
      answerCallWith('uploadOpinionDocument', async ({ request }) => {
        const body = await request.formData();
        fields.push(...body.keys());
        userId = body.get('user_id');
        return HttpResponse.json({ message: 'Processing started', job_id: 51 }, { status: 202 });
      }),
      answerCallWith('getOpinionJobStatus', ({ params }) => {
        polledJobs.push(String(params.jobId));
        return HttpResponse.json(status);
      }),
    );
    const user = startFakeClock();
    renderPage();
    await sendOpinion(user);

    expect(fields).toEqual(['user_id', 'file']);
    expect(userId).toBe('27');
    expect(progressOf(OPINION)).toBe(10);
    expect(uploadCard(OPINION).getByText('Processing in background...')).toBeInTheDocument();

    await advance(4_999);
    expect(polledJobs).toEqual([]);
    await advance(1);
    await waitFor(() => expect(progressOf(OPINION)).toBe(55), slow);
    expect(polledJobs).toEqual(['51']);
    expect(uploadCard(OPINION).getByText('Extracting text')).toBeInTheDocument();

    status = makeJobStatusResponse(
      makeOpinionJob({
        status: 'completed',
        progress_percentage: 100,
        output_data: { processing_result: { chunks_created: 23 } },
      }),
    );
    await advance(5_000);
    expect(await uploadCard(OPINION).findByText('Chunks created: 23', {}, slow)).toBeInTheDocument();
    expect(uploadCard(OPINION).getByText('Completed')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Results' });
    expect(statisticIn(results, 'Successful')).toBe('1');
    expect(statisticIn(results, 'Failed')).toBe('0');
    expect(statisticIn(results, 'Total chunks')).toBe('23');
    expect(
      Number(screen.getByRole('progressbar', { name: 'Overall progress' }).getAttribute('aria-valuenow')),
    ).toBe(100);

    // There is no opinion job list to open: the screen stays.
    await advance(10_000);
    expect(location()).toBe('/opinions/upload');
  });

  it("a refused upload shows 'Opinion document processing failed' with the server's message", async () => {
    server.use(
      answerCallWith('uploadOpinionDocument', () =>
        apiError(409, `${OPINION} is already in your opinion documents`),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await pageShown();
    await addValidFile(user, pdf());
    await user.click(screen.getByRole('button', { name: /Process 1 Documents/ }));

    expect(
      await uploadCard(OPINION).findByText('Opinion document processing failed', {}, slow),
    ).toBeInTheDocument();
    expect(
      uploadCard(OPINION).getByText(`${OPINION} is already in your opinion documents`),
    ).toBeInTheDocument();
    expect(statisticIn(screen.getByRole('region', { name: 'Results' }), 'Failed')).toBe('1');
  });

  it("an upload that fails without a message says 'Unknown error'", async () => {
    server.use(answerCallWith('uploadOpinionDocument', () => new HttpResponse(null, { status: 500 })));
    const user = userEvent.setup();
    renderPage();
    await pageShown();
    await addValidFile(user, pdf());
    await user.click(screen.getByRole('button', { name: /Process 1 Documents/ }));

    expect(
      await uploadCard(OPINION).findByText('Opinion document processing failed', {}, slow),
    ).toBeInTheDocument();
    expect(uploadCard(OPINION).getByText('Unknown error')).toBeInTheDocument();
  });

  it.each([
    ['Processing crashed: no activity from its worker', 'Processing crashed (worker error)'],
    ['The PDF is encrypted', 'Background processing failed'],
  ])('a job that failed with "%s" shows "%s" and the server\'s error', async (errorMessage, shown) => {
    server.use(
      answerCallWith('uploadOpinionDocument', { message: 'Processing started', job_id: 51 }),
      answerCallWith(
        'getOpinionJobStatus',
        makeJobStatusResponse(makeOpinionJob({ status: 'failed', error_message: errorMessage })),
      ),
    );
    const user = startFakeClock();
    renderPage();
    await sendOpinion(user);
    await advance(5_000);

    expect(await uploadCard(OPINION).findByText(shown, {}, slow)).toBeInTheDocument();
    expect(uploadCard(OPINION).getByText(errorMessage)).toBeInTheDocument();
    expect(uploadCard(OPINION).getByText('Error')).toBeInTheDocument();
  });

  it("a job still running after 10 minutes ends with 'Job timed out after 10 minutes', polled 5 s then 10 s", async () => {
    let polls = 0;
    server.use(
      answerCallWith('uploadOpinionDocument', { message: 'Processing started', job_id: 51 }),
      answerCallWith('getOpinionJobStatus', () => {
        polls += 1;
        return HttpResponse.json(makeJobStatusResponse(makeOpinionJob({ progress_percentage: 20 })));
      }),
    );
    const user = startFakeClock();
    renderPage();
    await sendOpinion(user);

    await advance(120_000);
    expect(polls).toBe(24);
    expect(
      await screen.findByText('Some jobs are taking longer than expected...', {}, slow),
    ).toBeInTheDocument();
    await advance(479_999);
    expect(uploadCard(OPINION).queryByText('Job timed out after 10 minutes')).not.toBeInTheDocument();
    await advance(1);
    expect(
      await uploadCard(OPINION).findByText('Job timed out after 10 minutes', {}, slow),
    ).toBeInTheDocument();
    expect(polls).toBe(24 + 47);
  });
});

describe('after a batch', () => {
  async function finishOneOpinion() {
    server.use(
      answerCallWith('uploadOpinionDocument', {
        message: 'Processed',
        result: { chunks_created: 5 },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await pageShown();
    await addValidFile(user, pdf());
    await user.click(screen.getByRole('button', { name: /Process 1 Documents/ }));
    await uploadCard(OPINION).findByText('Chunks created: 5', {}, slow);
    return user;
  }

  it('Process More Documents clears the finished files and puts the focus on the picker', async () => {
    const user = await finishOneOpinion();

    await user.click(screen.getByRole('button', { name: /Process More Documents/ }));

    expect(screen.queryByRole('listitem', { name: OPINION })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Results' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Choose opinion documents to process/ })).toHaveFocus();
  });

  it('Query Opinion Documents opens /opinions/query', async () => {
    const user = await finishOneOpinion();

    await user.click(screen.getByRole('button', { name: /Query Opinion Documents/ }));

    await waitFor(() => expect(location()).toBe('/opinions/query'));
  });
});

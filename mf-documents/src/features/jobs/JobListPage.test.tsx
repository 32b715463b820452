import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Job, JobStatusResponse } from '@ewrt/contract';
import {
  answerCall,
  HttpResponse,
  makePatient,
  provideRuntimeConfig,
  pushJobUpdate,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import {
  makeCompletedJob,
  makeJob,
  makeJobStatusResponse,
  makeProcessingCapabilities,
} from '../testing-support/documentFixtures';
import { apiError } from '../testing-support/documentsApiHandlers';
import { renderDocumentsApp } from '../testing-support/renderDocumentsApp';
import { STATUS_COLOURS } from './jobStatusPresentation';

jest.setTimeout(60_000);
const slow = { timeout: 10_000 };

const START = new Date('2026-01-06T10:15:03.000Z');
const PATIENT = makePatient({ ID_Patient: 101, FirstName: 'Alex', Surname: 'Example', MRN: 'DEMO-0101' });

const RUNNING = makeJob({
  id: 41,
  input_data: { filename: 'discharge-summary.pdf' },
  progress_percentage: 40,
  current_step_description: 'Extracting text',
});
const PENDING = makeJob({
  id: 42,
  status: 'pending',
  input_data: { filename: 'gp-letter.docx' },
  progress_percentage: 0,
  current_step_description: null,
  started_at: null,
});
const COMPLETED = makeCompletedJob(30, {
  id: 40,
  input_data: { filename: 'clinic-notes.txt' },
  started_at: '2026-01-06T10:15:01.000Z',
  completed_at: '2026-01-06T10:16:00.000Z',
});
const FAILED = makeJob({
  id: 39,
  status: 'failed',
  input_data: { filename: 'scan.pdf' },
  progress_percentage: 20,
  error_message: 'The file is not a PDF',
  completed_at: '2026-01-06T10:14:00.000Z',
});
const CANCELLED = makeJob({ id: 38, status: 'cancelled', input_data: { filename: 'old.doc' } });

let jobs: Job[];
/** When each list request arrived, in ms since START (the fake clock) or real ms. */
let listRequests: number[];
let detailRequests: number[];

const server = setupApiServer(
  answerCall('getPatient', () => PATIENT),
  answerCallWith('listPatientJobs', () => {
    listRequests.push(Date.now() - START.getTime());
    return HttpResponse.json({ jobs });
  }),
  // Process Documents opens the processing screen, which asks what the server can read.
  answerCallWith('getProcessingCapabilities', makeProcessingCapabilities()),
);

beforeEach(() => {
  // The socket URL of the job updates comes from the runtime configuration.
  provideRuntimeConfig();
  jobs = [RUNNING, PENDING, COMPLETED, FAILED, CANCELLED];
  listRequests = [];
  detailRequests = [];
});

afterEach(() => {
  jest.useRealTimers();
  fakeClock = false;
});

let fakeClock = false;

function useFakeClock() {
  jest.useFakeTimers({ now: START, doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  fakeClock = true;
}

/** Moves the fake clock on, letting the answers that arrive meanwhile render. */
async function advance(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
}

function renderJobList() {
  renderDocumentsApp('/patient/101/jobs');
  return userEvent.setup(fakeClock ? { advanceTimers: jest.advanceTimersByTime } : {});
}

/** An error answer of the status call. */
type ErrorAnswer = InstanceType<typeof HttpResponse>;

function serveDetail(answer: (job: Job) => JobStatusResponse | ErrorAnswer) {
  server.use(
    answerCallWith('getJobStatus', ({ params }) => {
      detailRequests.push(Date.now() - START.getTime());
      const job = jobs.find((candidate) => candidate.id === Number(params.id));
      if (!job) return apiError(404, 'Job not found');
      const result = answer(job);
      return result instanceof HttpResponse ? result : HttpResponse.json(result);
    }),
  );
}

const statistic = (title: string) =>
  screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-statistic');
const location = () => screen.getByTestId('location').textContent;

describe('JobListPage: what it shows', () => {
  it('shows the patient, the statistics, active cards and the completed jobs, each status named', async () => {
    const user = renderJobList();

    const runningCard = await screen.findByRole('article', { name: 'discharge-summary.pdf' }, slow);
    expect(screen.getByRole('heading', { level: 2, name: 'Background Jobs' })).toBeVisible();
    expect(await screen.findByText('Alex Example', {}, slow)).toBeVisible();
    expect(screen.getByText('DEMO-0101', { selector: 'span' })).toBeVisible();
    expect(statistic('Active')).toHaveTextContent('2');
    expect(statistic('Completed')).toHaveTextContent('3');
    expect(statistic('Total')).toHaveTextContent('5');

    expect(within(runningCard).getByText('Running')).toBeVisible();
    expect(
      within(runningCard).getByRole('progressbar', { name: 'Progress of discharge-summary.pdf' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(within(runningCard).getByText('Extracting text')).toBeVisible();
    expect(within(runningCard).getByRole('button', { name: 'Cancel discharge-summary.pdf' })).toBeVisible();
    const pendingCard = screen.getByRole('article', { name: 'gp-letter.docx' });
    expect(within(pendingCard).getByText('Pending')).toBeVisible();
    expect(within(pendingCard).getByText('Waiting to start')).toBeVisible();

    const completedList = screen.getByRole('list', { name: 'Completed Jobs' });
    const rows = within(completedList).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('clinic-notes.txtCompleted'),
      expect.stringContaining('scan.pdfFailed'),
      expect.stringContaining('old.docCancelled'),
    ]);
    expect(rows[0]).toHaveTextContent('took 59s · 30 chunks created');
    expect(rows[1]).toHaveTextContent('The file is not a PDF');

    // Completed Jobs folds away.
    const toggle = screen.getByRole('button', { name: /Completed Jobs \(3\)/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('colours each status: completed green, failed red, running blue, pending gold, cancelled grey', async () => {
    renderJobList();
    await screen.findByRole('article', { name: 'discharge-summary.pdf' }, slow);
    const tag = (label: string) =>
      screen.getAllByText(label, { selector: '.ant-tag, .ant-tag *' })[0]!.closest('.ant-tag');
    const coloured = ({ text, background }: { text: string; background: string }) => ({
      color: text,
      backgroundColor: background,
    });

    expect(tag('Completed')).toHaveStyle(coloured(STATUS_COLOURS.green));
    expect(tag('Failed')).toHaveStyle(coloured(STATUS_COLOURS.red));
    expect(tag('Running')).toHaveStyle(coloured(STATUS_COLOURS.blue));
    expect(tag('Pending')).toHaveStyle(coloured(STATUS_COLOURS.gold));
    expect(tag('Cancelled')).toHaveStyle(coloured(STATUS_COLOURS.grey));
  });

  it('without jobs says so', async () => {
    jobs = [];
    renderJobList();
    expect(await screen.findByText('No active or pending jobs', {}, slow)).toBeVisible();
    expect(screen.getByRole('button', { name: /Completed Jobs \(0\)/ })).toBeVisible();
  });

  it('Process Documents and Dashboard lead to the patient', async () => {
    const user = renderJobList();
    await screen.findByRole('article', { name: 'discharge-summary.pdf' }, slow);

    await user.click(screen.getByRole('button', { name: /Process Documents/ }));
    await waitFor(() => expect(location()).toBe('/documents/process?patientId=101'));
  });

  it('Dashboard opens the patient dashboard', async () => {
    const user = renderJobList();
    await screen.findByRole('article', { name: 'discharge-summary.pdf' }, slow);

    await user.click(screen.getByRole('button', { name: /Dashboard/ }));
    await waitFor(() => expect(location()).toBe('/patients/101/dashboard'));
  });
});

describe('JobListPage: polling (JOB-04)', () => {
  it('reloads the list every 2 s while a job is pending or running', async () => {
    useFakeClock();
    renderJobList();
    await advance(0);
    expect(listRequests).toEqual([0]);

    await advance(1999);
    expect(listRequests).toEqual([0]);
    await advance(1);
    expect(listRequests).toEqual([0, 2000]);
    await advance(2000);
    expect(listRequests).toEqual([0, 2000, 4000]);
  });

  it('with no active job, reloads only when the clock passes a 10-second mark', async () => {
    jobs = [COMPLETED, FAILED];
    useFakeClock();
    renderJobList();
    await advance(0);
    expect(listRequests).toEqual([0]);

    // Started at 10:15:03: the next marks are 10:15:10 and 10:15:20.
    await advance(6999);
    expect(listRequests).toEqual([0]);
    await advance(1);
    expect(listRequests).toEqual([0, 7000]);
    await advance(10_000);
    expect(listRequests).toEqual([0, 7000, 17_000]);
  });

  it("shows 'Failed to load jobs' after 3 consecutive failures, not before, and recovers", async () => {
    let failing = true;
    server.use(
      answerCallWith('listPatientJobs', () => {
        listRequests.push(Date.now() - START.getTime());
        return failing ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ jobs });
      }),
    );
    useFakeClock();
    renderJobList();
    await advance(0);
    await advance(2000);
    expect(listRequests).toHaveLength(2);
    expect(screen.queryByText('Failed to load jobs')).not.toBeInTheDocument();

    await advance(2000);
    expect(listRequests).toHaveLength(3);
    expect(screen.getByText('Failed to load jobs')).toBeVisible();

    failing = false;
    await advance(2000);
    expect(screen.queryByText('Failed to load jobs')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'discharge-summary.pdf' })).toBeVisible();
  });

  it('two failures between successes never show the message', async () => {
    let answers = 0;
    server.use(
      answerCallWith('listPatientJobs', () => {
        answers += 1;
        return answers % 3 === 0 ? HttpResponse.json({ jobs }) : new HttpResponse(null, { status: 500 });
      }),
    );
    useFakeClock();
    renderJobList();
    await advance(0);
    for (let step = 0; step < 6; step += 1) await advance(2000);

    expect(answers).toBe(7);
    expect(screen.queryByText('Failed to load jobs')).not.toBeInTheDocument();
  });

  it("polls the selected job's detail every second while it is active, and stops once it has finished", async () => {
    let detailAnswers = 0;
    serveDetail((job) => {
      detailAnswers += 1;
      return makeJobStatusResponse(
        detailAnswers >= 3 ? { ...job, status: 'completed', progress_percentage: 100 } : job,
      );
    });
    useFakeClock();
    const user = renderJobList();
    await advance(0);
    await user.click(screen.getByRole('button', { name: 'View Details of discharge-summary.pdf' }));
    await advance(0);
    expect(detailRequests).toHaveLength(1);
    const first = detailRequests[0]!;

    await advance(999);
    expect(detailRequests).toHaveLength(1);
    await advance(1);
    expect(detailRequests).toEqual([first, first + 1000]);
    await advance(1000);
    expect(detailRequests).toEqual([first, first + 1000, first + 2000]);
    // The third answer says completed: no more detail requests.
    await advance(10_000);
    expect(detailRequests).toHaveLength(3);
  });

  it("a 404 on the detail shows 'Selected job no longer exists or cannot be accessed' and stops polling it", async () => {
    serveDetail(() => apiError(404, 'Job not found'));
    useFakeClock();
    const user = renderJobList();
    await advance(0);
    await user.click(screen.getByRole('button', { name: 'View Details of discharge-summary.pdf' }));
    await advance(0);

    expect(screen.getByText('Selected job no longer exists or cannot be accessed')).toBeVisible();
    await advance(10_000);
    expect(detailRequests).toHaveLength(1);
  });

  it('repeated detail failures (3 in a row) give the same message and stop polling; fewer are retried', async () => {
    serveDetail(() => new HttpResponse(null, { status: 500 }));
    useFakeClock();
    const user = renderJobList();
    await advance(0);
    await user.click(screen.getByRole('button', { name: 'View Details of discharge-summary.pdf' }));
    await advance(0);
    await advance(1000);
    expect(detailRequests).toHaveLength(2);
    expect(screen.queryByText('Selected job no longer exists or cannot be accessed')).not.toBeInTheDocument();

    await advance(1000);
    expect(detailRequests).toHaveLength(3);
    expect(screen.getByText('Selected job no longer exists or cannot be accessed')).toBeVisible();
    await advance(10_000);
    expect(detailRequests).toHaveLength(3);
  });

  it("a push about one of this patient's jobs reloads the list at once; another patient's does not", async () => {
    jobs = [COMPLETED];
    useFakeClock();
    renderJobList();
    await advance(0);
    expect(listRequests).toEqual([0]);

    await pushJobUpdate(makeJob({ id: 99, patient_id: 202 }));
    await advance(0);
    expect(listRequests).toEqual([0]);

    jobs = [RUNNING, COMPLETED];
    await pushJobUpdate(RUNNING);
    await advance(0);
    expect(listRequests).toHaveLength(2);
    expect(listRequests[1]).toBeLessThan(7000);
    expect(screen.getByRole('article', { name: 'discharge-summary.pdf' })).toBeVisible();
  });
});

describe('JobListPage: details and actions', () => {
  it('shows the progress steps and recent logs of the selected job, times in en-GB', async () => {
    serveDetail((job) =>
      makeJobStatusResponse(job, {
        progress_steps: [
          {
            step_name: 'extract',
            step_description: 'Extract text',
            status: 'completed',
            progress_percentage: 100,
            started_at: '2026-01-06T10:15:01.000Z',
            completed_at: '2026-01-06T10:15:02.000Z',
          },
          {
            step_name: 'index',
            step_description: 'Index passages',
            status: 'running',
            progress_percentage: 35,
            started_at: '2026-01-06T10:15:02.000Z',
            completed_at: null,
          },
        ],
        recent_logs: [
          {
            timestamp: '2026-01-06T10:15:02.000Z',
            level: 'warning',
            message: 'Pages 3-4 have no text layer: not searchable',
            source: 'extractor',
          },
        ],
      }),
    );
    const user = renderJobList();
    await screen.findByRole('article', { name: 'discharge-summary.pdf' }, slow);
    const details = screen.getByRole('region', { name: 'Job Details' });
    expect(
      within(details).getByText('Select a job to see its progress steps and recent logs.'),
    ).toBeVisible();

    const view = screen.getByRole('button', { name: 'View Details of discharge-summary.pdf' });
    await user.click(view);

    expect(await within(details).findByText('Index passages', {}, slow)).toBeVisible();
    expect(view).toHaveAttribute('aria-pressed', 'true');
    expect(details).toHaveFocus();
    expect(within(details).getByText('Extract text')).toBeVisible();
    expect(within(details).getByRole('progressbar', { name: 'Progress of step index' })).toHaveAttribute(
      'aria-valuenow',
      '35',
    );
    const log = within(details).getByText('Pages 3-4 have no text layer: not searchable').closest('li')!;
    expect(log).toHaveTextContent(new Date('2026-01-06T10:15:02.000Z').toLocaleString('en-GB'));
    expect(log).toHaveTextContent(/^\d{2}\/\d{2}\/2026, \d{2}:\d{2}:\d{2}/);
    expect(log).toHaveTextContent('WARNING');
    expect(log).toHaveTextContent('(extractor)');
  });

  it("an OCR job shows the server's page-by-page step on its card and in its details", async () => {
    const scan = makeJob({
      id: 43,
      input_data: { filename: 'gp-fax.pdf' },
      progress_percentage: 18,
      current_step_description: 'OCR page 7 of 40',
    });
    jobs = [scan];
    serveDetail((job) =>
      makeJobStatusResponse(job, {
        progress_steps: [
          {
            step_name: 'ocr',
            step_description: 'Read scanned pages (OCR)',
            status: 'running',
            progress_percentage: 15,
            started_at: '2026-01-06T10:15:02.000Z',
            completed_at: null,
          },
        ],
        recent_logs: [
          {
            timestamp: '2026-01-06T10:15:04.000Z',
            level: 'warning',
            message: 'page 5: OCR confidence 41 % — check the original',
            source: 'ocr',
          },
        ],
      }),
    );
    const user = renderJobList();

    const card = await screen.findByRole('article', { name: 'gp-fax.pdf' }, slow);
    expect(within(card).getByText('OCR page 7 of 40')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'View Details of gp-fax.pdf' }));
    const details = screen.getByRole('region', { name: 'Job Details' });
    expect(await within(details).findByText('Read scanned pages (OCR)', {}, slow)).toBeVisible();
    const step = within(details).getByText('Current step').closest('tr')!;
    expect(step).toHaveTextContent('OCR page 7 of 40');
    expect(within(details).getByText('page 5: OCR confidence 41 % — check the original')).toBeVisible();
  });

  it("Cancel asks the server to stop the job: 'Job cancelled successfully', and the list is reloaded", async () => {
    const cancelled: string[] = [];
    server.use(
      answerCallWith('cancelJob', ({ params }) => {
        cancelled.push(String(params.id));
        jobs = jobs.map((job) => (job.id === RUNNING.id ? { ...job, status: 'cancelled' } : job));
        return HttpResponse.json({
          success: true,
          message: 'Cancelled',
          job: { ...RUNNING, status: 'cancelled' },
        });
      }),
    );
    const user = renderJobList();
    await screen.findByRole('article', { name: 'discharge-summary.pdf' }, slow);
    const before = listRequests.length;

    await user.click(screen.getByRole('button', { name: 'Cancel discharge-summary.pdf' }));

    expect(await screen.findByText('Job cancelled successfully')).toBeVisible();
    expect(cancelled).toEqual(['41']);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'discharge-summary.pdf' })).not.toBeInTheDocument(),
    );
    expect(listRequests.length).toBeGreaterThan(before);
    // Screen readers hear the change of status.
    expect(
      screen
        .getAllByRole('status')
        .some((region) => region.textContent === 'discharge-summary.pdf: Cancelled'),
    ).toBe(true);
  });

  it("a refused cancel shows 'Failed to cancel job'", async () => {
    server.use(answerCallWith('cancelJob', () => new HttpResponse(null, { status: 500 })));
    const user = renderJobList();
    await screen.findByRole('article', { name: 'discharge-summary.pdf' }, slow);

    await user.click(screen.getByRole('button', { name: 'Cancel gp-letter.docx' }));

    expect(await screen.findByText('Failed to cancel job')).toBeVisible();
    expect(screen.getByRole('article', { name: 'gp-letter.docx' })).toBeVisible();
  });

  it("Refresh reloads the list and says 'Jobs refreshed'", async () => {
    const user = renderJobList();
    await screen.findByRole('article', { name: 'discharge-summary.pdf' }, slow);
    jobs = [...jobs, makeJob({ id: 43, input_data: { filename: 'new-upload.pdf' } })];

    await user.click(screen.getByRole('button', { name: /Refresh/ }));

    expect(await screen.findByText('Jobs refreshed')).toBeVisible();
    expect(screen.getByRole('article', { name: 'new-upload.pdf' })).toBeVisible();
  });
});

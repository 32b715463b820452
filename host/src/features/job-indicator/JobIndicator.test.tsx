import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackgroundJob, Job } from '@ewrt/shared';
import {
  answerCall,
  HttpResponse,
  makeUser,
  openJobSockets,
  pushJobUpdate,
  setupApiServer,
} from '@ewrt/shared/testing';
import { renderHostAt } from '../../testing/renderHostAt';
import { STATUS_COLOURS } from './jobStatusPresentation';

jest.setTimeout(60_000);
const slow = { timeout: 10_000 };
const START = new Date('2026-01-06T10:15:03.000Z');

function makeBackgroundJob(overrides: Partial<BackgroundJob> = {}): BackgroundJob {
  return {
    id: 41,
    job_type: 'document_processing',
    status: 'running',
    progress_percentage: 40,
    current_step_description: 'Extracting text',
    patient_id: 101,
    created_at: '2026-01-06T10:15:00.000Z',
    completed_at: null,
    error_message: null,
    title: 'discharge-summary.pdf',
    ...overrides,
  };
}

const RUNNING = makeBackgroundJob();
const PENDING = makeBackgroundJob({
  id: 42,
  status: 'pending',
  progress_percentage: 0,
  current_step_description: null,
  title: 'gp-letter.docx',
  patient_id: 102,
});
const COMPLETED = makeBackgroundJob({
  id: 40,
  status: 'completed',
  progress_percentage: 100,
  title: 'clinic-notes.txt',
  completed_at: '2026-01-06T10:16:00.000Z',
});
const FAILED = makeBackgroundJob({
  id: 39,
  status: 'failed',
  title: 'scan.pdf',
  error_message: 'The file is not a PDF',
  completed_at: '2026-01-06T10:14:00.000Z',
});
const CANCELLED = makeBackgroundJob({
  id: 38,
  status: 'cancelled',
  title: null,
  job_type: 'vector_rebuild',
  patient_id: null,
});

let active: BackgroundJob[];
let recent: BackgroundJob[];
let activeRequests: { userId: string; at: number }[];
let dismissed: string[];

const server = setupApiServer(
  answerCall('listActiveJobs', ({ params }) => {
    activeRequests.push({ userId: String(params.userId), at: Date.now() - START.getTime() });
    return { active_jobs: active };
  }),
  answerCall('listRecentCompletedJobs', () => ({ recent_completed: recent })),
  answerCall('dismissJob', ({ params }) => {
    dismissed.push(String(params.jobId));
    active = active.filter((job) => job.id !== Number(params.jobId));
    recent = recent.filter((job) => job.id !== Number(params.jobId));
    return { success: true };
  }),
);

beforeEach(() => {
  active = [RUNNING, PENDING];
  recent = [COMPLETED, FAILED, CANCELLED];
  activeRequests = [];
  dismissed = [];
});

afterEach(() => {
  jest.useRealTimers();
});

function asJob(job: BackgroundJob): Job {
  return {
    id: job.id,
    status: job.status,
    job_type: job.job_type,
    input_data: { filename: job.title ?? undefined },
    progress_percentage: job.progress_percentage,
    current_step_description: job.current_step_description,
    created_at: job.created_at,
    started_at: job.created_at,
    completed_at: job.completed_at,
    error_message: job.error_message,
    output_data: null,
    patient_id: job.patient_id,
  };
}

async function openIndicator(user: ReturnType<typeof userEvent.setup>, name = 'Background jobs, 2 active') {
  const button = await screen.findByRole('button', { name }, slow);
  await user.click(button);
  const panel = screen.getByRole('region', { name: 'Background jobs' });
  // The lists load with the panel's first opening.
  await waitFor(() => expect(within(panel).queryByText('Loading background jobs...')).not.toBeInTheDocument());
  return panel;
}

describe('background job indicator', () => {
  it("shows the number of the user's active jobs and lists active and recently completed jobs", async () => {
    const user = userEvent.setup();
    renderHostAt('/users/dashboard', { user: makeUser({ ID_User: 3 }) });

    const button = await screen.findByRole('button', { name: 'Background jobs, 2 active' }, slow);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveTextContent('2');
    expect(activeRequests[0]?.userId).toBe('3');

    const panel = await openIndicator(user);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const activeSection = within(panel).getByRole('region', { name: 'Active jobs' });
    const runningItem = within(activeSection)
      .getByRole('link', { name: 'discharge-summary.pdf' })
      .closest('li')!;
    expect(within(runningItem).getByText('Running')).toBeVisible();
    expect(within(runningItem).getByText('Extracting text')).toBeVisible();
    expect(
      within(runningItem).getByRole('progressbar', { name: 'Progress of discharge-summary.pdf' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(within(activeSection).getByText('Pending')).toBeVisible();

    const recentSection = within(panel).getByRole('region', { name: 'Recently completed jobs' });
    expect(
      within(recentSection)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('clinic-notes.txtCompleted'),
      expect.stringContaining('scan.pdfFailed'),
      expect.stringContaining('Vector rebuildCancelled'),
    ]);
    expect(within(recentSection).getByText('The file is not a PDF')).toBeVisible();
    // A job without a patient has nothing to open.
    expect(within(recentSection).queryByRole('link', { name: 'Vector rebuild' })).not.toBeInTheDocument();
  });

  it('colours each status: completed green, failed red, running blue, pending gold, cancelled grey', async () => {
    const user = userEvent.setup();
    renderHostAt('/users/dashboard', { user: makeUser() });
    const panel = await openIndicator(user);
    const tag = (label: string) => within(panel).getByText(label).closest('.ant-tag');
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

  it("a job with a patient opens that patient's job list", async () => {
    const user = userEvent.setup();
    renderHostAt('/users/dashboard', { user: makeUser() });
    const panel = await openIndicator(user);

    await user.click(within(panel).getByRole('link', { name: 'gp-letter.docx' }));

    await waitFor(() => expect(window.location.pathname).toBe('/patient/102/jobs'));
    expect(screen.getByRole('button', { name: 'Background jobs, 2 active' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('dismisses a job on the server and removes it from the list', async () => {
    const user = userEvent.setup();
    renderHostAt('/users/dashboard', { user: makeUser() });
    const panel = await openIndicator(user);

    await user.click(within(panel).getByRole('button', { name: 'Dismiss scan.pdf' }));

    await waitFor(() => expect(within(panel).queryByText('scan.pdf')).not.toBeInTheDocument());
    expect(dismissed).toEqual(['39']);
    expect(within(panel).getByText('clinic-notes.txt')).toBeVisible();
  });

  it("opens no live connection while none of the user's jobs is active", async () => {
    active = [];
    renderHostAt('/users/dashboard', { user: makeUser() });
    await screen.findByRole('button', { name: 'Background jobs, 0 active' }, slow);
    // The client library loads on demand: give a subscription made at mount the time to connect.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(openJobSockets()).toHaveLength(0);
  });

  it('a refused dismissal says so and keeps the job', async () => {
    server.use(answerCall('dismissJob', () => new HttpResponse(null, { status: 500 })));
    const user = userEvent.setup();
    renderHostAt('/users/dashboard', { user: makeUser() });
    const panel = await openIndicator(user);

    await user.click(within(panel).getByRole('button', { name: 'Dismiss scan.pdf' }));

    expect(await screen.findByText('Failed to dismiss job')).toBeVisible();
    expect(within(panel).getByText('scan.pdf')).toBeInTheDocument();
  });

  it('Escape closes the list and returns focus to the button', async () => {
    const user = userEvent.setup();
    renderHostAt('/users/dashboard', { user: makeUser() });
    const panel = await openIndicator(user);
    await user.tab();
    expect(within(panel).getByRole('link', { name: 'discharge-summary.pdf' })).toHaveFocus();

    await user.keyboard('{Escape}');

    const button = screen.getByRole('button', { name: 'Background jobs, 2 active' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(panel).not.toBeVisible();
  });

  it('is refreshed every 15 seconds', async () => {
    jest.useFakeTimers({ now: START, doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    renderHostAt('/users/dashboard', { user: makeUser() });
    await act(() => jest.advanceTimersByTimeAsync(0));
    await screen.findByRole('button', { name: 'Background jobs, 2 active' });
    expect(activeRequests.map((request) => request.at)).toEqual([0]);

    active = [RUNNING];
    recent = [{ ...PENDING, status: 'completed', progress_percentage: 100 }, ...recent];
    await act(() => jest.advanceTimersByTimeAsync(14_999));
    expect(activeRequests).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(activeRequests.map((request) => request.at)).toEqual([0, 15_000]);
    expect(screen.getByRole('button', { name: 'Background jobs, 1 active' })).toBeInTheDocument();
    // Screen readers hear that a job has finished.
    expect(
      screen.getAllByRole('status').some((region) => region.textContent === 'gp-letter.docx: Completed'),
    ).toBe(true);

    await act(() => jest.advanceTimersByTimeAsync(15_000));
    expect(activeRequests.map((request) => request.at)).toEqual([0, 15_000, 30_000]);
  });

  it('shows pushed progress at once, and reloads when a pushed job is new or has finished', async () => {
    const user = userEvent.setup();
    renderHostAt('/users/dashboard', { user: makeUser() });
    const panel = await openIndicator(user);
    expect(activeRequests).toHaveLength(1);

    await pushJobUpdate(
      asJob({ ...RUNNING, progress_percentage: 75, current_step_description: 'Indexing passages' }),
    );
    expect(
      within(panel).getByRole('progressbar', { name: 'Progress of discharge-summary.pdf' }),
    ).toHaveAttribute('aria-valuenow', '75');
    expect(within(panel).getByText('Indexing passages')).toBeVisible();
    expect(activeRequests).toHaveLength(1);

    const upload = makeBackgroundJob({ id: 43, title: 'new-upload.pdf', patient_id: 101 });
    active = [...active, upload];
    await pushJobUpdate(asJob(upload));
    expect(await within(panel).findByRole('link', { name: 'new-upload.pdf' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Background jobs, 3 active' })).toBeInTheDocument();
    expect(activeRequests).toHaveLength(2);
  });

  it('is not shown, and asks for nothing, before sign-in', async () => {
    renderHostAt('/');
    expect(await screen.findByRole('button', { name: 'GET STARTED' }, slow)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Background jobs/ })).not.toBeInTheDocument();
    expect(activeRequests).toEqual([]);
  });
});

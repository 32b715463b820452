import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DRAFT_JOBS_SHOWN, DRAFT_JOB_POLL_INTERVAL_MS } from '@ewrt/contract/limits';
import {
  answerCall,
  HttpResponse,
  makeUser,
  renderWithProviders,
  setupApiServer,
} from '@ewrt/shared/testing';
import {
  createDraftReportBackend,
  draftReportApiError,
  draftReportHandlers,
  draftRequestsTo,
  DRAFT_PATIENT,
  makeDraftJob,
  makeDraftStatus,
  makeProcessingResult,
  resetDraftReportBackend,
  SERVER_MODEL_LABEL,
} from '../testing-support/draftReportHandlers';
import { DraftReportPage } from './DraftReportPage';

jest.setTimeout(30_000);
const slow = { timeout: 8_000 };

const EXPERT = makeUser({ ID_User: 3, txt_access_level: 'Full Access' });
const STANDARD = makeUser({
  ID_User: 4,
  Name: 'Sam Hughes',
  Username: 's.hughes',
  txt_access_level: 'Standard',
});

const backend = createDraftReportBackend();
const server = setupApiServer(...draftReportHandlers(backend));

beforeEach(() => resetDraftReportBackend(backend));
afterEach(() => {
  jest.useRealTimers();
});

type User = ReturnType<typeof userEvent.setup>;

function renderPage({
  route = `/draft-report?patientId=${DRAFT_PATIENT.ID_Patient}`,
  user = EXPERT,
  fakeClock = false,
} = {}) {
  if (fakeClock) jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  renderWithProviders(<DraftReportPage />, { route, user });
  const options = { delay: null };
  return userEvent.setup(fakeClock ? { ...options, advanceTimers: jest.advanceTimersByTime } : options);
}

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

const region = (name: string) => within(screen.getByRole('region', { name }));

async function chooseOption(user: User, label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  const item = await waitFor(() => {
    // Only the open list: a list opened earlier stays in the document, hidden.
    const open = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';
    const found = [...document.querySelectorAll<HTMLElement>(open)].find(
      (element) => element.getAttribute('title') === option,
    );
    if (!found) throw new Error(`No option "${option}"`);
    return found;
  }, slow);
  await user.click(item);
}

async function typesLoaded() {
  await waitFor(
    () => expect(draftRequestsTo(backend, 'GET', '/api/draft-report/lookup-types/')).toHaveLength(1),
    slow,
  );
}

const generateButton = () => screen.getByRole('button', { name: /Generate Draft Report/ });

describe('the patient', () => {
  it('says when the requested patient cannot be loaded, and when none is selected, with the way to pick one', async () => {
    renderPage({ route: '/draft-report?patientId=999' });
    expect(
      await screen.findByText(
        'Could not load the specified patient. Please search and select manually.',
        {},
        slow,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Select a patient' })).toHaveAttribute('href', '/patients');
  });

  it('without a selected patient asks for one', async () => {
    renderPage({ route: '/draft-report' });
    expect(
      await screen.findByText(
        'No patient selected. Please select a patient from the Patient menu first.',
        {},
        slow,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Select a patient' })).toHaveAttribute('href', '/patients');
    expect(draftRequestsTo(backend, 'GET', '/api/draft-report/')).toHaveLength(0);
  });

  it('shows the ?patientId= patient and edits its Date of Event: Save stores it, Cancel leaves it, a refusal shows the server’s reason', async () => {
    const user = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft Report' }, slow)).toBeVisible();
    const patient = within(await screen.findByRole('region', { name: 'Patient' }, slow));
    expect(patient.getByText('Alex Example')).toBeVisible();
    expect(patient.getByText('DEMO-0101')).toBeVisible();
    expect(patient.getByText('12/05/1980')).toBeVisible();
    expect(patient.getByText('01/03/2024')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Patient Dashboard' })).toHaveAttribute(
      'href',
      '/patients/101/dashboard',
    );

    await user.click(patient.getByRole('button', { name: 'Edit Event Date' }));
    const field = patient.getByLabelText('Date of Event');
    expect(field).toHaveValue('01/03/2024');
    await user.clear(field);
    await user.paste('15/06/2024');
    await user.click(patient.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Date of Event updated successfully!', {}, slow)).toBeVisible();
    expect(draftRequestsTo(backend, 'PUT', '/api/patients/101/update-date-of-event')[0]!.body).toEqual({
      DateofEvent: '2024-06-15',
    });
    expect(patient.getByText('15/06/2024')).toBeVisible();
    expect(patient.queryByLabelText('Date of Event')).not.toBeInTheDocument();

    await user.click(patient.getByRole('button', { name: 'Edit Event Date' }));
    await user.clear(patient.getByLabelText('Date of Event'));
    await user.paste('01/01/2020');
    await user.click(patient.getByRole('button', { name: 'Cancel' }));
    expect(patient.getByText('15/06/2024')).toBeVisible();
    expect(patient.getByRole('button', { name: 'Edit Event Date' })).toHaveFocus();

    server.use(
      answerCall('updateDateOfEvent', () => draftReportApiError(403, 'This patient is view only for you')),
    );
    await user.click(patient.getByRole('button', { name: 'Edit Event Date' }));
    await user.click(patient.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This patient is view only for you', {}, slow)).toBeVisible();
    // The field stays open with the date, to try again.
    expect(patient.getByLabelText('Date of Event')).toHaveValue('15/06/2024');
  });
});

describe('report setup', () => {
  it('shows the chosen type’s prompt count and what will happen; Generate needs a type with prompts', async () => {
    const user = renderPage();
    await typesLoaded();
    expect(generateButton()).toBeDisabled();
    await chooseOption(user, 'Report type', 'Personal Injury');
    const setup = region('Report Setup');
    expect(await setup.findByText('2 prompts', {}, slow)).toBeVisible();
    expect(setup.getByText(/one section per prompt/)).toBeVisible();
    expect(generateButton()).toBeEnabled();
    expect(setup.getByRole('link', { name: 'Manage Templates' })).toHaveAttribute(
      'href',
      '/report-templates',
    );
    expect(screen.getByRole('button', { name: 'Create Custom' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Import Defaults' })).not.toBeInTheDocument();

    await chooseOption(user, 'Report type', 'Employment');
    expect(await setup.findByText(/has no prompts yet/, {}, slow)).toBeVisible();
    expect(generateButton()).toBeDisabled();
  });

  it('says why types could not be loaded, with the server’s reason', async () => {
    server.use(answerCall('listDraftReportTypes', () => draftReportApiError(503, 'Database is busy')));
    renderPage();
    expect(await screen.findByText('Failed to load lookup types: Database is busy', {}, slow)).toBeVisible();
    expect(generateButton()).toBeDisabled();
  });

  it('with no report types, offers Import Defaults and Set Up Draft Reports to an advanced-tools user', async () => {
    backend.types = [];
    const user = renderPage();
    const importButton = await screen.findByRole('button', { name: 'Import Defaults' }, slow);
    expect(screen.getByRole('button', { name: 'Set Up Draft Reports' })).toBeVisible();
    expect(generateButton()).toBeDisabled();
    await user.click(importButton);
    expect(
      await screen.findByRole('dialog', { name: 'Import Default Report Prompts' }, slow),
    ).toBeInTheDocument();
  });

  it('with no report types, tells a Standard user a colleague sets them up and offers no set-up actions', async () => {
    backend.types = [];
    renderPage({ user: STANDARD });
    expect(
      await screen.findByText(
        /A colleague with the advanced tools \(Full Access\) sets report types/,
        {},
        slow,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Import Defaults' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set Up Draft Reports' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage Templates' })).not.toBeInTheDocument();
    expect(draftRequestsTo(backend, 'GET', '/api/defaults/available')).toHaveLength(0);
  });
});

describe('generating a report', () => {
  it('starts the job, polls every 2 s, then shows the report, its badges, the server’s model and the sources', async () => {
    const user = renderPage({ fakeClock: true });
    await typesLoaded();
    await chooseOption(user, 'Report type', 'Personal Injury');
    await chooseOption(user, 'Report template (optional)', 'Personal injury (orthopaedic)');
    await chooseOption(user, 'Structured template (optional)', 'Personal injury report');
    await user.click(generateButton());

    const processing = await screen.findByRole('region', { name: 'Generating the Draft Report' }, slow);
    expect(within(processing).getByRole('progressbar', { name: 'Report generation progress' })).toBeVisible();
    expect(within(processing).getByRole('link', { name: 'Job List' })).toHaveAttribute(
      'href',
      '/patient/101/jobs',
    );
    expect(generateButton()).toBeDisabled();
    expect(draftRequestsTo(backend, 'POST', '/api/draft-report/generate')[0]!.body).toEqual({
      patient_id: 101,
      user_id: 3,
      lookup_type_id: 11,
      template_id: 7,
      metadata: { structured_template_id: 31 },
    });

    expect(draftRequestsTo(backend, 'GET', '/api/draft-report/status/')).toHaveLength(0);
    await advance(DRAFT_JOB_POLL_INTERVAL_MS);
    expect(
      await within(processing).findByText('Drafting section 1 of 2: History of the index event'),
    ).toBeVisible();
    await advance(DRAFT_JOB_POLL_INTERVAL_MS);

    const report = await screen.findByRole('region', { name: 'Generated Report' }, slow);
    expect(draftRequestsTo(backend, 'GET', '/api/draft-report/status/')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Generating the Draft Report' })).not.toBeInTheDocument();
    const shown = within(report);
    expect(shown.getAllByText('Template Applied').length).toBeGreaterThan(0);
    expect(shown.getByText('AI Comprehensive Report')).toBeVisible();
    expect(shown.getByText('3 sections')).toBeVisible();
    expect(shown.getByText(`Model: ${SERVER_MODEL_LABEL}`)).toBeVisible();
    expect(report).not.toHaveTextContent(/Claude/);
    expect(shown.getByRole('heading', { name: 'Complete Report' })).toBeVisible();
    expect(shown.queryByText('COMPLETE_FINAL_REPORT')).not.toBeInTheDocument();
    const sections = shown.getByRole('region', { name: 'Report sections' });
    expect(sections).toHaveAttribute('tabindex', '0');
    expect(sections).toHaveStyle({ maxHeight: '600px', overflowY: 'auto' });
    expect(shown.getByText('[1] discharge-summary.pdf, page 3 (bundle page 17)')).toBeVisible();
    expect(shown.getByText('[1] orthopaedic-letter.pdf, page 2, read by OCR')).toBeVisible();
    expect(shown.getByText(/Not supported by the cited records/)).toBeVisible();
    expect(shown.getByText('He will run a marathon next year.')).toBeVisible();

    // The history is refreshed on completion and the Word document is offered.
    await waitFor(() => expect(region('Recent Jobs').getByText('Completed')).toBeVisible());
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    const documentFile = region('Document File');
    expect(documentFile.getByText('Example_Alex_draft_55.docx')).toBeVisible();
    await user.click(documentFile.getByRole('button', { name: 'Download Example_Alex_draft_55.docx' }));
    expect(await screen.findByText('Document downloaded successfully', {}, slow)).toBeVisible();
    expect(clicked).toEqual([
      'http://api.test/files/signed/patients%2F101%2Fgenerated%2FExample_Alex_draft_55.docx',
    ]);
  });

  it('says why a job could not start, then shows the job’s error, or “Job failed” when it gives none', async () => {
    backend.statuses = [
      makeDraftStatus({ status: 'failed', error_message: 'No indexed records for this patient' }),
    ];
    server.use(
      answerCall(
        'generateDraftReport',
        () => draftReportApiError(403, 'This feature is not available to you'),
        { once: true },
      ),
    );
    const user = renderPage({ fakeClock: true });
    await typesLoaded();
    await chooseOption(user, 'Report type', 'Personal Injury');
    await region('Report Setup').findByText('2 prompts', {}, slow);
    await user.click(generateButton());
    expect(
      await screen.findByText(
        'Failed to start report generation: This feature is not available to you',
        {},
        slow,
      ),
    ).toBeVisible();

    await user.click(generateButton());
    await screen.findByRole('region', { name: 'Generating the Draft Report' }, slow);
    await advance(DRAFT_JOB_POLL_INTERVAL_MS);
    expect(await screen.findByText('No indexed records for this patient', {}, slow)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Generating the Draft Report' })).not.toBeInTheDocument();
    expect(generateButton()).toBeEnabled();

    backend.statuses = [makeDraftStatus({ status: 'failed', error_message: null })];
    backend.nextJobId = 56;
    await user.click(generateButton());
    await screen.findByRole('region', { name: 'Generating the Draft Report' }, slow);
    await advance(DRAFT_JOB_POLL_INTERVAL_MS);
    expect(await screen.findByText('Job failed', {}, slow)).toBeVisible();
  });
});

describe('a request that fails without a reason', () => {
  it('says the start failed, and after a finished job that its results could not be fetched', async () => {
    server.use(
      answerCall('generateDraftReport', () => new HttpResponse(null, { status: 502 }), {
        once: true,
      }),
      answerCall('getDraftReportResults', () => new HttpResponse(null, { status: 502 }), {
        once: true,
      }),
    );
    const user = renderPage({ fakeClock: true });
    await typesLoaded();
    await chooseOption(user, 'Report type', 'Personal Injury');
    await region('Report Setup').findByText('2 prompts', {}, slow);
    await user.click(generateButton());
    expect(await screen.findByText('Failed to start draft report generation', {}, slow)).toBeVisible();

    backend.statuses = [makeDraftStatus({ status: 'completed' })];
    await user.click(generateButton());
    await screen.findByRole('region', { name: 'Generating the Draft Report' }, slow);
    await advance(DRAFT_JOB_POLL_INTERVAL_MS);
    expect(await screen.findByText('Failed to fetch job results', {}, slow)).toBeVisible();
  });
});

describe('recent jobs', () => {
  it('shows the first five; only a completed one opens; its Word file or the reason it is missing; downloads', async () => {
    backend.jobs = [
      makeDraftJob({
        id: 70,
        status: 'running',
        progress_percentage: 30,
        patient_id: 202,
        patient_name: 'Blake Other',
      }),
      makeDraftJob({ id: 69 }),
      makeDraftJob({ id: 68, status: 'failed', error_message: 'Boom' }),
      makeDraftJob({ id: 67, status: 'cancelled' }),
      makeDraftJob({ id: 66, status: 'pending', patient_id: 202, patient_name: 'Blake Other' }),
      makeDraftJob({ id: 65 }),
      makeDraftJob({ id: 64 }),
    ];
    backend.results = {
      69: makeProcessingResult({
        docx_saved: false,
        docx_s3_key: null,
        docx_filename: null,
        docx_error: 'Template tag {name} is not closed',
      }),
      65: makeProcessingResult(),
    };
    const saved: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        saved.push(blob);
        return 'blob:http://localhost/draft-report';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const clicked: { href: string; download: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    const user = renderPage();
    const list = await screen.findByRole('list', { name: 'Your recent draft report jobs' }, slow);
    expect(within(list).getAllByRole('listitem')).toHaveLength(DRAFT_JOBS_SHOWN);
    expect(draftRequestsTo(backend, 'GET', '/api/users/3/draft-report-jobs')[0]!.search).toBe(
      '?page=1&limit=10',
    );
    for (const status of ['Running', 'Completed', 'Failed', 'Cancelled', 'Pending'])
      expect(within(list).getByText(status)).toBeVisible();
    expect(within(list).queryByRole('button', { name: /Job 65/ })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /Job 68/ }));
    expect(await screen.findByText('Can only view completed jobs', {}, slow)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Generated Report' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Report' })).toBeDisabled();

    await user.click(within(list).getByRole('button', { name: /Job 69/ }));
    expect(await screen.findByRole('region', { name: 'Generated Report' }, slow)).toBeVisible();
    const documentFile = region('Document File');
    expect(
      documentFile.getByText(
        'Report generated successfully, but DOCX save failed. Report content is still available.',
      ),
    ).toBeVisible();
    expect(documentFile.getByText('Reason: Template tag {name} is not closed')).toBeVisible();
    expect(documentFile.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download Report' }));
    expect(await screen.findByText('Report downloaded successfully!', {}, slow)).toBeVisible();
    const today = new Date();
    const two = (value: number) => String(value).padStart(2, '0');
    const day = `${today.getFullYear()}-${two(today.getMonth() + 1)}-${two(today.getDate())}`;
    expect(clicked[0]).toEqual({
      href: 'blob:http://localhost/draft-report',
      download: `Example_Alex_DraftReport_${day}.txt`,
    });
    expect(await saved[0]!.text()).toContain('[1] discharge-summary.pdf, page 3 (bundle page 17)');

    await user.click(screen.getByRole('button', { name: 'Clear View' }));
    expect(screen.queryByRole('region', { name: 'Generated Report' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Report' })).toBeDisabled();
  });

  it('resumes showing the progress of this patient’s running job', async () => {
    backend.jobs = [
      makeDraftJob({
        id: 80,
        status: 'running',
        progress_percentage: 45,
        current_step_description: 'Drafting section 2 of 2: Prognosis',
      }),
    ];
    renderPage();
    const processing = await screen.findByRole('region', { name: 'Generating the Draft Report' }, slow);
    expect(within(processing).getByText('Drafting section 2 of 2: Prognosis')).toBeVisible();
    expect(generateButton()).toBeDisabled();
  });
});

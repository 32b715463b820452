import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChronologyResponse } from '@ewrt/contract';
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
  BUILD_STARTED,
  DESCRIBED_BY_MODEL,
  makeChronology,
  makeChronologyEvent,
  makeChronologyPlace,
  makeUnbuiltChronology,
} from '../testing-support/chronologyHandlers';
import {
  dateOfEventUpdated,
  docxAnswer,
  makeDocumentPage,
  makePageImage,
} from '../testing-support/conversationApiHandlers';
import { makeJob } from '../testing-support/documentFixtures';
import { apiError } from '../testing-support/documentsApiHandlers';
import { recordLinkClicks, type ClickedLink } from '../testing-support/recordLinkClicks';
import { renderDocumentsApp } from '../testing-support/renderDocumentsApp';

// Generous: the whole remote renders antd tables and selects in jsdom on a shared machine.
jest.setTimeout(60_000);
const slow = { timeout: 8_000 };

const PATIENT = makePatient({
  ID_Patient: 101,
  FirstName: 'Alex',
  Surname: 'Example',
  MRN: 'DEMO-0101',
  DateOfBirth: '1980-05-12',
  DateofEvent: '2024-03-01',
});

const gpVisit = makeChronologyEvent({
  id: 1,
  date: '2023-11-20',
  date_text: '20th November 2023',
  kind: 'consultation',
  passage: 'Seen by Dr Shah on 20th November 2023 with low back pain.',
  clinician: 'Dr Shah',
  places: [
    makeChronologyPlace({
      filename: 'gp-letter.docx',
      s3_key: 'key_gp_letter_000000002',
      page: 1,
      chunk_id: 612,
    }),
  ],
});
const fall = makeChronologyEvent({
  id: 2,
  date: '2024-03-01',
  date_text: '01.03.2024',
  kind: 'admission',
  passage: 'Admitted on 01.03.2024 after a fall at work.',
  clinician: null,
  places: [
    makeChronologyPlace({
      filename: 'discharge.pdf',
      s3_key: 'key_discharge_0000003',
      page: 1,
      chunk_id: 700,
    }),
  ],
});
const mri = makeChronologyEvent({
  id: 3,
  places: [
    makeChronologyPlace({ bundle_page: 14 }),
    makeChronologyPlace({
      filename: 'mri-copy.pdf',
      s3_key: 'key_mri_copy_0000000004',
      page: 5,
      bundle_page: 31,
      chunk_id: 801,
      source: 'ocr',
      ocr_confidence: 87.4,
    }),
  ],
});
const physio = makeChronologyEvent({
  id: 4,
  date: '2024-05-01',
  precision: 'month',
  date_text: 'May 2024',
  kind: 'therapy',
  passage: 'Physiotherapy started in May 2024.',
  clinician: null,
  places: [
    makeChronologyPlace({ filename: 'physio.pdf', s3_key: 'key_physio_00000000005', page: 3, chunk_id: 900 }),
  ],
});
const EVENTS = [gpVisit, fall, mri, physio];

const server = setupApiServer(
  answerCall('getPatient', () => PATIENT),
  answerCallWith('getChronology', makeChronology(EVENTS, { date_of_event: '2024-03-01' })),
  answerCallWith('getPatientPageImage', makePageImage()),
);

let clickedLinks: ClickedLink[];

beforeEach(() => {
  // The socket URL of the job updates comes from the runtime configuration.
  provideRuntimeConfig();
  clickedLinks = recordLinkClicks();
});

function renderPage() {
  renderDocumentsApp('/patients/101/chronology');
  return userEvent.setup();
}

const CAPTION = 'Clinical events in date order, with the Date of Event as a dividing row';
const eventsTable = () => screen.findByRole('table', { name: CAPTION }, slow);

/** The table's rows as text: each event's date cell first line, and the dividing row as it reads. */
async function rowTexts(): Promise<string[]> {
  const table = await eventsTable();
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return cells.length === 1 ? cells[0]!.textContent! : cells[0]!.firstChild!.firstChild!.textContent!;
    });
}

/** A chronology answer queue: each GET takes the next answer, the last one repeats. */
function answersInTurn(answers: ChronologyResponse[]) {
  return answerCallWith('getChronology', () =>
    HttpResponse.json(answers.length > 1 ? answers.shift()! : answers[0]!),
  );
}

describe('ChronologyPage', () => {
  it('before the first build: the title, the patient, what the chronology is, and Build chronology', async () => {
    server.use(answerCallWith('getChronology', makeUnbuiltChronology()));
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Medical Chronology' }, slow)).toBeVisible();
    expect(await screen.findByText('Alex Example · MRN DEMO-0101')).toBeVisible();
    expect(screen.getByText('12/05/1980')).toBeVisible();
    expect(screen.getByText('01/03/2024')).toBeVisible();
    expect(
      await screen.findByText(/lists every dated clinical event in this patient's records/, {}, slow),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: /Build chronology/ })).toBeEnabled();
    expect(screen.queryByRole('table', { name: CAPTION })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Events' })).not.toBeInTheDocument();
  });

  it('Build chronology starts the job, shows its progress and step, then the events and announces them', async () => {
    const running = makeJob({
      id: 95,
      job_type: 'chronology',
      input_data: {},
      progress_percentage: 40,
      current_step_description: 'Reading dates on page 12 of 30',
    });
    let built = false;
    server.use(
      answersInTurn([
        makeUnbuiltChronology(),
        makeUnbuiltChronology({ state: 'building', job: running }),
        makeChronology(EVENTS, { job: { ...running, status: 'completed', progress_percentage: 100 } }),
      ]),
      answerCallWith('buildChronology', () => {
        built = true;
        return HttpResponse.json(BUILD_STARTED, { status: 202 });
      }),
    );
    const user = renderPage();

    await user.click(await screen.findByRole('button', { name: /Build chronology/ }, slow));

    expect(built).toBe(true);
    expect(
      await screen.findByText('The chronology is being built in the background', {}, slow),
    ).toBeVisible();
    expect(await screen.findByText('Reading dates on page 12 of 30', {}, slow)).toBeVisible();
    expect(screen.getByText('Building the chronology (job 95)')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Chronology progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByRole('button', { name: /Build chronology/ })).toBeDisabled();

    expect(await screen.findByRole('table', { name: CAPTION }, { timeout: 12_000 })).toBeVisible();
    expect(screen.getByText('The chronology is ready: 4 events')).toBeInTheDocument();
    expect(screen.getByText(/^Built 07\/01\/2026, \d\d:\d\d · 4 events$/)).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Rebuild chronology/ })).toBeEnabled();
  });

  it('refreshes when a job of the patient ends, and then says the chronology is out of date with Rebuild', async () => {
    let rebuilt = false;
    server.use(
      answersInTurn([makeChronology(EVENTS), makeChronology(EVENTS, { out_of_date: true })]),
      answerCallWith('buildChronology', () => {
        rebuilt = true;
        return HttpResponse.json(BUILD_STARTED, { status: 202 });
      }),
    );
    const user = renderPage();
    await eventsTable();
    expect(screen.queryByText(/Out of date/)).not.toBeInTheDocument();

    await pushJobUpdate(
      makeJob({ id: 60, status: 'completed', job_type: 'document_processing', patient_id: 101 }),
    );

    expect(
      await screen.findByText('Out of date: documents changed since it was built.', {}, slow),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Rebuild chronology/ }));
    await waitFor(() => expect(rebuilt).toBe(true));
  });

  it('shows the failed build with the job’s error, and the server’s refusal of a second build', async () => {
    server.use(
      answerCallWith(
        'getChronology',
        makeUnbuiltChronology({
          state: 'failed',
          job: makeJob({
            id: 95,
            status: 'failed',
            job_type: 'chronology',
            error_message: 'page 3 could not be read',
          }),
        }),
      ),
      answerCallWith('buildChronology', () =>
        apiError(409, 'A chronology is already being built for this patient (job 96).'),
      ),
    );
    const user = renderPage();

    expect(
      await screen.findByText('The chronology could not be built: page 3 could not be read', {}, slow),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Build chronology/ }));
    expect(
      await screen.findByText('A chronology is already being built for this patient (job 96).', {}, slow),
    ).toBeVisible();
  });

  it('shows the load failure with Retry, which loads again', async () => {
    let failures = 1;
    server.use(
      answerCallWith('getChronology', () => {
        if (failures > 0) {
          failures -= 1;
          return apiError(403, 'The chronology is available only for patients you have full access to');
        }
        return HttpResponse.json(makeChronology(EVENTS));
      }),
    );
    const user = renderPage();

    expect(
      await screen.findByText(
        'The chronology is available only for patients you have full access to',
        {},
        slow,
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await eventsTable()).toBeVisible();
    expect(screen.queryByText(/available only for patients/)).not.toBeInTheDocument();
  });

  it('lists the events in date order with the Date of Event as a dividing row, the event on it marked', async () => {
    renderPage();

    expect(await rowTexts()).toEqual([
      '20/11/2023 (day)',
      'Date of Event: 01/03/2024 — events before above, after below',
      '01/03/2024 (day)',
      '14/03/2024 (day)',
      'May 2024 (month)',
    ]);
    const table = await eventsTable();
    const onRow = within(table).getByText('01/03/2024 (day)').closest('tr')!;
    expect(within(onRow).getByText('On the Date of Event')).toBeVisible();
    expect(within(onRow).getByText('As written: 01.03.2024')).toBeVisible();
    expect(within(onRow).getByText('Admission')).toBeVisible();
    expect(within(onRow).getByText('Not named')).toBeVisible();
    expect(within(table).getAllByText('On the Date of Event')).toHaveLength(1);
    expect(screen.getByText('Showing 4 of 4 events')).toBeVisible();
  });

  it('moves the dividing row when the Date of Event is saved, and asks for the chronology again', async () => {
    let loads = 0;
    server.use(
      answerCallWith('getChronology', () => {
        loads += 1;
        return HttpResponse.json(makeChronology(EVENTS, { date_of_event: '2024-03-01' }));
      }),
      answerCallWith('updateDateOfEvent', dateOfEventUpdated({ ...PATIENT, DateofEvent: '2024-03-20' })),
    );
    const user = renderPage();
    await eventsTable();
    const loadsBefore = loads;

    await user.click(await screen.findByRole('button', { name: 'Edit date of event' }, slow));
    const input = screen.getByRole('textbox', { name: 'Date of Event' });
    await user.clear(input);
    await user.type(input, '20/03/2024');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Date of event updated successfully')).toBeVisible();
    expect(await rowTexts()).toEqual([
      '20/11/2023 (day)',
      '01/03/2024 (day)',
      '14/03/2024 (day)',
      'Date of Event: 20/03/2024 — events before above, after below',
      'May 2024 (month)',
    ]);
    expect(screen.queryByText('On the Date of Event')).not.toBeInTheDocument();
    await waitFor(() => expect(loads).toBeGreaterThan(loadsBefore));
  });

  it('sends the kind, year and text filters as query parameters and shows how many events match', async () => {
    const queries: string[] = [];
    server.use(
      answerCallWith('getChronology', ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        const filtered = url.searchParams.has('kind') ? [mri] : EVENTS;
        return HttpResponse.json({ ...makeChronology(EVENTS), events: filtered });
      }),
    );
    const user = renderPage();
    await eventsTable();

    await chooseOption(user, screen.getByRole('combobox', { name: 'Kind' }), 'Imaging');
    expect(await screen.findByText('Showing 1 of 4 events', {}, slow)).toBeVisible();
    await user.keyboard('{Escape}');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Year' }), '2024');
    await user.type(screen.getByRole('searchbox', { name: 'Text' }), 'MRI{Enter}');

    await waitFor(() => expect(queries.at(-1)).toBe('?from=2024-01-01&to=2024-12-31&kind=imaging&q=MRI'));
    expect(queries[0]).toBe('');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queries.at(-1)).toBe(''));
    expect(await screen.findByText('Showing 4 of 4 events')).toBeVisible();
  });

  it('a place opens its page in the citation view, with its bundle page, and OCR places say so', async () => {
    server.use(answerCallWith('getDocumentPage', makeDocumentPage({ bundle_page: 14 })));
    const user = renderPage();
    const table = await eventsTable();
    const mriRow = within(table).getByText('14/03/2024 (day)').closest('tr')!;

    expect(within(mriRow).getByRole('button', { name: 'mri-copy.pdf, p. 5 (bundle p. 31)' })).toBeVisible();
    expect(within(mriRow).getByText('Read by OCR, confidence 87 %')).toBeVisible();
    expect(within(mriRow).getAllByText(/Read by OCR/)).toHaveLength(1);

    await user.click(within(mriRow).getByRole('button', { name: 'mri.pdf, p. 2 (bundle p. 14)' }));

    const view = await screen.findByRole('dialog', {
      name: 'Event of 14/03/2024: mri.pdf, page 2 (bundle page 14)',
    });
    const cited = await within(view).findByText(
      'MRI lumbar spine on 14/03/2024 showed an L4/5 disc protrusion.',
    );
    expect(cited.tagName).toBe('MARK');
    // In the document (not "visible"): the modal may still be fading in.
    expect(within(view).getByText('2 of 3')).toBeInTheDocument();
    expect(within(view).getByText('14')).toBeInTheDocument();
  });

  it('Export to Word sends the filters and saves the .docx under the server’s name', async () => {
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:http://localhost/chronology');
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: createObjectURL });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: jest.fn() });
    const exportQueries: string[] = [];
    server.use(
      answerCallWith('exportChronology', ({ request }) => {
        exportQueries.push(new URL(request.url).search);
        return docxAnswer('attachment; filename="Alex_Example_chronology_2026-01-07.docx"');
      }),
    );
    const user = renderPage();
    await eventsTable();
    await user.type(screen.getByRole('searchbox', { name: 'Text' }), 'fall{Enter}');

    await user.click(screen.getByRole('button', { name: /Export to Word/ }));

    expect(await screen.findByText('Chronology exported', {}, slow)).toBeVisible();
    expect(exportQueries).toEqual(['?q=fall']);
    expect(clickedLinks).toEqual([
      { href: 'blob:http://localhost/chronology', download: 'Alex_Example_chronology_2026-01-07.docx' },
    ]);
  });

  it("a failed export shows the server's message, else 'Failed to export the chronology'", async () => {
    server.use(answerCallWith('exportChronology', () => apiError(500, 'The document could not be written')));
    const user = renderPage();
    await eventsTable();

    await user.click(screen.getByRole('button', { name: /Export to Word/ }));
    expect(await screen.findByText('The document could not be written', {}, slow)).toBeVisible();

    server.use(answerCallWith('exportChronology', () => new HttpResponse(null, { status: 502 })));
    await user.click(screen.getByRole('button', { name: /Export to Word/ }));
    expect(await screen.findByText('Failed to export the chronology', {}, slow)).toBeVisible();
  });

  it('without a model: says so plainly, and each event shows its passage', async () => {
    renderPage();
    const table = await eventsTable();

    expect(
      screen.getByText(
        'No language model is configured: each event is shown as the passage of the record that states it, and its kind and clinician were found by simple rules.',
      ),
    ).toBeVisible();
    expect(within(table).getByText('Admitted on 01.03.2024 after a fall at work.')).toBeVisible();
    expect(screen.queryByText(/Events described by/)).not.toBeInTheDocument();
  });

  it('flags a date whose day and month may be swapped with both readings, marks planned care, lists unread dates', async () => {
    const sprain = makeChronologyEvent({
      id: 5,
      date: '2006-05-04',
      date_text: '04/05/2006',
      kind: 'consultation',
      passage: '04/05/2006 Seen for left ankle sprain after a netball game.',
      alternative_date: '2006-04-05',
      clinician: null,
    });
    const review = makeChronologyEvent({
      id: 6,
      date: '2023-06-13',
      date_text: '13/06/2023',
      kind: 'consultation',
      passage: 'I will review her in three months, on or around 13/06/2023.',
      planned: true,
    });
    server.use(
      answerCallWith(
        'getChronology',
        makeChronology([sprain, review], {
          unread_dates: [
            {
              date_text: '31/09/2021',
              passage: 'I assessed Mrs Pritchard in the podiatry clinic on 31/09/2021.',
              filename: 'podiatry.pdf',
              s3_key: 'key_podiatry_000000006',
              page: 1,
              bundle_page: 12,
            },
          ],
        }),
      ),
    );
    renderPage();
    const table = await eventsTable();

    const swapped = within(table).getByText('Day and month may be swapped');
    expect(swapped).toBeVisible();
    expect(within(table).getByText('Read as 04/05/2006; may be 05/04/2006')).toBeVisible();
    expect(within(table).getAllByText('Day and month may be swapped')).toHaveLength(1);
    expect(within(table).getByText('Planned')).toBeVisible();
    const unread = screen.getByRole('region', { name: 'Unread dates' });
    expect(within(unread).getByText(/Unread date: 31\/09\/2021/)).toBeVisible();
    expect(unread).toHaveTextContent('podiatry.pdf, page 1 (bundle page 12)');
  });

  it('with a model: names it, shows supported summaries, and flags one its passage does not support', async () => {
    server.use(
      answerCallWith(
        'getChronology',
        makeChronology(
          [
            { ...gpVisit, summary: 'GP consultation for low back pain.', summary_supported: true },
            { ...fall, summary: 'Admitted after a fall at work on 2 March 2024.', summary_supported: false },
          ],
          DESCRIBED_BY_MODEL,
        ),
      ),
    );
    renderPage();
    const table = await eventsTable();

    expect(screen.getByText('Events described by gpt-4o-mini (llm.example.test)')).toBeVisible();
    expect(screen.queryByText(/No language model is configured/)).not.toBeInTheDocument();
    expect(within(table).getByText('GP consultation for low back pain.')).toBeVisible();
    const flagged = within(table).getByText('Admitted after a fall at work on 2 March 2024.');
    expect(flagged.nextElementSibling).toHaveTextContent('(not found in the passage)');
    expect(within(table).getAllByText('(not found in the passage)')).toHaveLength(1);
    // The flagged summary's passage is shown beside it, not hidden behind a disclosure.
    expect(within(table).getByText('Admitted on 01.03.2024 after a fall at work.')).toBeVisible();
  });
});

async function chooseOption(user: ReturnType<typeof userEvent.setup>, control: HTMLElement, option: string) {
  await user.click(control);
  const item = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find(
      (candidate) => candidate.getAttribute('title') === option,
    );
    if (!found) throw new Error(`No option "${option}"`);
    return found;
  });
  await user.click(item);
}

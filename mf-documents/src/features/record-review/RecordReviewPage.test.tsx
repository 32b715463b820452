import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerCall, HttpResponse, makePatient, setupApiServer, answerCallWith } from '@ewrt/shared/testing';
import { makeDocumentPage, makePageImage } from '../testing-support/conversationApiHandlers';
import { apiError } from '../testing-support/documentsApiHandlers';
import { makeDuplicateGroups, makeRecordFlag, makeRecordGaps } from '../testing-support/recordReviewHandlers';
import { renderDocumentsApp } from '../testing-support/renderDocumentsApp';

// Generous: the whole remote renders antd cards and lists in jsdom on a shared machine.
jest.setTimeout(60_000);
const slow = { timeout: 8_000 };

const PATIENT = makePatient({ ID_Patient: 101, FirstName: 'Alex', Surname: 'Example', MRN: 'DEMO-0101' });

const gap = makeRecordFlag({
  kind: 'gap in care',
  title: 'No recorded care for 279 days, from 05/06/2023 to 10/03/2024',
  passage: 'Before: I reviewed her on 05/06/2023.\nAfter: I saw her again on 10/03/2024.',
  end_date: '2024-03-10',
  days: 279,
  places: [
    {
      filename: 'spinal-letter.pdf',
      s3_key: 'key_spinal_letter_000001',
      page: 1,
      bundle_page: null,
      chunk_id: 501,
    },
    {
      filename: 'knee-letter.pdf',
      s3_key: 'key_knee_letter_00000003',
      page: 1,
      bundle_page: null,
      chunk_id: 601,
    },
  ],
});
const missed = makeRecordFlag({
  kind: 'missed appointment',
  title: 'Missed appointment on 12/12/2023',
  passage: 'She did not attend her appointment on 12/12/2023.',
  places: [
    {
      filename: 'knee-letter.pdf',
      s3_key: 'key_knee_letter_00000003',
      page: 1,
      bundle_page: null,
      chunk_id: 602,
    },
  ],
});

const server = setupApiServer(
  answerCall('getPatient', () => PATIENT),
  answerCallWith('getDuplicateGroups', makeDuplicateGroups()),
  answerCallWith('getRecordGaps', makeRecordGaps([makeRecordFlag(), gap, missed])),
  answerCallWith('getPatientPageImage', makePageImage()),
  answerCallWith('getDocumentPage', makeDocumentPage()),
);

function renderPage() {
  renderDocumentsApp('/patients/101/record-review');
  return userEvent.setup();
}

const copies = () => screen.findByRole('region', { name: 'Copies of documents' }, slow);

describe('RecordReviewPage', () => {
  it('shows a letter and its rescan side by side with their first pages and how alike they are', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Records Review' }, slow)).toBeVisible();
    const region = await copies();
    expect(within(region).getByText('1 group of copies among 3 documents; 0 set aside')).toBeVisible();
    expect(
      within(region).getByRole('heading', { name: 'Group 1: 2 copies, at least 78% similar' }),
    ).toBeVisible();
    expect(within(region).getByText('78% similar to spinal-letter.pdf')).toBeVisible();
    expect(within(region).getByText('1 page, 1 read by OCR')).toBeVisible();
    expect(
      await within(region).findByRole('img', { name: 'First page of spinal-letter-rescan.pdf' }),
    ).toHaveAttribute('src', 'http://api.test/api/files/signed-page-image');
    expect(within(region).getAllByText('In the records')).toHaveLength(2);
  });

  it('Keep this one sets the other copies aside, and Bring back undoes it', async () => {
    const requests: unknown[] = [];
    let rescanSetAside = false;
    server.use(
      answerCallWith('getDuplicateGroups', () =>
        HttpResponse.json(
          makeDuplicateGroups(
            rescanSetAside
              ? { set_aside: true, copy_of_s3_key: 'key_spinal_letter_000001', set_aside_by: 'Dr Asha Patel' }
              : {},
          ),
        ),
      ),
      answerCallWith('setAsideDuplicates', async ({ request }) => {
        requests.push(await request.json());
        rescanSetAside = true;
        return HttpResponse.json({
          success: true,
          message:
            '1 copy set aside: still listed, but left out of record answers, the chronology and the bundle',
          set_aside_count: 1,
        });
      }),
      answerCallWith('restoreDuplicate', async ({ request }) => {
        requests.push(await request.json());
        rescanSetAside = false;
        return HttpResponse.json({
          success: true,
          message: '\u201cspinal-letter-rescan.pdf\u201d is back in the records',
          set_aside_count: 0,
        });
      }),
    );
    const user = renderPage();
    const region = await copies();

    await user.click(
      within(region).getByRole('button', { name: 'Keep this one: spinal-letter.pdf; set the others aside' }),
    );
    expect(requests).toEqual([{ keep: 'key_spinal_letter_000001', set_aside: ['key_spinal_rescan_000002'] }]);
    expect(
      await screen.findByText(
        '1 copy set aside: still listed, but left out of record answers, the chronology and the bundle',
      ),
    ).toBeVisible();
    expect(await within(region).findByText('Set aside as a copy', {}, slow)).toBeVisible();
    expect(within(region).queryByRole('button', { name: /^Keep / })).not.toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Bring back spinal-letter-rescan.pdf' }));
    expect(requests.at(-1)).toEqual({ s3_key: 'key_spinal_rescan_000002' });
    expect(
      await screen.findByText('\u201cspinal-letter-rescan.pdf\u201d is back in the records'),
    ).toBeVisible();
    await waitFor(() => expect(within(region).getAllByText('In the records')).toHaveLength(2));
  });

  it('says why a copy could not be set aside, in the server’s words', async () => {
    server.use(
      answerCallWith('setAsideDuplicates', () =>
        apiError(400, 'The document you keep cannot also be set aside'),
      ),
    );
    const user = renderPage();
    const region = await copies();
    await user.click(
      within(region).getByRole('button', {
        name: 'Keep this one: spinal-letter-rescan.pdf; set the others aside',
      }),
    );
    expect(await screen.findByText('The document you keep cannot also be set aside')).toBeVisible();
  });

  it('lists a page found again in a longer record, and opens either page', async () => {
    server.use(
      answerCallWith('getDuplicateGroups', {
        ...makeDuplicateGroups(),
        groups: [],
        copied_pages: [
          {
            page: { filename: 'spinal-letter.pdf', s3_key: 'key_spinal_letter_000001', page: 1 },
            found_in: { filename: 'gp-record.pdf', s3_key: 'key_gp_record_000000004', page: 2 },
            similarity: 0.93,
          },
        ],
      }),
    );
    const user = renderPage();
    const region = await copies();
    expect(within(region).getByText('No copies found among 3 processed documents.')).toBeVisible();
    const found = within(region).getByRole('list', { name: 'Pages found again' });
    expect(
      within(found).getByText('spinal-letter.pdf, p. 1 is found again as gp-record.pdf, p. 2 (93% similar)'),
    ).toBeVisible();
    expect(within(found).getByRole('button', { name: 'Open spinal-letter.pdf, p. 1' })).toBeVisible();
    await user.click(within(found).getByRole('button', { name: 'Open gp-record.pdf, p. 2' }));
    expect(await screen.findByRole('dialog', { name: 'gp-record.pdf, page 2' }, slow)).toBeInTheDocument();
  });

  it('lists missing records, gaps and missed appointments, each opening the page that raises it', async () => {
    const user = renderPage();
    const flags = await screen.findByRole('region', { name: 'Gaps and missing records' }, slow);
    expect(
      within(flags).getByText('1 missing records, 1 gaps in care over 180 days, 1 missed appointments'),
    ).toBeVisible();
    expect(
      within(flags).getByText('MRI requested on 05/06/2023: no MRI report is in the records'),
    ).toBeVisible();
    expect(
      within(flags).getByText('No recorded care for 279 days, from 05/06/2023 to 10/03/2024'),
    ).toBeVisible();
    expect(within(flags).getByText('Missed appointment on 12/12/2023')).toBeVisible();

    await user.click(
      within(flags).getByRole('button', { name: 'Open spinal-letter.pdf, p. 1 (bundle p. 4)' }),
    );
    expect(
      await screen.findByRole(
        'dialog',
        {
          name: 'MRI requested on 05/06/2023: no MRI report is in the records: spinal-letter.pdf, p. 1 (bundle p. 4)',
        },
        slow,
      ),
    ).toBeInTheDocument();
  });

  it('asks again with the gap the user sets, and sends them to the chronology when it is not built', async () => {
    const queries: string[] = [];
    server.use(
      answerCallWith('getRecordGaps', ({ request }) => {
        queries.push(new URL(request.url).searchParams.get('gap_days') ?? '');
        return HttpResponse.json(makeRecordGaps([], { chronology_state: 'none' }));
      }),
    );
    const user = renderPage();
    const flags = await screen.findByRole('region', { name: 'Gaps and missing records' }, slow);
    expect(within(flags).getByRole('link', { name: 'Open the medical chronology' })).toHaveAttribute(
      'href',
      '/patients/101/chronology',
    );
    expect(within(flags).getByText('Nothing flagged.')).toBeVisible();

    const days = within(flags).getByRole('spinbutton', { name: 'Flag gaps in care longer than (days)' });
    await user.clear(days);
    await user.type(days, '90');
    await user.click(within(flags).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queries.at(-1)).toBe('90'));
    expect(queries[0]).toBe('180');
  });
});

import { screen, within } from '@testing-library/react';
import type { CaseOverview } from '@ewrt/contract';
import type { RouteDeclaration } from '@ewrt/shared';
import {
  answerCall,
  makePatient,
  makeRuntimeConfig,
  makeUser,
  PATIENTS_REMOTE,
  provideRuntimeConfig,
  renderWithProviders,
  setupApiServer,
} from '@ewrt/shared/testing';
import { PatientsApp } from '../../app/PatientsApp';

jest.setTimeout(40_000);
const slow = { timeout: 8_000 };

const patient = makePatient({ ID_Patient: 101, FirstName: 'Alex', Surname: 'Example', MRN: 'DEMO-0101' });

/** The documents screens the overview links to, as mf-documents declares them. */
const DOCUMENT_ROUTES: RouteDeclaration[] = [
  {
    key: 'documents-vectors',
    path: '/documents/patient/:patientId',
    feature: 'documents',
    patientLevels: [1],
  },
  { key: 'patient-jobs', path: '/patient/:patientId/jobs', feature: 'documents', patientLevels: [1] },
  { key: 'chronology', path: '/patients/:patientId/chronology', feature: 'documents', patientLevels: [1] },
  {
    key: 'record-review',
    path: '/patients/:patientId/record-review',
    feature: 'documents',
    patientLevels: [1],
  },
  {
    key: 'record-bundle',
    path: '/pagination',
    feature: 'documents',
    patientLevels: [1, 2],
    actionCard: {
      title: 'Pagination',
      description: "Order this patient's documents and produce one paginated PDF bundle with an index.",
      patientFeature: 'pagination',
      order: 70,
      patientQuery: true,
    },
  },
];

const OVERVIEW: CaseOverview = {
  documents: { total: 13, processed: 12, processing: 1, failed: 0, set_aside: 2 },
  pages: { total: 161, scanned: 9, read_by_ocr: 9, low_confidence: 2, unreadable: 0 },
  chronology: { state: 'ready', out_of_date: true, built_at: '2026-11-20T10:00:00.000Z' },
  bundle: {
    status: 'completed',
    out_of_date: false,
    page_count: 170,
    completed_at: '2026-11-21T10:00:00.000Z',
  },
  open_jobs: 1,
};

let overviewCalls = 0;
setupApiServer(
  answerCall('listRecentPatients', () => ({ patients: [] })),
  answerCall('getPatient', () => patient),
  answerCall('getCaseOverview', () => {
    overviewCalls += 1;
    return OVERVIEW;
  }),
);

beforeEach(() => {
  overviewCalls = 0;
  provideRuntimeConfig(
    makeRuntimeConfig([
      PATIENTS_REMOTE,
      {
        name: 'mf_documents',
        area: 'documents',
        areaLabel: 'Documents',
        manifestUrl: 'http://documents.test/mf-manifest.json',
        routes: DOCUMENT_ROUTES,
      },
    ]),
  );
});

function renderDashboard(user = makeUser({ txt_access_level: 'Full Access' })) {
  renderWithProviders(<PatientsApp />, { route: '/patients/101/dashboard', user });
}

describe('the case overview on the patient dashboard', () => {
  it('says what the records hold and where each tool stands, each linking to its screen', async () => {
    renderDashboard();
    const overview = await screen.findByRole('region', { name: 'Case overview' }, slow);
    const row = async (term: string) => (await within(overview).findByText(term, {}, slow)).closest('div')!;

    expect(within(await row('Documents')).getByText('12 processed, 1 being processed')).toBeVisible();
    expect(
      within(await row('Pages')).getByText(
        '161 pages, 9 scanned pages (9 read by OCR, 2 to check against the original)',
      ),
    ).toBeVisible();
    expect(within(await row('Copies set aside')).getByText('2')).toBeVisible();
    expect(
      within(await row('Medical chronology')).getByText(
        'Built 20/11/2026, out of date: documents changed since',
      ),
    ).toBeVisible();
    expect(
      within(await row('Record bundle')).getByText('170 pages, made 21/11/2026, up to date'),
    ).toBeVisible();
    expect(within(await row('Open jobs')).getByText('1 waiting or running')).toBeVisible();

    const links = within(overview)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Review documents', '/documents/patient/101'],
      ['See pages read', '/documents/patient/101'],
      ['Review copies and gaps', '/patients/101/record-review'],
      ['Open the chronology', '/patients/101/chronology'],
      ['Open the bundle', '/pagination?patientId=101'],
      ['Open the job list', '/patient/101/jobs'],
    ]);
  });

  it('is not asked for when the user may not use the document tools', async () => {
    renderDashboard(makeUser({ txt_access_level: 'Transcription Only', access_level: 3 }));
    await screen.findByText('Alex Example', { selector: 'h2' }, slow);
    expect(screen.queryByRole('region', { name: 'Case overview' })).not.toBeInTheDocument();
    expect(overviewCalls).toBe(0);
  });
});

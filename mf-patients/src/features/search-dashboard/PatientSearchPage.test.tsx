import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectedPatientStore, type Patient } from '@ewrt/shared';
import {
  answerCall,
  HttpResponse,
  makePatient,
  makeUser,
  provideRuntimeConfig,
  renderWithProviders,
  setupApiServer,
} from '@ewrt/shared/testing';
import { PatientsApp } from '../../app/PatientsApp';
import { LocationDisplay } from '../testing-support/LocationDisplay';

jest.setTimeout(40_000);
const slow = { timeout: 8_000 };

const recentPatients: Patient[] = Array.from({ length: 5 }, (_, index) =>
  makePatient({ ID_Patient: index + 1, FirstName: `Recent${index + 1}`, Surname: 'Patient' }),
);
let recentCalls = 0;
const accessCalls: string[] = [];

const server = setupApiServer(
  answerCall('listRecentPatients', () => {
    recentCalls += 1;
    return { patients: recentPatients };
  }),
  answerCall('recordPatientAccess', ({ params }) => {
    accessCalls.push(String(params.id));
    return { success: true, last_accessed: '2026-01-06T10:00:00.000Z' };
  }),
  answerCall('getPatient', ({ params }) =>
    HttpResponse.json(recentPatients.find((p) => p.ID_Patient === Number(params.id)) ?? makePatient()),
  ),
);

beforeEach(() => {
  // Selecting a patient opens the dashboard, whose cards come from the runtime configuration.
  provideRuntimeConfig();
  recentCalls = 0;
  accessCalls.length = 0;
});

function renderPage(user = makeUser()) {
  renderWithProviders(
    <>
      <PatientsApp />
      <LocationDisplay />
    </>,
    { route: '/patients', user },
  );
}

const recentList = () => screen.findByRole('list', { name: 'Recent patients' }, slow);

function names(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

describe('PatientSearchPage', () => {
  it('shows the header, the add button and the group note', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Patient Search' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add New Patient/ })).toBeInTheDocument();
    expect(screen.getByText('Results show patients in your group only')).toBeInTheDocument();
    await recentList();
  });

  it('offers no Add New Patient to a Read Only user, who may still search', async () => {
    renderPage(makeUser({ txt_access_level: 'Read Only' }));
    expect(screen.getByRole('heading', { name: 'Patient Search' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add New Patient/ })).not.toBeInTheDocument();
    expect(screen.getByText('Results show patients in your group only')).toBeInTheDocument();
    await recentList();
  });

  it('lists the recent patients of a user with a group', async () => {
    renderPage();
    const list = await recentList();
    expect(names(list)).toEqual([
      'Recent1 Patient',
      'Recent2 Patient',
      'Recent3 Patient',
      'Recent4 Patient',
      'Recent5 Patient',
    ]);
    expect(recentCalls).toBe(1);
  });

  it('does not load recent patients without a group and says why', async () => {
    renderPage(makeUser({ Group: null, Group_Name: null }));
    expect(
      await screen.findByText('User group information is not available. Please log in again.'),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(recentCalls).toBe(0);
    expect(screen.queryByRole('list', { name: 'Recent patients' })).not.toBeInTheDocument();
  });

  it('puts a newly added patient at the front of the recent list, keeping 5', async () => {
    const created = makePatient({ ID_Patient: 99, FirstName: 'New', Surname: 'Arrival' });
    server.use(
      answerCall('checkDuplicatePatient', () => ({ isDuplicate: false })),
      answerCall('createPatient', () => HttpResponse.json({ patient: created }, { status: 201 })),
    );
    const user = userEvent.setup();
    renderPage();
    await recentList();

    await user.click(screen.getByRole('button', { name: /Add New Patient/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('First name'), 'New');
    await user.type(within(dialog).getByLabelText('Surname'), 'Arrival');
    await user.type(within(dialog).getByLabelText('Date of birth'), '01/01/1990');
    await user.type(within(dialog).getByLabelText('MRN'), 'DEMO-99');
    await user.click(within(dialog).getByRole('button', { name: 'Add Patient' }));

    await waitFor(
      () => expect(names(screen.getByRole('list', { name: 'Recent patients' }))[0]).toBe('New Arrival'),
      slow,
    );
    expect(names(screen.getByRole('list', { name: 'Recent patients' }))).toEqual([
      'New Arrival',
      'Recent1 Patient',
      'Recent2 Patient',
      'Recent3 Patient',
      'Recent4 Patient',
    ]);
  });

  it('selecting a patient records the access, stores the selection and opens the dashboard', async () => {
    const user = userEvent.setup();
    renderPage();
    const list = await recentList();

    await user.click(within(list).getByRole('button', { name: 'Recent3 Patient' }));

    await waitFor(
      () => expect(screen.getByTestId('location')).toHaveTextContent('/patients/3/dashboard'),
      slow,
    );
    expect(accessCalls).toEqual(['3']);
    expect(selectedPatientStore.getState()).toMatchObject({ ID_Patient: 3 });
    await waitFor(() => expect(recentCalls).toBe(2));
  });

  it('still selects the patient when recording the access fails', async () => {
    server.use(answerCall('recordPatientAccess', () => HttpResponse.json({}, { status: 500 })));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    const list = await recentList();

    await user.click(within(list).getByRole('button', { name: 'Recent2 Patient' }));

    await waitFor(
      () => expect(screen.getByTestId('location')).toHaveTextContent('/patients/2/dashboard'),
      slow,
    );
    expect(selectedPatientStore.getState()).toMatchObject({ ID_Patient: 2 });
  });

  it('replaces the recent list with results while a search term is long enough', async () => {
    server.use(
      answerCall('searchPatients', () =>
        HttpResponse.json({
          patients: [makePatient({ ID_Patient: 50, FirstName: 'Found', Surname: 'One' })],
          total: 1,
        }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await recentList();

    await user.type(screen.getByLabelText('Search by name or MRN'), 'fou');

    expect(await screen.findByRole('button', { name: 'Found One' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recent patients' })).not.toBeInTheDocument();
  });

  it('shows the selected patient in the sidebar', async () => {
    renderWithProviders(<PatientsApp />, {
      route: '/patients',
      user: makeUser(),
      selectedPatient: makePatient({
        FirstName: 'Sel',
        Surname: 'Ected',
        MRN: 'DEMO-7',
        DateOfBirth: '1975-12-31',
        DateofEvent: null,
        Solicitorname: 'J Law',
        created_by_name: null,
        created_at: '2025-11-02T10:15:00',
        last_accessed: '2026-01-04T14:05:00',
      }),
    });
    const sidebar = screen.getByText('Selected patient').closest('.ant-card') as HTMLElement;
    expect(within(sidebar).getByText('Sel Ected')).toBeInTheDocument();
    expect(within(sidebar).getByText('DEMO-7')).toBeInTheDocument();
    expect(within(sidebar).getByText('31/12/1975')).toBeInTheDocument();
    expect(within(sidebar).getByText('Not specified')).toBeInTheDocument();
    expect(within(sidebar).getByText('J Law')).toBeInTheDocument();
    expect(within(sidebar).getByText('Unknown')).toBeInTheDocument();
    expect(within(sidebar).getByText('02/11/2025, 10:15')).toBeInTheDocument();
    expect(within(sidebar).getByText('04/01/2026, 14:05')).toBeInTheDocument();
    await recentList();
  });
});

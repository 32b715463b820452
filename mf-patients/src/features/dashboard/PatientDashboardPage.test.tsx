import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectedPatientStore, type Patient, type PatientInput, type User } from '@ewrt/shared';
import {
  answerCall,
  delay,
  HttpResponse,
  makePatient,
  makeRuntimeConfig,
  makeUser,
  PATIENTS_REMOTE,
  provideRuntimeConfig,
  renderWithProviders,
  REPORTS_REMOTE,
  setupApiServer,
} from '@ewrt/shared/testing';
import { PatientsApp } from '../../app/PatientsApp';
import { LocationDisplay } from '../testing-support/LocationDisplay';

jest.setTimeout(40_000);
const slow = { timeout: 8_000 };

const ALL_CARDS = [
  'Process Documents',
  'Query Medical Records',
  'Vector Management',
  'Background Job List',
  'Search Documents',
  'View Draft Reports',
  'Pagination',
];

let patient: Patient;
const deleteCalls: string[] = [];

const server = setupApiServer(
  answerCall('listRecentPatients', () => ({ patients: [] })),
  answerCall('getPatient', ({ params }) =>
    Number(params.id) === patient.ID_Patient
      ? HttpResponse.json(patient)
      : HttpResponse.json({ message: 'Patient not found' }, { status: 404 }),
  ),
  answerCall('deleteAllPatientData', ({ params }) => {
    deleteCalls.push(String(params.id));
    return { message: 'deleted', deleted: { documents: 0 } };
  }),
);

beforeEach(() => {
  // The cards come from the routes the deployed remotes declare: here the test kit's five fixture remotes.
  provideRuntimeConfig();
  patient = makePatient({ ID_Patient: 101, FirstName: 'Alex', Surname: 'Example', MRN: 'DEMO-0101' });
  deleteCalls.length = 0;
});

function renderDashboard(user: User = makeUser(), options: { selectedPatient?: Patient; id?: number } = {}) {
  renderWithProviders(
    <>
      <PatientsApp />
      <LocationDisplay />
    </>,
    {
      route: `/patients/${options.id ?? patient.ID_Patient}/dashboard`,
      user,
      selectedPatient: options.selectedPatient,
    },
  );
  return userEvent.setup();
}

async function loaded() {
  await screen.findByText(`${patient.FirstName} ${patient.Surname}`, { selector: 'h2' }, slow);
  await waitFor(() => expect(screen.queryByText('Refreshing patient...')).not.toBeInTheDocument(), slow);
}

function visibleCards(): string[] {
  return ALL_CARDS.filter((title) => screen.queryByRole('button', { name: `Open ${title}` }));
}

describe('PatientDashboardPage: what each access level sees', () => {
  it('Full Access user, full-access patient: the six full-access cards, Edit and Delete', async () => {
    renderDashboard(makeUser({ txt_access_level: 'Full Access' }));
    await loaded();
    expect(visibleCards()).toEqual(ALL_CARDS.slice(0, 6));
    expect(screen.getByRole('button', { name: /Edit Patient/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Delete Patient Data/ })).toBeInTheDocument();
    expect(screen.getByText('Danger Zone')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Patient Search/ })).toBeInTheDocument();
  });

  it('Read Only user: no cards, no Edit Patient, no Delete Patient Data', async () => {
    renderDashboard(makeUser({ txt_access_level: 'Read Only', access_level: 4 }));
    await loaded();
    expect(visibleCards()).toEqual([]);
    expect(
      screen.getByText('No actions are available for this patient at your access level.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit Patient/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete Patient Data/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Patient Search/ })).toBeInTheDocument();
  });

  it('pagination-only patient (access_level 2): only the Pagination card, editing but no data deletion', async () => {
    patient = makePatient({ ID_Patient: 102, access_level: 2 });
    renderDashboard(makeUser());
    await loaded();
    expect(visibleCards()).toEqual(['Pagination']);
    expect(screen.getByRole('button', { name: /Edit Patient/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete Patient Data/ })).not.toBeInTheDocument();
  });

  it('administrator on a pagination-only patient: may delete the data', async () => {
    patient = makePatient({ ID_Patient: 105, access_level: 2 });
    renderDashboard(makeUser({ Administrator: 'yes' }));
    await loaded();
    expect(screen.getByRole('button', { name: /Delete Patient Data/ })).toBeInTheDocument();
  });

  it('view-only patient (access_level 3): no cards, no Edit Patient, no Delete Patient Data', async () => {
    patient = makePatient({ ID_Patient: 103, access_level: 3 });
    renderDashboard(makeUser());
    await loaded();
    expect(visibleCards()).toEqual([]);
    expect(screen.queryByRole('button', { name: /Edit Patient/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete Patient Data/ })).not.toBeInTheDocument();
  });

  it('Standard user: the six full-access cards', async () => {
    renderDashboard(makeUser({ txt_access_level: 'Standard', access_level: 2 }));
    await loaded();
    expect(visibleCards()).toEqual(ALL_CARDS.slice(0, 6));
  });

  it('Transcription Only user: no card, since every card leads to documents or reports', async () => {
    renderDashboard(makeUser({ txt_access_level: 'Transcription Only', access_level: 3 }));
    await loaded();
    expect(visibleCards()).toEqual([]);
    expect(screen.getByRole('button', { name: /Edit Patient/ })).toBeInTheDocument();
  });

  it('administrator: every full-access card and editing, whatever the level label', async () => {
    renderDashboard(makeUser({ Administrator: 'yes', txt_access_level: 'Read Only' }));
    await loaded();
    expect(visibleCards()).toEqual(ALL_CARDS.slice(0, 6));
    expect(screen.getByRole('button', { name: /Edit Patient/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Delete Patient Data/ })).toBeInTheDocument();
  });

  it('administrator on a view-only patient: every full-access card, but the patient stays read-only', async () => {
    patient = makePatient({ ID_Patient: 104, access_level: 3 });
    renderDashboard(makeUser({ Administrator: 'yes' }));
    await loaded();
    expect(visibleCards()).toEqual(ALL_CARDS.slice(0, 6));
    expect(screen.queryByRole('button', { name: /Edit Patient/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete Patient Data/ })).not.toBeInTheDocument();
  });
});

describe('PatientDashboardPage: cards follow the deployed remotes', () => {
  it('shows no card whose area is not deployed', async () => {
    provideRuntimeConfig(makeRuntimeConfig([PATIENTS_REMOTE]));
    renderDashboard(makeUser({ Administrator: 'yes' }));
    await loaded();
    expect(visibleCards()).toEqual([]);
    // Nothing to blame on the user's access level: no deployed area offers an action.
    expect(
      screen.getByText(
        'No patient actions are available on this site yet: the areas that offer them are not deployed.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('No actions are available for this patient at your access level.'),
    ).not.toBeInTheDocument();
  });

  it('shows the cards of the one area that is deployed, in their declared order', async () => {
    provideRuntimeConfig(makeRuntimeConfig([PATIENTS_REMOTE, REPORTS_REMOTE]));
    renderDashboard(makeUser());
    await loaded();
    expect(visibleCards()).toEqual(['View Draft Reports']);
  });
});

describe('PatientDashboardPage: navigation, loading and errors', () => {
  it('Open opens the card target with the patient id', async () => {
    const user = renderDashboard();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Open Process Documents' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/documents/process?patientId=101');
  });

  it('Open on Query Medical Records opens the record query of the patient', async () => {
    const user = renderDashboard();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Open Query Medical Records' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/patients/101/simplequery');
  });

  it('Open on View Draft Reports names the patient in the query', async () => {
    const user = renderDashboard();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Open View Draft Reports' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/generative-docs?patientId=101');
  });

  it('shows a loading state while the patient loads', async () => {
    server.use(
      answerCall('getPatient', async () => {
        await delay(300);
        return patient;
      }),
    );
    renderDashboard();
    expect(screen.getByText('Loading patient...')).toBeInTheDocument();
    await loaded();
    expect(screen.queryByText('Loading patient...')).not.toBeInTheDocument();
  });

  it('shows the selected patient while loading and keeps the selection in sync', async () => {
    patient = makePatient({ ID_Patient: 101, MRN: 'DEMO-NEW', access_level: 1 });
    server.use(
      answerCall('getPatient', async () => {
        await delay(300);
        return patient;
      }),
    );
    renderDashboard(makeUser(), { selectedPatient: makePatient({ ID_Patient: 101, MRN: 'DEMO-OLD' }) });
    expect(screen.getByRole('heading', { name: 'Alex Example' })).toBeInTheDocument();
    expect(screen.getByText('DEMO-OLD')).toBeInTheDocument();

    expect(await screen.findByText('DEMO-NEW', {}, slow)).toBeInTheDocument();
    expect(selectedPatientStore.getState()).toMatchObject({ ID_Patient: 101, MRN: 'DEMO-NEW' });
  });

  it("shows 'Error' with a way back to the search when the patient cannot be loaded", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = renderDashboard(makeUser(), { id: 555 });

    expect(await screen.findByText('Error', {}, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Patient Search' }));

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/patients$/);
  });
});

describe('PatientDashboardPage: editing', () => {
  it('saves the changes, confirms, and updates the screen and the selected patient', async () => {
    const updates: PatientInput[] = [];
    server.use(
      answerCall('updatePatient', async ({ request }) => {
        const body = (await request.json()) as PatientInput;
        updates.push(body);
        return { patient: { ...patient, ...body } };
      }),
    );
    const user = renderDashboard();
    await loaded();

    await user.click(screen.getByRole('button', { name: /Edit Patient/ }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('MRN'));
    await user.type(within(dialog).getByLabelText('MRN'), 'DEMO-EDIT');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Patient information updated successfully', {}, slow)).toBeInTheDocument();
    expect(updates[0]).toMatchObject({ MRN: 'DEMO-EDIT', FirstName: 'Alex' });
    expect(await screen.findByText('DEMO-EDIT')).toBeInTheDocument();
    expect(selectedPatientStore.getState()).toMatchObject({ ID_Patient: 101, MRN: 'DEMO-EDIT' });
  });

  it("shows the server's message when the update fails", async () => {
    server.use(
      answerCall('updatePatient', () => HttpResponse.json({ message: 'MRN already used' }, { status: 409 })),
    );
    const user = renderDashboard();
    await loaded();
    await user.click(screen.getByRole('button', { name: /Edit Patient/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByText('MRN already used', {}, slow)).toBeInTheDocument();
    expect(screen.queryByText('Patient information updated successfully')).not.toBeInTheDocument();
  });

  it('falls back to the update message when the server gives none', async () => {
    server.use(answerCall('updatePatient', () => HttpResponse.json({}, { status: 500 })));
    const user = renderDashboard();
    await loaded();
    await user.click(screen.getByRole('button', { name: /Edit Patient/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(
      await within(dialog).findByText('An error occurred while updating the patient.', {}, slow),
    ).toBeInTheDocument();
  });
});

describe('PatientDashboardPage: deleting all patient data', () => {
  async function openDelete() {
    const user = renderDashboard();
    await loaded();
    await user.click(screen.getByRole('button', { name: /Delete Patient Data/ }));
    const dialog = await screen.findByRole('dialog');
    return { user, dialog };
  }

  it('lists what is erased and that the record remains', async () => {
    const { dialog } = await openDelete();
    const erased = within(dialog).getByRole('list', { name: 'Data that will be deleted' });
    expect(
      within(erased)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Uploaded documents',
      'Processed data and embeddings',
      'Vector entries',
      'Job history and logs',
      'Stored files and folders',
      "Record questions and their answers (every user's)",
      'Record bundles',
    ]);
    expect(within(dialog).getByText(/The patient record itself remains/)).toBeInTheDocument();
    expect(deleteCalls).toEqual([]);
  });

  it('deletes after confirmation, confirms and goes to /patients', async () => {
    const { user, dialog } = await openDelete();
    await user.click(within(dialog).getByRole('button', { name: 'Delete All Data' }));

    expect(
      await screen.findByText('All patient data has been successfully deleted.', {}, slow),
    ).toBeInTheDocument();
    expect(deleteCalls).toEqual(['101']);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/patients$/));
  });

  it("shows the server's message when the deletion fails and stays", async () => {
    server.use(
      answerCall('deleteAllPatientData', () =>
        HttpResponse.json({ message: 'Jobs are still running for this patient' }, { status: 409 }),
      ),
    );
    const { user, dialog } = await openDelete();
    await user.click(within(dialog).getByRole('button', { name: 'Delete All Data' }));

    expect(
      await within(dialog).findByText('Jobs are still running for this patient', {}, slow),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/patients/101/dashboard');
  });

  it('falls back to the delete failure message', async () => {
    server.use(answerCall('deleteAllPatientData', () => HttpResponse.json({}, { status: 500 })));
    const { user, dialog } = await openDelete();
    await user.click(within(dialog).getByRole('button', { name: 'Delete All Data' }));

    expect(
      await within(dialog).findByText('Failed to delete patient data. Please try again.', {}, slow),
    ).toBeInTheDocument();
  });
});

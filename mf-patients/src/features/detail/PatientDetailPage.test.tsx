import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Patient } from '@ewrt/shared';
import {
  answerCall,
  HttpResponse,
  makePatient,
  makeUser,
  renderWithProviders,
  setupApiServer,
} from '@ewrt/shared/testing';
import { PatientsApp } from '../../app/PatientsApp';
import { LocationDisplay } from '../testing-support/LocationDisplay';

jest.setTimeout(40_000);
const slow = { timeout: 8_000 };

const fetched: string[] = [];
const deleted: string[] = [];
let stored: Patient;

setupApiServer(
  answerCall('listRecentPatients', () => ({ patients: [] })),
  answerCall('getPatient', ({ params }) => {
    fetched.push(String(params.id));
    return Number(params.id) === stored.ID_Patient
      ? HttpResponse.json(stored)
      : HttpResponse.json({ message: 'Not found' }, { status: 404 });
  }),
  answerCall('deleteAllPatientData', ({ params }) => {
    deleted.push(String(params.id));
    return { message: 'All patient data deleted', deleted: {} };
  }),
);

beforeEach(() => {
  fetched.length = 0;
  deleted.length = 0;
  stored = makePatient({ ID_Patient: 7, FirstName: 'Fetched', Surname: 'Patient', MRN: 'DEMO-7' });
});

function renderDetail(route: string, selectedPatient?: Patient) {
  renderWithProviders(
    <>
      <PatientsApp />
      <LocationDisplay />
    </>,
    { route, user: makeUser(), selectedPatient },
  );
  return userEvent.setup();
}

describe('PatientDetailPage', () => {
  it('uses the selected patient when the ids match, without fetching', async () => {
    renderDetail('/patients/7', makePatient({ ID_Patient: 7, FirstName: 'Selected', Surname: 'Person' }));
    expect(await screen.findByRole('heading', { name: 'Selected Person' }, slow)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fetched).toEqual([]);
  });

  it('fetches the patient when another one is selected', async () => {
    renderDetail('/patients/7', makePatient({ ID_Patient: 8, FirstName: 'Other', Surname: 'Person' }));
    expect(await screen.findByRole('heading', { name: 'Fetched Patient' }, slow)).toBeInTheDocument();
    expect(screen.getByText('DEMO-7')).toBeInTheDocument();
    expect(fetched).toEqual(['7']);
  });

  it('says when the patient cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDetail('/patients/9');
    expect(await screen.findByText('Failed to load patient information', {}, slow)).toBeInTheDocument();
  });

  it('goes to /patients when the id is missing', async () => {
    renderDetail('/patients/');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/patients\/?$/);
    expect(await screen.findByRole('heading', { name: 'Patient Search' })).toBeInTheDocument();
  });

  it('deletes all patient data after confirmation and goes to /patients', async () => {
    const user = renderDetail('/patients/7');
    await screen.findByRole('heading', { name: 'Fetched Patient' }, slow);

    await user.click(screen.getByRole('button', { name: /Delete Patient Data/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/The patient record itself remains/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete All Data' }));

    expect(
      await screen.findByText('All patient data has been successfully deleted.', {}, slow),
    ).toBeInTheDocument();
    expect(deleted).toEqual(['7']);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/patients$/));
  });

  it('does not offer the deletion on a view-only patient', async () => {
    stored = makePatient({ ID_Patient: 7, FirstName: 'Fetched', Surname: 'Patient', access_level: 3 });
    renderDetail('/patients/7');
    await screen.findByRole('heading', { name: 'Fetched Patient' }, slow);
    expect(screen.queryByRole('button', { name: /Delete Patient Data/ })).not.toBeInTheDocument();
  });
});

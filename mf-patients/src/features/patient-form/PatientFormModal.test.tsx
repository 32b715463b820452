import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type DuplicateCheckRequest, type Patient, type PatientInput } from '@ewrt/shared';
import {
  answerCall,
  HttpResponse,
  makePatient,
  renderWithProviders,
  setupApiServer,
} from '@ewrt/shared/testing';
import { PatientFormModal } from './PatientFormModal';

const duplicateChecks: DuplicateCheckRequest[] = [];
const created: PatientInput[] = [];
let duplicateAnswer = false;

const server = setupApiServer(
  answerCall('checkDuplicatePatient', async ({ request }) => {
    duplicateChecks.push((await request.json()) as DuplicateCheckRequest);
    return { isDuplicate: duplicateAnswer };
  }),
  answerCall('createPatient', async ({ request }) => {
    const body = (await request.json()) as PatientInput;
    created.push(body);
    return HttpResponse.json({ patient: makePatient({ ID_Patient: 77, ...body }) }, { status: 201 });
  }),
);

beforeEach(() => {
  duplicateChecks.length = 0;
  created.length = 0;
  duplicateAnswer = false;
});

afterEach(() => {
  jest.useRealTimers();
});

function renderForm(patient: Patient | null = null, saveErrorFallback: string = MESSAGES.saveFailed) {
  const onSaved = jest.fn();
  const onCancel = jest.fn();
  renderWithProviders(
    <PatientFormModal
      open
      patient={patient}
      saveErrorFallback={saveErrorFallback}
      onCancel={onCancel}
      onSaved={onSaved}
    />,
  );
  return { onSaved, onCancel };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** Puts typed text into a date field at once (dates are typed as dd/mm/yyyy). */
function setDate(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('First name'), 'Ann');
  await user.type(input('Surname'), 'Smith');
  setDate('Date of birth', '12/05/1980');
  await user.type(input('MRN'), 'DEMO-9');
}

describe('PatientFormModal validation', () => {
  it('shows each required-field message and sends nothing', async () => {
    const user = userEvent.setup();
    const { onSaved } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Add Patient' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Surname is required')).toBeInTheDocument();
    expect(screen.getByText('Date of birth is required')).toBeInTheDocument();
    expect(screen.getByText('MRN is required')).toBeInTheDocument();
    expect(input('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(created).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("clears only the edited field's error", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    await screen.findByText('First name is required');

    await user.type(input('First name'), 'A');

    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Surname is required')).toBeInTheDocument();
    setDate('Date of birth', '01/01/1990');
    expect(screen.queryByText('Date of birth is required')).not.toBeInTheDocument();
    expect(screen.getByText('MRN is required')).toBeInTheDocument();
  });

  it('counts text made of spaces as empty', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillRequired(user);
    await user.clear(input('Surname'));
    await user.type(input('Surname'), '   ');

    await user.click(screen.getByRole('button', { name: 'Add Patient' }));

    expect(await screen.findByText('Surname is required')).toBeInTheDocument();
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(created).toHaveLength(0);
  });
});

describe('PatientFormModal saving', () => {
  it('sends empty optional fields as null and hands back the saved patient', async () => {
    const user = userEvent.setup();
    const { onSaved } = renderForm();
    await fillRequired(user);
    await user.type(input('Our reference'), 'OUR-1');

    await user.click(screen.getByRole('button', { name: 'Add Patient' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(created).toEqual([
      {
        FirstName: 'Ann',
        Surname: 'Smith',
        DateOfBirth: '1980-05-12',
        MRN: 'DEMO-9',
        DateofEvent: null,
        Solicitorname: null,
        Solicitorcompany: null,
        Solicitorreference: null,
        Ourreference: 'OUR-1',
      },
    ]);
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ ID_Patient: 77, Surname: 'Smith' });
  });

  it('sends the date of event and solicitor fields when filled', async () => {
    const user = userEvent.setup();
    const { onSaved } = renderForm();
    await fillRequired(user);
    setDate('Date of event', '03/02/2024');
    await user.type(input('Solicitor name'), 'J Law');
    await user.type(input('Solicitor company'), 'Law LLP');
    await user.type(input('Solicitor reference'), 'SR-5');

    await user.click(screen.getByRole('button', { name: 'Add Patient' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(created[0]).toMatchObject({
      DateofEvent: '2024-02-03',
      Solicitorname: 'J Law',
      Solicitorcompany: 'Law LLP',
      Solicitorreference: 'SR-5',
      Ourreference: null,
    });
  });

  it("shows the server's message on failure and keeps what was typed", async () => {
    server.use(
      answerCall('createPatient', () =>
        HttpResponse.json({ message: 'MRN DEMO-9 is already in use' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    const { onSaved } = renderForm();
    await fillRequired(user);

    await user.click(screen.getByRole('button', { name: 'Add Patient' }));

    expect(await screen.findByText('MRN DEMO-9 is already in use')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(input('First name')).toHaveValue('Ann');
    expect(input('MRN')).toHaveValue('DEMO-9');
  });

  it('falls back to the save message when the server gives none', async () => {
    server.use(answerCall('createPatient', () => HttpResponse.json({}, { status: 500 })));
    const user = userEvent.setup();
    renderForm();
    await fillRequired(user);

    await user.click(screen.getByRole('button', { name: 'Add Patient' }));

    expect(await screen.findByText('An error occurred while saving the patient.')).toBeInTheDocument();
  });

  it('updates an existing patient with the given fallback', async () => {
    const patient = makePatient({
      ID_Patient: 12,
      FirstName: 'Ann',
      Surname: 'Smith',
      DateOfBirth: '1980-05-12',
    });
    const updates: PatientInput[] = [];
    server.use(
      answerCall('updatePatient', async ({ request }) => {
        updates.push((await request.json()) as PatientInput);
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    renderForm(patient, MESSAGES.updateFailed);
    expect(input('Surname')).toHaveValue('Smith');
    expect(input('Date of birth')).toHaveValue('12/05/1980');
    await user.clear(input('MRN'));
    await user.type(input('MRN'), 'NEW-1');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('An error occurred while updating the patient.')).toBeInTheDocument();
    expect(updates[0]).toMatchObject({ FirstName: 'Ann', MRN: 'NEW-1', DateOfBirth: '1980-05-12' });
  });
});

describe('PatientFormModal dates', () => {
  it('shows the dd/mm/yyyy format as a hint the date fields are described by', () => {
    renderForm();
    for (const label of ['Date of birth', 'Date of event']) {
      const field = input(label);
      expect(field).toHaveAttribute('type', 'text');
      const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '');
      expect(hint).toHaveTextContent('Day, month, year: dd/mm/yyyy');
    }
  });

  it('takes a date typed day first and sends it as yyyy-mm-dd', async () => {
    const user = userEvent.setup();
    const { onSaved } = renderForm();
    await user.type(input('First name'), 'Ann');
    await user.type(input('Surname'), 'Smith');
    await user.type(input('Date of birth'), '04/12/1980');
    await user.type(input('MRN'), 'DEMO-9');
    await user.type(input('Date of event'), '3/2/2024');

    await user.click(screen.getByRole('button', { name: 'Add Patient' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(created[0]).toMatchObject({ DateOfBirth: '1980-12-04', DateofEvent: '2024-02-03' });
  });

  it('refuses a date that is not a real dd/mm/yyyy date, or a birth in the future, and focuses it', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillRequired(user);
    setDate('Date of birth', '12/31/1980');
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    expect(
      await screen.findByText('Enter the date as dd/mm/yyyy, for example 12/04/1980'),
    ).toBeInTheDocument();
    expect(input('Date of birth')).toHaveFocus();
    expect(input('Date of birth')).toHaveAttribute('aria-invalid', 'true');

    setDate('Date of birth', '01/01/2999');
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    expect(await screen.findByText('Date of birth cannot be in the future')).toBeInTheDocument();
    expect(created).toHaveLength(0);
  });
});

describe('PatientFormModal duplicate check', () => {
  it('checks once, 500 ms after the last change of name or date of birth', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    duplicateAnswer = true;
    renderForm();
    await user.type(input('First name'), 'Ann');
    await user.type(input('Surname'), 'Smi');
    setDate('Date of birth', '1980-05-12');
    await user.type(input('Surname'), 'th');

    act(() => {
      jest.advanceTimersByTime(499);
    });
    expect(duplicateChecks).toHaveLength(0);
    act(() => {
      jest.advanceTimersByTime(1);
    });

    expect(await screen.findByText(MESSAGES.duplicateWarning)).toBeInTheDocument();
    expect(duplicateChecks).toEqual([
      { FirstName: 'Ann', Surname: 'Smith', DateOfBirth: '1980-05-12', excludePatientId: null },
    ]);
  });

  it('does not check while one of the three is empty', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderForm();
    await user.type(input('First name'), 'Ann');
    await user.type(input('Surname'), 'Smith');
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    expect(duplicateChecks).toHaveLength(0);
  });

  it('excludes the patient being edited', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderForm(
      makePatient({ ID_Patient: 31, FirstName: 'Ann', Surname: 'Smith', DateOfBirth: '1980-05-12' }),
    );
    await user.type(input('Surname'), 's');
    act(() => {
      jest.advanceTimersByTime(500);
    });
    await waitFor(() => expect(duplicateChecks).toHaveLength(1));
    expect(duplicateChecks[0]).toEqual({
      FirstName: 'Ann',
      Surname: 'Smiths',
      DateOfBirth: '1980-05-12',
      excludePatientId: 31,
    });
  });

  it('asks before saving a flagged duplicate and saves on Continue', async () => {
    duplicateAnswer = true;
    const user = userEvent.setup();
    const { onSaved } = renderForm();
    await fillRequired(user);
    expect(await screen.findByText(MESSAGES.duplicateWarning)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    const confirmation = await screen.findByText(MESSAGES.duplicateConfirm);
    expect(created).toHaveLength(0);
    const dialog = confirmation.closest('.ant-modal') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(created).toHaveLength(1);
  });

  it('does not save when the confirmation is cancelled, and keeps the form', async () => {
    duplicateAnswer = true;
    const user = userEvent.setup();
    const { onSaved } = renderForm();
    await fillRequired(user);
    await screen.findByText(MESSAGES.duplicateWarning);

    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    const confirmation = await screen.findByText(MESSAGES.duplicateConfirm);
    const dialog = confirmation.closest('.ant-modal') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Patient' })).toBeEnabled());
    expect(created).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
    expect(input('Surname')).toHaveValue('Smith');
  });

  it('saves without asking when no duplicate exists', async () => {
    const user = userEvent.setup();
    const { onSaved } = renderForm();
    await fillRequired(user);

    await user.click(screen.getByRole('button', { name: 'Add Patient' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByText(MESSAGES.duplicateConfirm)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.duplicateWarning)).not.toBeInTheDocument();
  });
});

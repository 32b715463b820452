// The dashboard's cards as the deployed suite declares them: the runtime configuration generated from every
// remote's routes, as the build ships it, so a card declared by another remote is tested where it is shown.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@ewrt/shared';
import {
  generatedRuntimeConfig,
  makePatient,
  makeUser,
  provideRuntimeConfig,
  renderWithProviders,
} from '@ewrt/shared/testing';
import { LocationDisplay } from '../testing-support/LocationDisplay';
import { ActionCards } from './ActionCards';

const config = generatedRuntimeConfig();
const fullAccessPatient = makePatient({ ID_Patient: 101, access_level: 1 });

beforeEach(() => {
  provideRuntimeConfig(config);
});

function renderCards(user: User, patient = fullAccessPatient) {
  renderWithProviders(
    <>
      <ActionCards user={user} patient={patient} />
      <LocationDisplay />
    </>,
    { route: '/patients/101/dashboard', user },
  );
}

const transcriptionCard = () =>
  screen
    .queryAllByRole('listitem')
    .find((item) => within(item).queryByRole('heading', { name: 'Transcription' }));

describe('the transcription card', () => {
  it('shows a level that may transcribe what the tool does, and opens dictation for the patient', async () => {
    const user = userEvent.setup();
    renderCards(makeUser({ txt_access_level: 'Transcription Only', access_level: 3 }));
    const card = transcriptionCard();
    expect(card).toBeDefined();
    expect(
      within(card!).getByText(
        'Dictate notes or a report about this patient and see the words as you speak, or upload a recording to transcribe.',
      ),
    ).toBeInTheDocument();
    // A transcription-only level sees no document or report tool beside it.
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(card!).getByRole('button', { name: 'Open Transcription' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/transcription/live?patientId=101');
  });

  it('is among the full-access tools of a level that has every feature', () => {
    renderCards(makeUser({ txt_access_level: 'Full Access', access_level: 1 }));
    expect(transcriptionCard()).toBeDefined();
    expect(screen.getByRole('button', { name: 'Open Records Review' })).toBeInTheDocument();
  });

  it('is not shown to a level without transcription', () => {
    renderCards(makeUser({ txt_access_level: 'Read Only', access_level: 4 }));
    expect(transcriptionCard()).toBeUndefined();
    expect(
      screen.getByText('No actions are available for this patient at your access level.'),
    ).toBeInTheDocument();
  });

  it('is not shown for a pagination-only patient, whose one tool is the bundle', () => {
    renderCards(
      makeUser({ txt_access_level: 'Full Access', access_level: 1 }),
      makePatient({ ID_Patient: 102, access_level: 2 }),
    );
    expect(transcriptionCard()).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Open Pagination' })).toBeInTheDocument();
  });
});

import { act, render, screen } from '@testing-library/react';
import { setupApiServer } from '../testing/apiServer';
import { makePatient, makeUser } from '../testing/factories';
import { selectedPatientStore } from './selectedPatientStore';
import { sessionStore } from './sessionStore';
import { useSelectedPatient } from './useSelectedPatient';
import { useSession } from './useSession';

// The sign-out below revokes its token through the API.
setupApiServer();

function Probe() {
  const session = useSession();
  const patient = useSelectedPatient();
  return (
    <p>
      {session.status} / {session.user?.Name ?? 'nobody'} / {patient ? patient.Surname : 'no patient'}
    </p>
  );
}

test('components follow the session and the selected patient', () => {
  render(<Probe />);
  expect(screen.getByText('signed-out / nobody / no patient')).toBeInTheDocument();
  act(() => {
    sessionStore.signIn('t', makeUser({ Name: 'Dr Asha Patel' }));
    selectedPatientStore.select(makePatient({ Surname: 'Example' }));
  });
  expect(screen.getByText('signed-in / Dr Asha Patel / Example')).toBeInTheDocument();
  act(() => sessionStore.signOut());
  expect(screen.getByText('signed-out / nobody / no patient')).toBeInTheDocument();
});

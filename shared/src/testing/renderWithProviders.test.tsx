import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { useSelectedPatient } from '../session/useSelectedPatient';
import { useSession } from '../session/useSession';
import { makePatient, makeUser } from './factories';
import { renderWithProviders } from './renderWithProviders';

function Probe() {
  const { status, user } = useSession();
  const patient = useSelectedPatient();
  return (
    <p>
      {useLocation().pathname} {status} {user?.Username ?? '-'} {patient?.MRN ?? '-'}
    </p>
  );
}

test('primes route, session and selected patient', () => {
  renderWithProviders(<Probe />, {
    route: '/patients/5/dashboard',
    user: makeUser({ Username: 's.hughes' }),
    selectedPatient: makePatient({ MRN: 'DEMO-0005' }),
  });
  expect(screen.getByText('/patients/5/dashboard signed-in s.hughes DEMO-0005')).toBeInTheDocument();
});

test('starts signed out at / by default (the previous test left nothing behind)', () => {
  renderWithProviders(<Probe />);
  expect(screen.getByText('/ signed-out - -')).toBeInTheDocument();
});

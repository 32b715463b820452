import { makePatient, makeRuntimeConfig, makeUser, PATIENTS_REMOTE } from '@ewrt/shared/testing';
import { declaredRoutes, type Patient, type SessionState, type User } from '@ewrt/shared';
import { resolveGuard as resolveGuardWith } from './resolveGuard';

// The test kit's five fixture remotes deployed.
const SUITE = declaredRoutes(makeRuntimeConfig());
const resolveGuard = (path: string, session: SessionState, patient: Patient | null) =>
  resolveGuardWith(path, session, patient, SUITE);

function signedIn(overrides: Partial<User> = {}): SessionState {
  return { status: 'signed-in', user: makeUser(overrides), token: 't' };
}

describe('resolveGuard', () => {
  it('waits while the session is being restored', () => {
    expect(resolveGuard('/patients', { status: 'restoring', user: null, token: 't' }, null)).toEqual({
      kind: 'restoring',
    });
  });

  it('sends signed-out visitors to "/"', () => {
    expect(resolveGuard('/patients', { status: 'signed-out', user: null, token: null }, null)).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('sends a path of an area no deployed remote declares to "/"', () => {
    const patientsOnly = declaredRoutes(makeRuntimeConfig([PATIENTS_REMOTE]));
    expect(resolveGuardWith('/documents/process', signedIn(), null, patientsOnly)).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(resolveGuardWith('/patients/7', signedIn(), null, patientsOnly)).toMatchObject({
      kind: 'allowed',
    });
  });

  it('sends paths no remote declares to "/"', () => {
    expect(resolveGuard('/dashboard', signedIn(), null)).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveGuard('/patients/1/unknown', signedIn(), null)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('denies by the user level, naming it', () => {
    expect(
      resolveGuard('/documents/process', signedIn({ txt_access_level: 'Transcription Only' }), null),
    ).toEqual({
      kind: 'denied',
      reason: 'user-level',
      levelLabel: 'Transcription Only',
    });
    expect(resolveGuard('/users', signedIn(), null)).toMatchObject({ kind: 'denied', reason: 'admin-only' });
  });

  it('denies by the selected patient level, naming it', () => {
    const patient = makePatient({ access_level: 2 });
    expect(resolveGuard('/documents/process', signedIn(), patient)).toEqual({
      kind: 'denied',
      reason: 'patient-level',
      levelLabel: 'Pagination only',
    });
  });

  it('asks for a patient on a patient screen when none is selected', () => {
    expect(resolveGuard('/draft-report', signedIn(), null)).toMatchObject({ kind: 'needs-patient' });
    expect(resolveGuard('/draft-report', signedIn(), makePatient())).toMatchObject({
      kind: 'allowed',
      route: { path: '/draft-report', remote: { name: 'mf_reports' } },
    });
  });

  it('allows what the rules allow, with the declared route and its remote', () => {
    expect(resolveGuard('/patients', signedIn({ txt_access_level: 'Read Only' }), null)).toMatchObject({
      kind: 'allowed',
      route: { path: '/patients', remote: { name: 'mf_patients', area: 'patients' } },
    });
  });
});

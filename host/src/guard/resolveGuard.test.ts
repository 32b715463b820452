import { makePatient, makeUser } from '@ewrt/shared/testing';
import type { SessionState, User } from '@ewrt/shared';
import { resolveGuard } from './resolveGuard';

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

  it('sends paths outside the route table to "/"', () => {
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
      route: { area: 'reports' },
    });
  });

  it('allows what the rules allow, with the route entry', () => {
    expect(resolveGuard('/patients', signedIn({ txt_access_level: 'Read Only' }), null)).toMatchObject({
      kind: 'allowed',
      route: { pattern: '/patients', area: 'patients' },
    });
  });
});

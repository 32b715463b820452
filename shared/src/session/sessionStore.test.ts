import { apiUrl, http, HttpResponse, makePatient, makeUser, setupApiServer } from '../testing';
import { STORAGE_KEYS } from '../constants';
import { selectedPatientStore } from './selectedPatientStore';
import { SessionStore, sessionStore } from './sessionStore';

const server = setupApiServer();

describe('restore', () => {
  test('refreshes a stored token: signed in with the user and the new token stored', async () => {
    const user = makeUser({ Name: 'Dr Restored' });
    let authorization: string | null = null;
    server.use(
      http.post(apiUrl('/api/refresh-token'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ user, token: 'fresh-token' });
      }),
    );
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    const statuses: string[] = [];
    const unsubscribe = sessionStore.subscribe(() => statuses.push(sessionStore.getState().status));

    await sessionStore.restore();
    unsubscribe();

    expect(authorization).toBe('Bearer stored-token');
    expect(statuses).toEqual(['restoring', 'signed-in']);
    expect(sessionStore.getState()).toEqual({ status: 'signed-in', user, token: 'fresh-token' });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('fresh-token');
  });

  test('keeps the stored token when the answer carries none', async () => {
    server.use(http.post(apiUrl('/api/refresh-token'), () => HttpResponse.json({ user: makeUser() })));
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    await sessionStore.restore();
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-in', token: 'stored-token' });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('stored-token');
  });

  test('failure is logged and clears token and selected patient; signed out', async () => {
    server.use(
      http.post(apiUrl('/api/refresh-token'), () => HttpResponse.json({ message: 'nope' }, { status: 500 })),
    );
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    selectedPatientStore.select(makePatient());

    await sessionStore.restore();

    expect(consoleError).toHaveBeenCalled();
    expect(sessionStore.getState()).toEqual({ status: 'signed-out', user: null, token: null });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedPatient)).toBeNull();
    expect(selectedPatientStore.getState()).toBeNull();
  });

  test('an answer without a user counts as a failure', async () => {
    server.use(http.post(apiUrl('/api/refresh-token'), () => HttpResponse.json({ token: 'x' })));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    await sessionStore.restore();
    expect(sessionStore.getState().status).toBe('signed-out');
  });

  test('without a stored token it signs out without a call', async () => {
    await sessionStore.restore();
    expect(sessionStore.getState()).toEqual({ status: 'signed-out', user: null, token: null });
  });

  test('concurrent restores share one call', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl('/api/refresh-token'), () => {
        calls += 1;
        return HttpResponse.json({ user: makeUser(), token: 't2' });
      }),
    );
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    await Promise.all([sessionStore.restore(), sessionStore.restore()]);
    expect(calls).toBe(1);
  });

  test('a sign-out during the restore wins over its late answer', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post(apiUrl('/api/refresh-token'), async () => {
        await answered;
        return HttpResponse.json({ user: makeUser(), token: 'late' });
      }),
    );
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    const restoring = sessionStore.restore();
    sessionStore.signOut();
    answer();
    await restoring;
    expect(sessionStore.getState().status).toBe('signed-out');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

test('a page loaded with a stored token starts as restoring, without one as signed out', () => {
  window.localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
  expect(new SessionStore().getState()).toEqual({ status: 'restoring', user: null, token: 'stored-token' });
  window.localStorage.removeItem(STORAGE_KEYS.token);
  expect(new SessionStore().getState()).toEqual({ status: 'signed-out', user: null, token: null });
});

test('signIn stores the token and the user', () => {
  const user = makeUser();
  sessionStore.signIn('t1', user);
  expect(sessionStore.getState()).toEqual({ status: 'signed-in', user, token: 't1' });
  expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('t1');
});

test('signOut clears user, selected patient and token', () => {
  sessionStore.signIn('t1', makeUser());
  selectedPatientStore.select(makePatient());
  sessionStore.signOut();
  expect(sessionStore.getState()).toEqual({ status: 'signed-out', user: null, token: null });
  expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  expect(selectedPatientStore.getState()).toBeNull();
});

test('expire clears token and selected patient and signs out', () => {
  sessionStore.signIn('t1', makeUser());
  selectedPatientStore.select(makePatient());
  sessionStore.expire();
  expect(sessionStore.getState().status).toBe('signed-out');
  expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  expect(window.localStorage.getItem(STORAGE_KEYS.selectedPatient)).toBeNull();
});

test('listeners hear changes until they unsubscribe', () => {
  const listener = jest.fn();
  const unsubscribe = sessionStore.subscribe(listener);
  sessionStore.signIn('t1', makeUser());
  unsubscribe();
  sessionStore.signOut();
  expect(listener).toHaveBeenCalledTimes(1);
});

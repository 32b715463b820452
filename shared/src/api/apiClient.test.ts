import { answerCall, HttpResponse, makePatient, makeUser, setupApiServer } from '../testing';
import { STORAGE_KEYS } from '../constants';
import { selectedPatientStore } from '../session/selectedPatientStore';
import { sessionStore } from '../session/sessionStore';
import { login } from './authApi';
import { callApi } from './callApi';

const server = setupApiServer();

const getRecentPatients = () => callApi('listRecentPatients');

test('sends the bearer token from local storage', async () => {
  sessionStore.signIn('abc', makeUser());
  let authorization: string | null = null;
  server.use(
    answerCall('listRecentPatients', ({ request }) => {
      authorization = request.headers.get('authorization');
      return { patients: [] };
    }),
  );
  await expect(getRecentPatients()).resolves.toEqual({ patients: [] });
  expect(authorization).toBe('Bearer abc');
});

test('sends no Authorization header without a token', async () => {
  let authorization: string | null = 'unset';
  server.use(
    answerCall('listRecentPatients', ({ request }) => {
      authorization = request.headers.get('authorization');
      return { patients: [] };
    }),
  );
  await getRecentPatients();
  expect(authorization).toBeNull();
});

describe('the 401 rule', () => {
  beforeEach(() => {
    server.use(
      answerCall('listRecentPatients', () => HttpResponse.json({ message: 'Expired' }, { status: 401 })),
    );
    sessionStore.signIn('expired-token', makeUser());
    selectedPatientStore.select(makePatient());
  });

  test('clears token and selected patient, signs out and goes to /', async () => {
    window.history.pushState(null, '', '/patients/101/dashboard');
    const popstate = jest.fn();
    window.addEventListener('popstate', popstate);

    await expect(getRecentPatients()).rejects.toMatchObject({ response: { status: 401 } });

    window.removeEventListener('popstate', popstate);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedPatient)).toBeNull();
    expect(selectedPatientStore.getState()).toBeNull();
    expect(sessionStore.getState()).toEqual({ status: 'signed-out', user: null, token: null });
    expect(window.location.pathname).toBe('/');
    expect(popstate).toHaveBeenCalled();
  });

  test('does not navigate when already at /', async () => {
    const pushState = jest.spyOn(window.history, 'pushState');
    await expect(getRecentPatients()).rejects.toBeDefined();
    expect(pushState).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/');
    expect(sessionStore.getState().status).toBe('signed-out');
  });

  test('a 401 for a token another tab has replaced in the meantime leaves the session alone', async () => {
    window.history.pushState(null, '', '/patients');
    server.use(
      answerCall('listRecentPatients', () => {
        // Another tab refreshed the session while this request was on its way with the old token.
        window.localStorage.setItem(STORAGE_KEYS.token, 'refreshed-token');
        return HttpResponse.json({ message: 'Token revoked' }, { status: 401 });
      }),
    );
    await expect(getRecentPatients()).rejects.toMatchObject({ response: { status: 401 } });
    expect(window.location.pathname).toBe('/patients');
    expect(sessionStore.getState().status).toBe('signed-in');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('refreshed-token');
    expect(selectedPatientStore.getState()).not.toBeNull();
  });

  test('a rejected sign-in is not an expired session: nothing is cleared, no navigation', async () => {
    window.history.pushState(null, '', '/patients');
    server.use(answerCall('login', () => HttpResponse.json({ message: 'Wrong' }, { status: 401 })));
    await expect(login({ username: 'a', password: 'b' })).rejects.toBeDefined();
    expect(window.location.pathname).toBe('/patients');
    expect(sessionStore.getState().status).toBe('signed-in');
  });
});

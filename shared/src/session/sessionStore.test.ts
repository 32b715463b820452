import { waitFor } from '@testing-library/react';
import { answerCall, HttpResponse, makePatient, makeUser, setupApiServer } from '../testing';
import { STORAGE_KEYS } from '../constants';
import { fakeRefreshLocks } from '../testing/fakeRefreshLocks';
import { selectedPatientStore } from './selectedPatientStore';
import { openSessionChannel } from './sessionChannel';
import { SessionStore, sessionStore } from './sessionStore';

const server = setupApiServer();

describe('restore', () => {
  test('refreshes a stored token: signed in with the user and the new token stored', async () => {
    const user = makeUser({ Name: 'Dr Restored' });
    let authorization: string | null = null;
    server.use(
      answerCall('refreshToken', ({ request }) => {
        authorization = request.headers.get('authorization');
        return { user, token: 'fresh-token' };
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
    server.use(answerCall('refreshToken', () => HttpResponse.json({ user: makeUser() })));
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    await sessionStore.restore();
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-in', token: 'stored-token' });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('stored-token');
  });

  test('failure is logged and clears token and selected patient; signed out', async () => {
    server.use(answerCall('refreshToken', () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
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
    server.use(answerCall('refreshToken', () => HttpResponse.json({ token: 'x' })));
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
      answerCall('refreshToken', () => {
        calls += 1;
        return { user: makeUser(), token: 't2' };
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
      answerCall('refreshToken', async () => {
        await answered;
        return { user: makeUser(), token: 'late' };
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

describe('signing out revokes the token', () => {
  test('the session is cleared at once, then POST /api/logout is sent with the token signed out', async () => {
    let revoked: () => void = () => undefined;
    const revocation = new Promise<string | null>((resolve) => {
      server.use(
        answerCall('logout', async ({ request }) => {
          resolve(request.headers.get('authorization'));
          await new Promise<void>((answer) => {
            revoked = answer;
          });
          return { message: 'Logged out' };
        }),
      );
    });
    sessionStore.signIn('t1', makeUser());
    selectedPatientStore.select(makePatient());

    sessionStore.signOut();

    // Signed out before the server has answered (it has not even been reached yet).
    expect(sessionStore.getState()).toEqual({ status: 'signed-out', user: null, token: null });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(selectedPatientStore.getState()).toBeNull();
    expect(await revocation).toBe('Bearer t1');
    revoked();
  });

  test('a failed revocation is logged and changes nothing: still signed out, no 401 rule', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let answered: () => void = () => undefined;
    const answer = new Promise<void>((resolve) => {
      answered = resolve;
    });
    server.use(
      answerCall('logout', () => {
        setTimeout(answered, 10);
        return HttpResponse.json({ message: 'Invalid token' }, { status: 401 });
      }),
    );
    window.history.pushState(null, '', '/');
    sessionStore.signIn('t1', makeUser());
    sessionStore.signOut();
    // A new sign-in right away must survive the late refusal of the old token.
    sessionStore.signIn('t2', makeUser());
    await answer;
    await waitForLog(consoleError);
    expect(consoleError.mock.calls[0]?.[0]).toBe(
      'The server could not revoke the token of the session just signed out',
    );
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-in', token: 't2' });
  });

  test('nothing to revoke without a session; the 401 rule revokes nothing either', async () => {
    let calls = 0;
    server.use(
      answerCall('logout', () => {
        calls += 1;
        return { message: 'Logged out' };
      }),
    );
    sessionStore.signOut();
    sessionStore.signIn('t1', makeUser());
    sessionStore.expire();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(0);
  });
});

/** Waits until `spy` has been called (the revocation's failure is logged after its answer arrives). */
async function waitForLog(spy: jest.SpyInstance) {
  for (let attempt = 0; attempt < 50 && spy.mock.calls.length === 0; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test('a 401 for a token another tab has replaced since is not the end of the current session', () => {
  sessionStore.signIn('rotated-away', makeUser());
  window.localStorage.setItem(STORAGE_KEYS.token, 'current');
  sessionStore.handleUnauthorized('rotated-away');
  expect(sessionStore.getState().status).toBe('signed-in');
  expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('current');
  sessionStore.handleUnauthorized('current');
  expect(sessionStore.getState().status).toBe('signed-out');
});

test('a restore refused because another tab rotated the token meanwhile restores with the new token', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const user = makeUser({ Name: 'Dr Second Tab' });
  server.use(
    answerCall('refreshToken', ({ request }) => {
      if (request.headers.get('authorization') === 'Bearer old') {
        // The other tab's refresh won the race and stored its token before this answer came back.
        window.localStorage.setItem(STORAGE_KEYS.token, 'rotated');
        return HttpResponse.json({ message: 'Token revoked' }, { status: 401 });
      }
      return { user, token: 'rotated-again' };
    }),
  );
  window.localStorage.setItem(STORAGE_KEYS.token, 'old');
  await sessionStore.restore();
  expect(consoleError).toHaveBeenCalled();
  expect(sessionStore.getState()).toEqual({ status: 'signed-in', user, token: 'rotated-again' });
  expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('rotated-again');
});

describe('every tab in step', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
  });

  /** Two tabs of one origin: one local storage (jsdom's), one BroadcastChannel name. */
  let channelName = '';

  function openTwoTabs({ withChannel = true } = {}) {
    channelName = `ewrt-session-test-${Math.random()}`;
    const open = () => (withChannel ? openSessionChannel(channelName) : null);
    const first = new SessionStore();
    const second = new SessionStore();
    stops.push(first.followOtherTabs(open), second.followOtherTabs(open));
    return { first, second };
  }

  /** What the browser fires in every other tab when one tab writes `key`. */
  function storageEvent(key: string | null, newValue: string | null) {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
  }

  // For what must NOT arrive: a message would have come within this long (messages that must arrive are waited for).
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

  test('a sign-in in one tab signs the other in with the same user and token, the selection untouched', async () => {
    const { first, second } = openTwoTabs();
    const user = makeUser({ Name: 'Dr Asha Patel' });
    const listener = jest.fn();
    selectedPatientStore.subscribe(listener);

    first.signIn('t1', user);
    await waitFor(() => expect(second.getState()).toEqual({ status: 'signed-in', user, token: 't1' }));
    expect(listener).not.toHaveBeenCalled();
  });

  test('a sign-in announced before the storage change reaches the tab is followed when it does', async () => {
    const { second } = openTwoTabs();
    const user = makeUser();
    const announcer = openSessionChannel(channelName);
    announcer?.announce({ kind: 'signed-in', token: 't1', user });
    announcer?.close();
    await settle();
    expect(second.getState().status).toBe('signed-out');

    window.localStorage.setItem(STORAGE_KEYS.token, 't1');
    storageEvent(STORAGE_KEYS.token, 't1');
    expect(second.getState()).toEqual({ status: 'signed-in', user, token: 't1' });
  });

  test('a token refresh in one tab gives the other the new token', async () => {
    const { first, second } = openTwoTabs({ withChannel: false });
    const user = makeUser();
    first.signIn('t1', user);
    second.signIn('t1', user);
    window.localStorage.setItem(STORAGE_KEYS.token, 't2');
    storageEvent(STORAGE_KEYS.token, 't2');
    expect(second.getState()).toEqual({ status: 'signed-in', user, token: 't2' });
  });

  test('a sign-out in one tab signs the other out: user, selected patient and token', async () => {
    const { first, second } = openTwoTabs();
    first.signIn('t1', makeUser());
    await waitFor(() => expect(second.getState().status).toBe('signed-in'));
    selectedPatientStore.select(makePatient());

    first.signOut();

    await waitFor(() => expect(second.getState()).toEqual({ status: 'signed-out', user: null, token: null }));
    expect(selectedPatientStore.getState()).toBeNull();
  });

  test('a token removed by any writer signs the tab out, even with no announcement', () => {
    const { second } = openTwoTabs({ withChannel: false });
    second.signIn('t1', makeUser());
    window.localStorage.removeItem(STORAGE_KEYS.token);
    storageEvent(STORAGE_KEYS.token, null);
    expect(second.getState().status).toBe('signed-out');

    second.signIn('t1', makeUser());
    window.localStorage.clear();
    storageEvent(null, null);
    expect(second.getState().status).toBe('signed-out');
  });

  test('an announcement that a later change has overtaken is ignored', async () => {
    const { first, second } = openTwoTabs();
    first.signIn('t1', makeUser());
    // Before the announcement arrives, storage has moved on (the tab signed out and in again).
    window.localStorage.setItem(STORAGE_KEYS.token, 't9');
    await settle();
    expect(second.getState().status).toBe('signed-out');

    second.signIn('t9', makeUser());
    first.expire();
    window.localStorage.setItem(STORAGE_KEYS.token, 't10');
    await waitFor(() => expect(second.getState()).toMatchObject({ status: 'signed-in', token: 't9' }));
  });

  test('a page back from the back/forward cache checks the stored token', () => {
    const { second } = openTwoTabs({ withChannel: false });
    second.signIn('t1', makeUser());
    window.localStorage.removeItem(STORAGE_KEYS.token);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(second.getState().status).toBe('signed-out');
  });

  test('a tab that stops following hears nothing more', async () => {
    const { first, second } = openTwoTabs();
    stops.splice(1, 1)[0]?.();
    first.signIn('t1', makeUser());
    await settle();
    expect(second.getState().status).toBe('signed-out');
  });
});

describe('one refresh across tabs', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
  });

  /** Tabs of one origin loaded at once with the same stored token: one storage, one lock manager, one channel. */
  function loadTabs(count: number, { withChannel = true } = {}) {
    const channelName = `ewrt-refresh-test-${Math.random()}`;
    const locks = fakeRefreshLocks();
    return Array.from({ length: count }, () => {
      const tab = new SessionStore(locks);
      stops.push(tab.followOtherTabs(() => (withChannel ? openSessionChannel(channelName) : null)));
      return tab;
    });
  }

  /** The server's side: each presented token rotated into the next, and every token it was sent. */
  function rotatingServer(user = makeUser()) {
    const presented: string[] = [];
    server.use(
      answerCall('refreshToken', ({ request }) => {
        const token = (request.headers.get('authorization') ?? '').replace('Bearer ', '');
        presented.push(token);
        return { user, token: `${token}+1` };
      }),
    );
    return { presented, user };
  }

  test('tabs restoring at once make one refresh; the others take its token with the user it announced', async () => {
    const { presented, user } = rotatingServer();
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored');
    const tabs = loadTabs(3);
    await Promise.all(tabs.map((tab) => tab.restore()));
    expect(presented).toEqual(['stored']);
    for (const tab of tabs) expect(tab.getState()).toEqual({ status: 'signed-in', user, token: 'stored+1' });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('stored+1');
  });

  test('a tab that hears no announcement refreshes the token stored since, never the one it read first', async () => {
    const { presented } = rotatingServer();
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored');
    const [first, second] = loadTabs(2, { withChannel: false }) as [SessionStore, SessionStore];
    await Promise.all([first.restore(), second.restore()]);
    expect(presented).toEqual(['stored', 'stored+1']);
    expect(second.getState()).toMatchObject({ status: 'signed-in', token: 'stored+1+1' });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('stored+1+1');
  });

  test('a tab whose restore waits for the lock while another tab signs out stays signed out', async () => {
    rotatingServer();
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored');
    const [first, second] = loadTabs(2) as [SessionStore, SessionStore];
    const restoring = Promise.all([first.restore(), second.restore()]);
    first.signOut();
    await restoring;
    expect(second.getState().status).toBe('signed-out');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

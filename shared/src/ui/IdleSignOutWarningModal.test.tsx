import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { answerCall, makeUser, setupApiServer } from '../testing';
import { renderWithProviders } from '../testing/renderWithProviders';
import { makeRuntimeConfig, provideRuntimeConfig } from '../testing/suiteRemotes';
import { LAST_ACTIVITY_STORAGE_KEY } from '../session/idleActivity';
import { sessionStore } from '../session/sessionStore';
import { IdleSignOutWarningModal } from './IdleSignOutWarningModal';

const server = setupApiServer();
const MINUTE = 60_000;
const START = new Date('2026-03-02T09:00:00Z').getTime();

/** Counts the revocations the sign-outs send. */
function countRevocations() {
  const revoked: (string | null)[] = [];
  server.use(
    answerCall('logout', ({ request }) => {
      revoked.push(request.headers.get('authorization'));
      return { message: 'Logged out' };
    }),
  );
  return revoked;
}

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

/** Lets antd's open/close animation run to its end, one frame after another. */
async function finishAnimations() {
  for (let frame = 0; frame < 20; frame += 1) {
    await act(async () => {
      jest.advanceTimersByTime(50);
    });
  }
}

function renderSignedIn(timeoutMinutes?: number) {
  provideRuntimeConfig(
    timeoutMinutes === undefined
      ? makeRuntimeConfig()
      : { ...makeRuntimeConfig(), idleTimeoutMinutes: timeoutMinutes },
  );
  return renderWithProviders(<IdleSignOutWarningModal />, { user: makeUser() });
}

const warning = () => screen.queryByRole('dialog', { name: 'Your session is about to end' });

beforeEach(() => {
  jest.useFakeTimers({ now: START, doNotFake: ['queueMicrotask', 'nextTick'] });
});

afterEach(() => {
  jest.useRealTimers();
});

test('a minute before the end a labelled warning asks, with the focus on "Stay signed in"', async () => {
  renderSignedIn();
  advance(29 * MINUTE - 1000);
  expect(warning()).not.toBeInTheDocument();

  advance(1000);
  const dialog = screen.getByRole('dialog', { name: 'Your session is about to end' });
  expect(dialog).toHaveTextContent('you will be signed out in 60 seconds');
  await finishAnimations();
  expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
  expect(dialog).toHaveTextContent('in 59 seconds');
  expect(screen.getByRole('button', { name: 'Sign out now' })).toBeInTheDocument();
});

test('"Stay signed in" keeps the session for another full time-out and tells the other tabs', async () => {
  const revoked = countRevocations();
  renderSignedIn();
  advance(29 * MINUTE + 30_000);
  fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
  await finishAnimations();

  expect(warning()).not.toBeInTheDocument();
  expect(window.localStorage.getItem(LAST_ACTIVITY_STORAGE_KEY)).toBe(String(START + 29 * MINUTE + 30_000));
  advance(28 * MINUTE);
  expect(sessionStore.getState().status).toBe('signed-in');
  expect(warning()).not.toBeInTheDocument();
  expect(revoked).toEqual([]);
});

test('without an answer the session ends after the time-out and its token is revoked', async () => {
  const revoked = countRevocations();
  renderSignedIn();
  advance(29 * MINUTE);
  expect(warning()).toBeInTheDocument();
  advance(MINUTE);
  expect(sessionStore.getState().status).toBe('signed-out');
  expect(window.localStorage.getItem('token')).toBeNull();
  expect(screen.getByText('You have been signed out after 30 minutes without activity.')).toBeInTheDocument();
  await waitFor(() => expect(revoked).toEqual(['Bearer test-token']));
});

test('"Sign out now" signs out at once', () => {
  renderSignedIn();
  advance(29 * MINUTE);
  fireEvent.click(screen.getByRole('button', { name: 'Sign out now' }));
  expect(sessionStore.getState().status).toBe('signed-out');
  expect(screen.queryByText(/without activity/)).not.toBeInTheDocument();
});

test('activity on the page (pointer, keys, scrolling, touch) postpones the warning', () => {
  renderSignedIn();
  for (const dispatch of [
    () => fireEvent.pointerMove(document.body),
    () => fireEvent.keyDown(document.body, { key: 'a' }),
    () => fireEvent.scroll(document.body),
    () => fireEvent.touchStart(document.body),
  ]) {
    advance(20 * MINUTE);
    dispatch();
  }
  advance(28 * MINUTE);
  expect(warning()).not.toBeInTheDocument();
  advance(MINUTE);
  expect(warning()).toBeInTheDocument();
});

test("another tab's activity withdraws the warning at once", async () => {
  renderSignedIn();
  advance(29 * MINUTE + 10_000);
  expect(warning()).toBeInTheDocument();

  // Another tab answered its own warning: it wrote the time, the browser tells this tab.
  const now = String(Date.now());
  window.localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, now);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_STORAGE_KEY, newValue: now }));
  });
  await finishAnimations();
  expect(warning()).not.toBeInTheDocument();
  advance(MINUTE);
  expect(sessionStore.getState().status).toBe('signed-in');
});

test('moving the pointer while the warning shows does not answer it', async () => {
  renderSignedIn();
  advance(29 * MINUTE);
  fireEvent.pointerMove(screen.getByRole('dialog'));
  advance(MINUTE);
  expect(sessionStore.getState().status).toBe('signed-out');
  await finishAnimations();
});

test('a session restored long after its last activity ends at once', () => {
  window.localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, String(START - 45 * MINUTE));
  renderSignedIn();
  expect(sessionStore.getState().status).toBe('signed-out');
});

test('the time-out comes from the runtime configuration', () => {
  renderSignedIn(5);
  advance(4 * MINUTE);
  expect(screen.getByRole('dialog')).toHaveTextContent('in 60 seconds');
});

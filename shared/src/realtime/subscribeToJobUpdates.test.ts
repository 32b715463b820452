import { waitFor } from '@testing-library/react';
import type { Job } from '@ewrt/contract';
import { sessionStore } from '../session/sessionStore';
import { makeUser } from '../testing/factories';
import { openJobSockets, pushJobUpdate } from '../testing/fakeSocketIo';
import { provideRuntimeConfig } from '../testing/suiteRemotes';
import { subscribeToJobUpdates } from './subscribeToJobUpdates';

// socket.io-client is the fake of ../testing/fakeSocketIo (mocked for every test in setupTests.ts).

const SOCKET_URL = 'http://sockets.test';

function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 7,
    status: 'running',
    job_type: 'document_processing',
    input_data: { filename: 'report.pdf' },
    progress_percentage: 40,
    current_step_description: 'Extracting text',
    created_at: '2026-01-05T09:30:00.000Z',
    started_at: '2026-01-05T09:30:01.000Z',
    completed_at: null,
    error_message: null,
    output_data: null,
    patient_id: 101,
    ...overrides,
  };
}

const unsubscribers: (() => void)[] = [];
function subscribe(listener: (job: Job) => void = jest.fn()): () => void {
  const unsubscribe = subscribeToJobUpdates(listener);
  unsubscribers.push(unsubscribe);
  return unsubscribe;
}

beforeEach(() => {
  provideRuntimeConfig({ apiBaseUrl: 'http://api.test', socketUrl: SOCKET_URL, remotes: [] });
});

afterEach(() => {
  unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
});

async function oneOpenSocket() {
  await waitFor(() => expect(openJobSockets()).toHaveLength(1));
  return openJobSockets()[0]!;
}

test('opens no connection before a subscription, then one to socketUrl with the bearer token over websocket', async () => {
  sessionStore.signIn('token-1', makeUser());
  await Promise.resolve();
  expect(openJobSockets()).toHaveLength(0);

  subscribe();
  const socket = await oneOpenSocket();
  expect(socket.url).toBe(SOCKET_URL);
  expect(socket.options).toEqual({
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: 'token-1' },
  });
});

test('every listener hears each job update pushed on the one shared connection', async () => {
  sessionStore.signIn('token-1', makeUser());
  const first = jest.fn();
  const second = jest.fn();
  subscribe(first);
  subscribe(second);
  const job = makeJob({ status: 'completed', progress_percentage: 100 });

  await pushJobUpdate(job);

  expect(openJobSockets()).toHaveLength(1);
  expect(first).toHaveBeenCalledWith(job);
  expect(second).toHaveBeenCalledWith(job);
});

test('a listener that throws does not keep the others from hearing the update', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  sessionStore.signIn('token-1', makeUser());
  const later = jest.fn();
  subscribe(() => {
    throw new Error('broken screen');
  });
  subscribe(later);

  await pushJobUpdate(makeJob());

  expect(later).toHaveBeenCalledTimes(1);
});

test('an unsubscribed listener hears nothing more, and the last one leaving closes the connection', async () => {
  sessionStore.signIn('token-1', makeUser());
  const leaving = jest.fn();
  const staying = jest.fn();
  const stopLeaving = subscribe(leaving);
  const stopStaying = subscribe(staying);
  await oneOpenSocket();

  stopLeaving();
  await pushJobUpdate(makeJob());
  expect(leaving).not.toHaveBeenCalled();
  expect(staying).toHaveBeenCalledTimes(1);

  stopStaying();
  expect(openJobSockets()).toHaveLength(0);
});

test('sign-out closes the connection; signing in again opens a new one with the new token', async () => {
  sessionStore.signIn('token-1', makeUser());
  const listener = jest.fn();
  subscribe(listener);
  await oneOpenSocket();

  sessionStore.expire();
  expect(openJobSockets()).toHaveLength(0);

  sessionStore.signIn('token-2', makeUser());
  const socket = await oneOpenSocket();
  expect(socket.options.auth).toEqual({ token: 'token-2' });
});

test('a token change (refresh in another tab) reconnects with the new token', async () => {
  sessionStore.signIn('token-1', makeUser());
  subscribe();
  await oneOpenSocket();

  sessionStore.signIn('token-2', makeUser());

  await waitFor(() =>
    expect(openJobSockets().map((socket) => socket.options.auth)).toEqual([{ token: 'token-2' }]),
  );
});

test('signed out, a subscription opens nothing until a user signs in', async () => {
  subscribe();
  await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(openJobSockets()).toHaveLength(0);

  sessionStore.signIn('token-1', makeUser());
  await oneOpenSocket();
});

test('a subscription cancelled before the client has loaded opens no connection', async () => {
  sessionStore.signIn('token-1', makeUser());
  const unsubscribe = subscribe();
  unsubscribe();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(openJobSockets()).toHaveLength(0);
});

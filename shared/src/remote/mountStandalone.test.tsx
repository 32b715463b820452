import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { STORAGE_KEYS } from '../constants';
import { answerCall, http, HttpResponse, makeUser, setupApiServer, TEST_API_BASE_URL } from '../testing';
import { mountStandalone } from './mountStandalone';

const server = setupApiServer();

const config = { apiBaseUrl: TEST_API_BASE_URL, socketUrl: TEST_API_BASE_URL, remotes: [] };

function App() {
  return <p>Standalone patients area</p>;
}

let root: Root | null = null;

async function mount() {
  const rootElement = document.createElement('div');
  document.body.appendChild(rootElement);
  await act(async () => {
    root = await mountStandalone({ name: 'mf_test', App, rootElement });
  });
}

/** Called at the end of each test: the shared afterEach hooks reset the stores, which must not reach a mounted root. */
function unmount() {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
}

test('signed out: asks to sign in with the login modal', async () => {
  server.use(http.get('http://localhost/config.json', () => HttpResponse.json(config)));
  await mount();
  expect(await screen.findByRole('dialog', { name: 'Login to the product' })).toBeInTheDocument();
  expect(screen.queryByText('Standalone patients area')).not.toBeInTheDocument();
  unmount();
});

test('with a stored session: restores it through the configured API, then shows the app', async () => {
  const authorizations: Array<string | null> = [];
  server.use(
    http.get('http://localhost/config.json', () => HttpResponse.json(config)),
    answerCall('refreshToken', ({ request }) => {
      authorizations.push(request.headers.get('authorization'));
      return { user: makeUser(), token: 'renewed' };
    }),
  );
  window.localStorage.setItem(STORAGE_KEYS.token, 'stored');
  await mount();
  expect(await screen.findByText('Standalone patients area')).toBeInTheDocument();
  expect(authorizations[0]).toBe('Bearer stored');
  unmount();
});

test('an invalid configuration shows the area as unavailable, with the reason', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  server.use(http.get('http://localhost/config.json', () => HttpResponse.json({ apiBaseUrl: '' })));
  await mount();
  expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
  expect(screen.getByText(/apiBaseUrl must be a non-empty string/)).toBeInTheDocument();
  unmount();
});

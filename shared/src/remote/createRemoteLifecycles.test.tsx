import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { createRemoteLifecycles } from './createRemoteLifecycles';

function ShowPath() {
  return <p>Patients area at {useLocation().pathname}</p>;
}

function mountProps(extra: Record<string, unknown> = {}) {
  // single-spa passes these to every lifecycle; the remote kit needs only name and domElement.
  return { name: 'mf_test', singleSpa: {}, mountParcel: jest.fn(), ...extra } as never;
}

/** Starts a lifecycle inside act() so React renders at once, then waits for single-spa's promise. */
async function settle(start: () => Promise<unknown>) {
  let pending: Promise<unknown> = Promise.resolve();
  act(() => {
    pending = start();
  });
  await pending;
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('mounts the app under a router into the element the host passes, and unmounts it', async () => {
  window.history.replaceState(null, '', '/patients/7');
  const container = document.createElement('section');
  document.body.appendChild(container);
  const lifecycles = createRemoteLifecycles({ name: 'mf_test', App: ShowPath });

  await settle(() => lifecycles.bootstrap(mountProps({ domElement: container })));
  await settle(() => lifecycles.mount(mountProps({ domElement: container })));
  expect(container).toHaveTextContent('Patients area at /patients/7');

  await settle(() => lifecycles.unmount(mountProps({ domElement: container })));
  expect(container).toBeEmptyDOMElement();
});

test('without a host element it mounts into its own container', async () => {
  const lifecycles = createRemoteLifecycles({ name: 'mf_test', App: ShowPath });
  await settle(() => lifecycles.bootstrap(mountProps()));
  await settle(() => lifecycles.mount(mountProps()));
  expect(document.getElementById('single-spa-application:mf_test')).toHaveTextContent('Patients area at /');
  await settle(() => lifecycles.unmount(mountProps()));
});

test('a crash inside the app shows "This area is unavailable" with Retry instead of taking the page down', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let crash = true;
  function Crashing() {
    if (crash) throw new Error('Render failed');
    return <p>Back again</p>;
  }
  const container = document.createElement('div');
  document.body.appendChild(container);
  const lifecycles = createRemoteLifecycles({ name: 'mf_patients', App: Crashing });
  await settle(() => lifecycles.bootstrap(mountProps({ domElement: container })));
  await settle(() => lifecycles.mount(mountProps({ domElement: container })));

  expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
  expect(screen.getByText('Render failed')).not.toBeVisible();
  expect(
    screen.getByText('Patients cannot be opened at the moment. The rest of the suite keeps working.'),
  ).toBeInTheDocument();
  crash = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(container).toHaveTextContent('Back again'));
  await settle(() => lifecycles.unmount(mountProps({ domElement: container })));
});

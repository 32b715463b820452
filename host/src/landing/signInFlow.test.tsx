import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerCall, HttpResponse, makeUser, setupApiServer } from '@ewrt/shared/testing';
import { sessionStore } from '@ewrt/shared';
import { renderHostAt } from '../testing/renderHostAt';

// Full sign-in flows through antd forms are slow on a shared 2-core machine.
jest.setTimeout(45_000);

const server = setupApiServer();
const signedInUser = makeUser({ Name: 'Dr Asha Patel' });

/** Collects the bodies of POST /api/login and answers each with the next of `answers`. */
function answerLogins(...answers: Array<{ status?: number; body: unknown }>) {
  const bodies: unknown[] = [];
  server.use(
    answerCall('login', async ({ request }) => {
      bodies.push(await request.json());
      const answer = answers[Math.min(bodies.length - 1, answers.length - 1)];
      return HttpResponse.json(answer?.body as Record<string, unknown>, { status: answer?.status ?? 200 });
    }),
  );
  return bodies;
}

async function submitCredentials(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'GET STARTED' }));
  const dialog = await screen.findByRole('dialog', { name: 'Login to the product' });
  await user.type(within(dialog).getByLabelText('Username'), 'dr.patel');
  await user.type(within(dialog).getByLabelText('Password'), 'DemoPass!2026');
  await user.click(within(dialog).getByRole('button', { name: 'Login' }));
}

/** The signed-in shell is on screen: the account button carries the user's initials. */
async function expectSignedInAtPatients() {
  expect(await screen.findByRole('button', { name: 'Sign out Dr Asha Patel, AP' })).toHaveTextContent('AP');
  expect(window.location.pathname).toBe('/patients');
  expect(sessionStore.getState().status).toBe('signed-in');
}

describe('signing in from the landing page', () => {
  it('goes to /patients when the credentials answer carries a token and a user', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies = answerLogins({ body: { token: 'tok-1', user: signedInUser } });
    renderHostAt('/');
    await submitCredentials(user);
    await expectSignedInAtPatients();
    expect(bodies).toEqual([{ username: 'dr.patel', password: 'DemoPass!2026' }]);
    expect(window.localStorage.getItem('token')).toBe('tok-1');
  });

  it('sets up two-factor first when the answer asks for it, sending the setup token with the code', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies = answerLogins(
      {
        body: {
          requires_2fa_setup: true,
          setup_token: 'setup-abc',
          totp_secret: 'JBSWY3DPEHPK3PXP',
          totp_uri: 'otpauth://totp/EWRT:dr.patel?secret=JBSWY3DPEHPK3PXP&issuer=EWRT',
          user_id: 3,
        },
      },
      { body: { token: 'tok-2', user: signedInUser } },
    );
    renderHostAt('/');
    await submitCredentials(user);
    const setup = await screen.findByRole('dialog', { name: 'Set up two-factor authentication' });
    expect(within(setup).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(within(setup).getByLabelText('Authentication code'), '123456');
    await user.click(within(setup).getByRole('button', { name: 'Complete Setup' }));
    await expectSignedInAtPatients();
    expect(bodies[1]).toEqual({ setup_token: 'setup-abc', totp_token: '123456' });
  });

  it('asks for the code when two-factor is set up, sending the temporary token with it', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies = answerLogins(
      { body: { requires_2fa: true, temp_token: 'temp-xyz' } },
      { body: { token: 'tok-3', user: signedInUser } },
    );
    renderHostAt('/');
    await submitCredentials(user);
    const verify = await screen.findByRole('dialog', { name: 'Two-factor verification' });
    await user.type(within(verify).getByLabelText('Authentication code'), '654321');
    await user.click(within(verify).getByRole('button', { name: 'Verify' }));
    await expectSignedInAtPatients();
    expect(bodies[1]).toEqual({ temp_token: 'temp-xyz', totp_token: '654321' });
  });

  it("shows the server's message when the credentials are refused and stays on the landing page", async () => {
    const user = userEvent.setup({ delay: null });
    answerLogins({ status: 401, body: { message: 'Invalid username or password' } });
    renderHostAt('/');
    await submitCredentials(user);
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(sessionStore.getState().status).toBe('signed-out');
  });

  it("shows 'Invalid response from server' for an answer with none of the expected outcomes", async () => {
    const user = userEvent.setup({ delay: null });
    answerLogins({ body: { message: 'ok' } });
    renderHostAt('/');
    await submitCredentials(user);
    expect(await screen.findByText('Invalid response from server')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
  });
});

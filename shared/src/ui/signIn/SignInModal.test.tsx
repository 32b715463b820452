import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toDataURL } from 'qrcode';
import { STORAGE_KEYS } from '../../constants';
import { sessionStore } from '../../session/sessionStore';
import { answerCall, HttpResponse, makeUser, setupApiServer } from '../../testing';
import { AppProviders } from '../AppProviders';
import { SignInModal } from './SignInModal';

const server = setupApiServer();

const TOTP_URI = 'otpauth://totp/Expert%20Witness:dr.patel?secret=JBSWY3DPEHPK3PXP&issuer=Expert%20Witness';

type Body = Record<string, unknown>;

/** Answers POST /api/login with `answers` in turn and records the bodies it received. */
function answerLogins(...answers: Array<() => Response | Promise<Response>>) {
  const bodies: Body[] = [];
  server.use(
    answerCall('login', async ({ request }) => {
      bodies.push((await request.json()) as Body);
      const answer = answers[Math.min(bodies.length, answers.length) - 1];
      if (!answer) throw new Error('No answer prepared');
      return answer();
    }),
  );
  return bodies;
}

function renderModal(open = true) {
  const onClose = jest.fn();
  const onSignedIn = jest.fn();
  const view = render(
    <AppProviders>
      <SignInModal open={open} onClose={onClose} onSignedIn={onSignedIn} />
    </AppProviders>,
  );
  const rerender = (nextOpen: boolean) =>
    view.rerender(
      <AppProviders>
        <SignInModal open={nextOpen} onClose={onClose} onSignedIn={onSignedIn} />
      </AppProviders>,
    );
  return { onClose, onSignedIn, rerender, events: userEvent.setup({ delay: null }) };
}

async function submitCredentials(events: ReturnType<typeof userEvent.setup>) {
  const dialog = screen.getByRole('dialog', { name: 'Login to the product' });
  await events.type(within(dialog).getByLabelText('Username'), 'dr.patel');
  await events.type(within(dialog).getByLabelText('Password'), 'DemoPass!2026');
  await events.click(within(dialog).getByRole('button', { name: 'Login' }));
}

// Role queries compute styles for every candidate, which is slow with antd's CSS-in-JS; polling
// with them takes seconds. Wait for text, then check the role once.
async function findDialog(name: string) {
  await screen.findByText(name);
  return screen.getByRole('dialog', { name });
}

async function expectAlert(scope: Pick<typeof screen, 'findByText'>, message: string) {
  const text = await scope.findByText(message);
  expect(text.closest('[role="alert"]')).not.toBeNull();
}

const user = makeUser({ Name: 'Dr Asha Patel' });
const signedIn = () => HttpResponse.json({ token: 'session-token', user });

test('the credentials modal has labelled fields with the right autocomplete', () => {
  renderModal();
  const dialog = screen.getByRole('dialog', { name: 'Login to the product' });
  expect(within(dialog).getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
  expect(within(dialog).getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
});

test('nothing is shown while closed', () => {
  renderModal(false);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('username and password are required', async () => {
  const bodies = answerLogins(signedIn);
  const { events } = renderModal();
  await events.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByText('Please enter your username')).toBeInTheDocument();
  expect(screen.getByText('Please enter your password')).toBeInTheDocument();
  expect(bodies).toEqual([]);
});

test('token and user: signed in, the modal closes, the success callback runs', async () => {
  const bodies = answerLogins(signedIn);
  const { events, onClose, onSignedIn } = renderModal();
  await submitCredentials(events);
  await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  expect(onClose).toHaveBeenCalled();
  expect(bodies).toEqual([{ username: 'dr.patel', password: 'DemoPass!2026' }]);
  expect(sessionStore.getState()).toEqual({ status: 'signed-in', user, token: 'session-token' });
  expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('session-token');
});

test('requires_2fa_setup: QR drawn from totp_uri, secret as text, Complete Setup sends setup_token and code', async () => {
  const bodies = answerLogins(
    () =>
      HttpResponse.json({
        requires_2fa_setup: true,
        setup_token: 'setup-1',
        totp_secret: 'JBSWY3DPEHPK3PXP',
        totp_uri: TOTP_URI,
        user_id: 3,
      }),
    signedIn,
  );
  const { events, onSignedIn } = renderModal();
  await submitCredentials(events);

  const dialog = await findDialog('Set up two-factor authentication');
  expect(screen.queryByRole('dialog', { name: 'Login to the product' })).not.toBeInTheDocument();
  expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
  const qr = await within(dialog).findByAltText('QR code for your authenticator app');
  const expected = await toDataURL(TOTP_URI, { margin: 1, width: 200, errorCorrectionLevel: 'M' });
  expect(qr).toHaveAttribute('src', expected);

  const code = within(dialog).getByLabelText('Authentication code');
  expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await events.type(code, '123456');
  await events.click(within(dialog).getByRole('button', { name: 'Complete Setup' }));

  await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  expect(bodies[1]).toEqual({ setup_token: 'setup-1', totp_token: '123456' });
  expect(sessionStore.getState().status).toBe('signed-in');
});

test('requires_2fa: Verify sends temp_token and code', async () => {
  const bodies = answerLogins(
    () => HttpResponse.json({ requires_2fa: true, temp_token: 'temp-9' }),
    signedIn,
  );
  const { events, onSignedIn } = renderModal();
  await submitCredentials(events);

  const dialog = await findDialog('Two-factor verification');
  await events.type(within(dialog).getByLabelText('Authentication code'), '654321');
  await events.click(within(dialog).getByRole('button', { name: 'Verify' }));

  await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  expect(bodies[1]).toEqual({ temp_token: 'temp-9', totp_token: '654321' });
});

test.each([
  ['none of the known fields', {}],
  ['a token without a user', { token: 'session-token' }],
  ['a user without a token', { user: makeUser() }],
  ['requires_2fa without temp_token', { requires_2fa: true }],
])("an answer with %s shows 'Invalid response from server'", async (_case, answer) => {
  answerLogins(() => HttpResponse.json(answer));
  const { events, onSignedIn } = renderModal();
  await submitCredentials(events);
  const dialog = screen.getByRole('dialog', { name: 'Login to the product' });
  await expectAlert(within(dialog), 'Invalid response from server');
  expect(onSignedIn).not.toHaveBeenCalled();
  expect(sessionStore.getState().status).toBe('signed-out');
});

test("a failed login shows the server's message", async () => {
  answerLogins(() => HttpResponse.json({ message: 'Invalid username or password' }, { status: 401 }));
  const { events } = renderModal();
  await submitCredentials(events);
  await expectAlert(screen, 'Invalid username or password');
});

test("a failed login without a message shows 'Login failed'", async () => {
  answerLogins(() => new HttpResponse(null, { status: 500 }));
  const { events } = renderModal();
  await submitCredentials(events);
  await expectAlert(screen, 'Login failed');
});

describe('the verification step', () => {
  async function reachVerification(secondAnswer: () => Response) {
    const bodies = answerLogins(
      () => HttpResponse.json({ requires_2fa: true, temp_token: 'temp-9' }),
      secondAnswer,
    );
    const rendered = renderModal();
    await submitCredentials(rendered.events);
    const dialog = await findDialog('Two-factor verification');
    return { ...rendered, bodies, dialog };
  }

  test("a failure without a message shows 'Verification failed'", async () => {
    const { events, dialog } = await reachVerification(() => new HttpResponse(null, { status: 500 }));
    await events.type(within(dialog).getByLabelText('Authentication code'), '000000');
    await events.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await expectAlert(within(dialog), 'Verification failed');
  });

  test("a failure with a message shows the server's message", async () => {
    const { events, dialog } = await reachVerification(() =>
      HttpResponse.json({ message: 'Invalid two-factor code' }, { status: 401 }),
    );
    await events.type(within(dialog).getByLabelText('Authentication code'), '000000');
    await events.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await expectAlert(within(dialog), 'Invalid two-factor code');
  });

  test('the code is required and has at most 6 characters', async () => {
    const { events, dialog, bodies } = await reachVerification(signedIn);
    await events.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Please enter the 6-digit code')).toBeInTheDocument();
    await events.type(within(dialog).getByLabelText('Authentication code'), '1234567');
    await events.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('The code has at most 6 characters')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  test('closing returns to the closed state, and reopening starts afresh without the old error', async () => {
    const { events, dialog, onClose, rerender } = await reachVerification(
      () => new HttpResponse(null, { status: 500 }),
    );
    await events.type(within(dialog).getByLabelText('Authentication code'), '000000');
    await events.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await expectAlert(within(dialog), 'Verification failed');

    await events.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(false);
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());

    rerender(true);
    const reopened = await findDialog('Login to the product');
    expect(within(reopened).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Two-factor verification' })).not.toBeInTheDocument();
  });
});

test('closing the set-up modal returns to the closed state', async () => {
  answerLogins(() =>
    HttpResponse.json({ requires_2fa_setup: true, setup_token: 's', totp_secret: 'ABC', totp_uri: TOTP_URI }),
  );
  const { events, onClose, rerender } = renderModal();
  await submitCredentials(events);
  const dialog = await findDialog('Set up two-factor authentication');
  await events.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(onClose).toHaveBeenCalledTimes(1);
  rerender(false);
  await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
});

test('the button shows loading while the call is in flight and a double submit sends one request', async () => {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const bodies = answerLogins(async () => {
    await answered;
    return signedIn();
  });
  const { events, onSignedIn } = renderModal();
  const dialog = screen.getByRole('dialog', { name: 'Login to the product' });
  await events.type(within(dialog).getByLabelText('Username'), 'dr.patel');
  await events.type(within(dialog).getByLabelText('Password'), 'secret{Enter}');
  const button = within(dialog).getByRole('button', { name: /Login/ });
  await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));

  await events.click(button);
  await events.type(within(dialog).getByLabelText('Password'), '{Enter}');
  answer();

  await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  expect(bodies).toHaveLength(1);
});

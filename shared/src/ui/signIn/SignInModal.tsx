import { Modal } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { login } from '../../api/authApi';
import { getErrorMessage } from '../../api/getErrorMessage';
import type { LoginRequest, LoginResponse, User } from '../../api/types';
import { MESSAGES } from '../../messages';
import { CredentialsForm, type CredentialsValues } from './CredentialsForm';
import { sessionStore } from '../../session/sessionStore';

// Only the credentials step is needed to open the flow: the two-factor steps (Typography, the copyable
// secret's tooltip) load when the server asks for them, so the landing page does not carry them.
const TwoFactorSetupModal = lazy(() =>
  import('./TwoFactorSetupModal').then((module) => ({ default: module.TwoFactorSetupModal })),
);
const TwoFactorVerifyModal = lazy(() =>
  import('./TwoFactorVerifyModal').then((module) => ({ default: module.TwoFactorVerifyModal })),
);

export interface SignInModalProps {
  open: boolean;
  onClose: () => void;
  onSignedIn: () => void;
}

type Step =
  | { kind: 'credentials' }
  | { kind: 'setup'; setupToken: string; totpUri: string; totpSecret: string }
  | { kind: 'verify'; tempToken: string };

type Outcome = Step | { kind: 'signed-in'; token: string; user: User } | { kind: 'invalid' };

const CREDENTIALS: Step = { kind: 'credentials' };

function secretFromUri(totpUri: string): string | null {
  try {
    return new URL(totpUri).searchParams.get('secret');
  } catch {
    return null;
  }
}

/** Which step a login answer leads to (AUTH-01): set-up, verification, success, or an invalid answer. */
function outcomeOf(answer: LoginResponse | null | undefined): Outcome {
  if (!answer || typeof answer !== 'object') return { kind: 'invalid' };
  if (answer.requires_2fa_setup) {
    const totpSecret = answer.totp_secret || (answer.totp_uri ? secretFromUri(answer.totp_uri) : null);
    if (answer.setup_token && answer.totp_uri && totpSecret) {
      return { kind: 'setup', setupToken: answer.setup_token, totpUri: answer.totp_uri, totpSecret };
    }
    return { kind: 'invalid' };
  }
  if (answer.requires_2fa) {
    return answer.temp_token ? { kind: 'verify', tempToken: answer.temp_token } : { kind: 'invalid' };
  }
  if (answer.token && answer.user) return { kind: 'signed-in', token: answer.token, user: answer.user };
  return { kind: 'invalid' };
}

/**
 * The whole sign-in flow: credentials ('Login to the product'), then two-factor set-up or verification
 * when the server asks for it. Used by the host's landing page and by every remote's standalone page.
 */
export function SignInModal({ open, onClose, onSignedIn }: SignInModalProps) {
  const [step, setStep] = useState<Step>(CREDENTIALS);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A ref, not state: a second submit in the same tick must already see the first one in flight.
  const inFlight = useRef(false);
  // Bumped on every close, so that an answer arriving after the user closed the flow is ignored.
  const attempt = useRef(0);

  // Closing from outside (open -> false) also returns the flow to its start.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) {
      setStep(CREDENTIALS);
      setError(null);
    }
  }

  const close = () => {
    attempt.current += 1;
    inFlight.current = false;
    setSubmitting(false);
    setStep(CREDENTIALS);
    setError(null);
    onClose();
  };

  const submit = async (body: LoginRequest, failureFallback: string, allowTwoFactorSteps: boolean) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const thisAttempt = attempt.current;
    setSubmitting(true);
    setError(null);
    let outcome: Outcome;
    try {
      outcome = outcomeOf(await login(body));
    } catch (failure) {
      if (thisAttempt !== attempt.current) return;
      inFlight.current = false;
      setSubmitting(false);
      setError(getErrorMessage(failure, failureFallback));
      return;
    }
    if (thisAttempt !== attempt.current) return;
    inFlight.current = false;
    setSubmitting(false);
    if (outcome.kind === 'signed-in') {
      sessionStore.signIn(outcome.token, outcome.user);
      attempt.current += 1;
      setStep(CREDENTIALS);
      onClose();
      onSignedIn();
    } else if (outcome.kind === 'invalid' || outcome.kind === 'credentials' || !allowTwoFactorSteps) {
      setError(MESSAGES.invalidResponse);
    } else {
      setStep(outcome);
    }
  };

  const submitCredentials = ({ username, password }: CredentialsValues) =>
    submit({ username: username.trim(), password }, MESSAGES.loginFailed, true);

  const submitSetupCode = (code: string) => {
    if (step.kind !== 'setup') return;
    void submit({ setup_token: step.setupToken, totp_token: code }, MESSAGES.verificationFailed, false);
  };

  const submitVerificationCode = (code: string) => {
    if (step.kind !== 'verify') return;
    void submit({ temp_token: step.tempToken, totp_token: code }, MESSAGES.verificationFailed, false);
  };

  return (
    <>
      <Modal
        open={open && step.kind === 'credentials'}
        title="Login to the product"
        onCancel={close}
        footer={null}
        destroyOnHidden
        // Moving on to a two-factor step, focus stays in that step's code field instead of going back to
        // the button that opened the flow (which would leave a keyboard user typing into nothing).
        focusable={{ focusTriggerAfterClose: step.kind === 'credentials' }}
      >
        <CredentialsForm
          error={step.kind === 'credentials' ? error : null}
          submitting={submitting}
          onSubmit={(values) => void submitCredentials(values)}
        />
      </Modal>
      <Suspense fallback={null}>
        {step.kind === 'setup' ? (
          <TwoFactorSetupModal
            open={open}
            totpUri={step.totpUri}
            totpSecret={step.totpSecret}
            error={error}
            submitting={submitting}
            onSubmit={submitSetupCode}
            onCancel={close}
          />
        ) : null}
        {step.kind === 'verify' ? (
          <TwoFactorVerifyModal
            open={open}
            error={error}
            submitting={submitting}
            onSubmit={submitVerificationCode}
            onCancel={close}
          />
        ) : null}
      </Suspense>
    </>
  );
}

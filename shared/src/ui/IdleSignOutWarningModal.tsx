import { useEffect, useRef, useState } from 'react';
import { App, Button, Modal } from 'antd';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { DEFAULT_IDLE_TIMEOUT_MINUTES } from '../session/idleTimer';
import { useIdleSignOut } from '../session/useIdleSignOut';

export interface IdleSignOutWarningProps {
  /** Defaults to the runtime configuration's `idleTimeoutMinutes`, else 30. */
  timeoutMinutes?: number;
}

/** Whole seconds until `endsAt`, ticking once a second; null when there is nothing to count down to. */
function useSecondsUntil(endsAt: number | null): number | null {
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    if (endsAt === null) {
      setSeconds(null);
      return undefined;
    }
    const tick = () => setSeconds(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [endsAt]);
  return seconds;
}

/** The idle sign-out and its warning; reached through `IdleSignOutWarning`, which loads it after sign-in. */
export function IdleSignOutWarningModal({ timeoutMinutes }: IdleSignOutWarningProps) {
  const minutes = timeoutMinutes ?? getRuntimeConfig().idleTimeoutMinutes ?? DEFAULT_IDLE_TIMEOUT_MINUTES;
  const { message } = App.useApp();
  const { warningEndsAt, staySignedIn, signOutNow } = useIdleSignOut(minutes * 60_000, {
    // Said on the landing page the user is sent to, so that the sign-out does not look like a fault.
    onIdleSignOut: () => {
      void message.info(`You have been signed out after ${minutes} minutes without activity.`);
    },
  });
  const secondsLeft = useSecondsUntil(warningEndsAt);
  const stayButton = useRef<HTMLButtonElement>(null);

  return (
    <Modal
      open={warningEndsAt !== null}
      title="Your session is about to end"
      // Closing the question (Escape, the close button) keeps the session, like answering it.
      onCancel={staySignedIn}
      mask={{ closable: false }}
      // antd focuses the dialog once it has opened; the answer most people want is one key away.
      afterOpenChange={(open) => {
        if (open) stayButton.current?.focus();
      }}
      footer={[
        <Button key="sign-out" onClick={signOutNow}>
          Sign out now
        </Button>,
        <Button key="stay" type="primary" ref={stayButton} onClick={staySignedIn}>
          Stay signed in
        </Button>,
      ]}
    >
      {/* A plain paragraph: Typography would bring its tooltip machinery (~19 KB) onto the landing page. */}
      <p>
        There has been no activity for a while. For your security, you will be signed out
        {secondsLeft === null ? ' shortly' : ` in ${secondsLeft} ${secondsLeft === 1 ? 'second' : 'seconds'}`}
        .
      </p>
    </Modal>
  );
}

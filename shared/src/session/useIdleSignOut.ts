import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ACTIVITY_EVENTS,
  LAST_ACTIVITY_STORAGE_KEY,
  createActivityRecorder,
  readLastActivity,
  type ActivityRecorder,
} from './idleActivity';
import { startIdleTimer, type IdleClock, type IdleTimer } from './idleTimer';
import { sessionStore } from './sessionStore';
import { useSession } from './useSession';

const browserClock: IdleClock = {
  now: () => Date.now(),
  schedule: (callback, delayMs) => {
    const id = window.setTimeout(callback, delayMs);
    return () => window.clearTimeout(id);
  },
};

export interface IdleSignOut {
  /** While the warning shows, when the session ends (ms since the epoch); otherwise null. */
  warningEndsAt: number | null;
  /** The user's answer to the warning: counts as activity in every tab. */
  staySignedIn: () => void;
  signOutNow: () => void;
}

/**
 * Signs the user out after `timeoutMs` without activity (pointer, keys, wheel, scroll, touch) in any
 * tab of the suite, and says when the warning before the end is due. Runs while signed in.
 *
 * A session restored with an activity record older than the time-out (the browser was closed and
 * reopened) ends at once: idle time counts whether or not a tab was open.
 */
export function useIdleSignOut(
  timeoutMs: number,
  {
    onIdleSignOut,
  }: { /** Called when this tab ends the session for inactivity. */ onIdleSignOut?: () => void } = {},
): IdleSignOut {
  const { status } = useSession();
  const [warningEndsAt, setWarningEndsAt] = useState<number | null>(null);
  const running = useRef<{ recorder: ActivityRecorder; timer: IdleTimer } | null>(null);
  const onIdleSignOutRef = useRef(onIdleSignOut);
  onIdleSignOutRef.current = onIdleSignOut;

  useEffect(() => {
    if (status !== 'signed-in') return undefined;
    const recorder = createActivityRecorder({ now: browserClock.now });
    if (readLastActivity() === null) recorder.record(true);
    let warningShown = false;
    const timer = startIdleTimer({
      timeoutMs,
      clock: browserClock,
      lastActivity: recorder.lastActivity,
      onPhaseChange: (phase, endsAt) => {
        warningShown = phase === 'warning';
        setWarningEndsAt(warningShown ? endsAt : null);
        if (phase === 'ended') {
          sessionStore.signOut();
          onIdleSignOutRef.current?.();
        }
      },
    });
    running.current = { recorder, timer };

    // While the warning shows, only an answer to it counts: moving the pointer to a button must not
    // make the question vanish under it.
    const onActivity = () => {
      if (!warningShown) recorder.record();
    };
    // Another tab's activity (or its "Stay signed in") withdraws this tab's warning at once.
    const onStorage = (event: StorageEvent) => {
      if (event.key === LAST_ACTIVITY_STORAGE_KEY || event.key === null) timer.check();
    };
    // Timers of hidden tabs are throttled: decide afresh when the tab is looked at again.
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') timer.check();
    };
    const listenerOptions = { capture: true, passive: true };
    ACTIVITY_EVENTS.forEach((type) => window.addEventListener(type, onActivity, listenerOptions));
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      timer.stop();
      running.current = null;
      ACTIVITY_EVENTS.forEach((type) => window.removeEventListener(type, onActivity, listenerOptions));
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      setWarningEndsAt(null);
    };
  }, [status, timeoutMs]);

  const staySignedIn = useCallback(() => {
    running.current?.recorder.record(true);
    running.current?.timer.check();
  }, []);

  const signOutNow = useCallback(() => sessionStore.signOut(), []);

  return { warningEndsAt, staySignedIn, signOutNow };
}

// When an idle session ends, as a pure state machine over an injected clock: the times come from the
// clock and the shared last activity, never from counting timer ticks, so a timer that fires late
// (a background tab, a computer waking from sleep) still decides right.

/** Minutes without activity after which the session ends, unless the runtime configuration says otherwise. */
export const DEFAULT_IDLE_TIMEOUT_MINUTES = 30;
/** The longest idle time the runtime configuration may set (a day). */
export const MAX_IDLE_TIMEOUT_MINUTES = 24 * 60;
/** How long before the end the warning shows. */
export const IDLE_WARNING_MS = 60_000;

export interface IdleClock {
  now: () => number;
  /** Runs `callback` after `delayMs`; returns a function that cancels it. */
  schedule: (callback: () => void, delayMs: number) => () => void;
}

/** `active`: nothing to show; `warning`: the end is less than IDLE_WARNING_MS away; `ended`: sign out. */
export type IdlePhase = 'active' | 'warning' | 'ended';

export interface IdleTimerOptions {
  timeoutMs: number;
  warningMs?: number;
  clock: IdleClock;
  /** The latest activity in any tab; null when none is known (the timer's start counts instead). */
  lastActivity: () => number | null;
  /**
   * Called when the phase changes (or, during the warning, when the end moves), with the time the
   * session ends at. `ended` comes once, last.
   */
  onPhaseChange: (phase: IdlePhase, endsAt: number) => void;
}

export interface IdleTimer {
  /** Decides again now (after activity, or when the page becomes visible). */
  check: () => void;
  stop: () => void;
}

export function startIdleTimer({
  timeoutMs,
  warningMs = IDLE_WARNING_MS,
  clock,
  lastActivity,
  onPhaseChange,
}: IdleTimerOptions): IdleTimer {
  const startedAt = clock.now();
  let phase: IdlePhase = 'active';
  let announcedEnd = Number.NaN;
  let cancelScheduled: (() => void) | null = null;
  let stopped = false;

  const unschedule = () => {
    cancelScheduled?.();
    cancelScheduled = null;
  };

  const check = () => {
    if (stopped) return;
    unschedule();
    const now = clock.now();
    const endsAt = (lastActivity() ?? startedAt) + timeoutMs;
    const warnsAt = endsAt - warningMs;
    const next: IdlePhase = now >= endsAt ? 'ended' : now >= warnsAt ? 'warning' : 'active';
    if (next === 'ended') stopped = true;
    else cancelScheduled = clock.schedule(check, (next === 'warning' ? endsAt : warnsAt) - now);
    if (next !== phase || (next === 'warning' && endsAt !== announcedEnd)) {
      phase = next;
      announcedEnd = endsAt;
      onPhaseChange(next, endsAt);
    }
  };

  check();
  return {
    check,
    stop: () => {
      stopped = true;
      unschedule();
    },
  };
}

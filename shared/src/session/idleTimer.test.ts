import { startIdleTimer, type IdleClock, type IdlePhase } from './idleTimer';

const MINUTE = 60_000;

/** A clock that moves only when told to, running what falls due on the way. */
function manualClock(start = 1_000_000) {
  let now = start;
  let nextId = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const clock: IdleClock = {
    now: () => now,
    schedule: (callback, delayMs) => {
      const id = (nextId += 1);
      pending.set(id, { at: now + delayMs, callback });
      return () => pending.delete(id);
    },
  };
  const advance = (ms: number) => {
    const target = now + ms;
    for (;;) {
      const due = [...pending.entries()]
        .filter(([, timer]) => timer.at <= target)
        .sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = target;
  };
  return { clock, advance, pendingCount: () => pending.size };
}

function setUp({ timeoutMs = 30 * MINUTE, lastActivity = null as number | null } = {}) {
  const { clock, advance, pendingCount } = manualClock();
  let activity = lastActivity ?? clock.now();
  const phases: [IdlePhase, number][] = [];
  const timer = startIdleTimer({
    timeoutMs,
    clock,
    lastActivity: () => activity,
    onPhaseChange: (phase, endsAt) => phases.push([phase, endsAt]),
  });
  const act = () => {
    activity = clock.now();
  };
  return { clock, advance, pendingCount, timer, phases, act, startedAt: clock.now() };
}

test('warns one minute before the end and ends after the time-out without activity', () => {
  const { advance, phases, startedAt, pendingCount } = setUp();
  const endsAt = startedAt + 30 * MINUTE;
  advance(29 * MINUTE - 1);
  expect(phases).toEqual([]);
  advance(1);
  expect(phases).toEqual([['warning', endsAt]]);
  advance(MINUTE - 1);
  expect(phases).toHaveLength(1);
  advance(1);
  expect(phases).toEqual([
    ['warning', endsAt],
    ['ended', endsAt],
  ]);
  expect(pendingCount()).toBe(0);
});

test('activity before the warning moves the end; the timer re-reads it when it wakes', () => {
  const { advance, act, phases, clock } = setUp();
  advance(20 * MINUTE);
  act();
  const endsAt = clock.now() + 30 * MINUTE;
  advance(9 * MINUTE);
  expect(phases).toEqual([]);
  advance(20 * MINUTE);
  expect(phases).toEqual([['warning', endsAt]]);
});

test('activity during the warning withdraws it once checked', () => {
  const { advance, act, phases, timer, clock } = setUp();
  advance(29 * MINUTE + 30_000);
  expect(phases.map(([phase]) => phase)).toEqual(['warning']);
  act();
  timer.check();
  expect(phases.at(-1)).toEqual(['active', clock.now() + 30 * MINUTE]);
  advance(29 * MINUTE);
  expect(phases.at(-1)?.[0]).toBe('warning');
});

test('a timer that fires late (sleep, a throttled tab) ends the session at once', () => {
  const { clock, phases, timer, startedAt } = setUp();
  // The clock jumps without running the timers, as after a computer wakes up.
  jest.spyOn(clock, 'now').mockReturnValue(startedAt + 3 * 60 * MINUTE);
  timer.check();
  expect(phases).toEqual([['ended', startedAt + 30 * MINUTE]]);
});

test('an activity record older than the time-out ends the session as soon as the timer starts', () => {
  const { phases, startedAt } = setUp({ lastActivity: 1_000_000 - 31 * MINUTE });
  expect(phases).toEqual([['ended', startedAt - MINUTE]]);
});

test('without any activity known, the start counts as the last activity', () => {
  const { clock, advance } = manualClock();
  const phases: IdlePhase[] = [];
  startIdleTimer({
    timeoutMs: 5 * MINUTE,
    clock,
    lastActivity: () => null,
    onPhaseChange: (phase) => phases.push(phase),
  });
  advance(4 * MINUTE);
  expect(phases).toEqual(['warning']);
  advance(MINUTE);
  expect(phases).toEqual(['warning', 'ended']);
});

test('a stopped timer decides nothing more', () => {
  const { advance, phases, timer, pendingCount } = setUp();
  timer.stop();
  expect(pendingCount()).toBe(0);
  advance(60 * MINUTE);
  timer.check();
  expect(phases).toEqual([]);
});

test('the warning length can be chosen', () => {
  const { clock, advance } = manualClock();
  const phases: IdlePhase[] = [];
  startIdleTimer({
    timeoutMs: 10 * MINUTE,
    warningMs: 2 * MINUTE,
    clock,
    lastActivity: () => null,
    onPhaseChange: (phase) => phases.push(phase),
  });
  advance(8 * MINUTE - 1);
  expect(phases).toEqual([]);
  advance(1);
  expect(phases).toEqual(['warning']);
});

import {
  ACTIVE_LIST_POLL_MS,
  DETAIL_POLL_MS,
  detailFailureOutcome,
  isActiveStatus,
  listLoadHasFailed,
  nextDetailPollDelay,
  nextListPollDelay,
} from './jobPolling';
import { startPolling } from './startPolling';

const at = (iso: string) => new Date(iso).getTime();

describe('job list polling rules (JOB-04)', () => {
  it('constants: list every 2 s while active, detail every 1 s', () => {
    expect(ACTIVE_LIST_POLL_MS).toBe(2000);
    expect(DETAIL_POLL_MS).toBe(1000);
  });

  it('pending and running are active; completed, failed and cancelled are finished', () => {
    expect(isActiveStatus('pending')).toBe(true);
    expect(isActiveStatus('running')).toBe(true);
    expect(isActiveStatus('completed')).toBe(false);
    expect(isActiveStatus('failed')).toBe(false);
    expect(isActiveStatus('cancelled')).toBe(false);
  });

  it('reloads the list in 2 s while any job is pending or running', () => {
    const now = at('2026-01-06T10:15:03.400Z');
    expect(nextListPollDelay([{ status: 'completed' }, { status: 'running' }], now)).toBe(2000);
    expect(nextListPollDelay([{ status: 'pending' }], now)).toBe(2000);
  });

  it('with no active job, waits until the clock passes the next 10-second mark', () => {
    const finished = [{ status: 'completed' as const }, { status: 'failed' as const }];
    expect(nextListPollDelay(finished, at('2026-01-06T10:15:03.400Z'))).toBe(6600);
    expect(nextListPollDelay(finished, at('2026-01-06T10:15:09.999Z'))).toBe(1);
    expect(nextListPollDelay(finished, at('2026-01-06T10:15:10.000Z'))).toBe(10_000);
    expect(nextListPollDelay([], at('2026-01-06T10:15:17.000Z'))).toBe(3000);
  });

  it('before the first answer the list is retried on the active cadence', () => {
    expect(nextListPollDelay(null, at('2026-01-06T10:15:03.000Z'))).toBe(2000);
  });

  it('the list has failed after 3 consecutive failures, not before', () => {
    expect(listLoadHasFailed(0)).toBe(false);
    expect(listLoadHasFailed(2)).toBe(false);
    expect(listLoadHasFailed(3)).toBe(true);
  });

  it('the detail is reloaded every second while active and not at all once finished', () => {
    expect(nextDetailPollDelay('running')).toBe(1000);
    expect(nextDetailPollDelay('pending')).toBe(1000);
    expect(nextDetailPollDelay('completed')).toBeNull();
    expect(nextDetailPollDelay('cancelled')).toBeNull();
  });

  it('a 404 loses the selected job at once; other failures only on the third in a row', () => {
    expect(detailFailureOutcome(404, 1)).toBe('lost');
    expect(detailFailureOutcome(500, 1)).toBe('retry');
    expect(detailFailureOutcome(undefined, 2)).toBe('retry');
    expect(detailFailureOutcome(503, 3)).toBe('lost');
  });
});

describe('startPolling on a fake clock', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: at('2026-01-06T10:15:03.000Z') });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('polls at once, then after each delay the poll answers; null stops it', async () => {
    const delays = [2000, 2000, null];
    const poll = jest.fn(async () => delays.shift() ?? null);
    const polling = startPolling(poll);
    await jest.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(1);

    await jest.advanceTimersByTimeAsync(1999);
    expect(poll).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(2000);
    expect(poll).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(poll).toHaveBeenCalledTimes(3);
    polling.stop();
  });

  it('follows the list rules: 2 s while active, then the next 10-second mark', async () => {
    const answers = [[{ status: 'running' as const }], [{ status: 'completed' as const }], []];
    const times: number[] = [];
    const polling = startPolling(async () => {
      times.push(Date.now() - at('2026-01-06T10:15:03.000Z'));
      return nextListPollDelay(answers.shift() ?? [], Date.now());
    });
    await jest.advanceTimersByTimeAsync(20_000);
    polling.stop();
    // 10:15:03 (running) -> 10:15:05 (completed) -> 10:15:10 -> 10:15:20
    expect(times).toEqual([0, 2000, 7000, 17_000]);
  });

  it('refreshNow polls at once and restarts the wait; one asked for mid-poll runs right after it', async () => {
    let finishPoll: (delay: number) => void = () => undefined;
    const poll = jest.fn(
      () =>
        new Promise<number | null>((resolve) => {
          finishPoll = resolve;
        }),
    );
    const polling = startPolling(poll);
    expect(poll).toHaveBeenCalledTimes(1);

    polling.refreshNow();
    expect(poll).toHaveBeenCalledTimes(1);
    finishPoll(10_000);
    await jest.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(2);

    finishPoll(10_000);
    await jest.advanceTimersByTimeAsync(4000);
    polling.refreshNow();
    expect(poll).toHaveBeenCalledTimes(3);
    finishPoll(10_000);
    await jest.advanceTimersByTimeAsync(9999);
    expect(poll).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(4);
    polling.stop();
  });

  it('stop ends the polling, also when a poll is in flight', async () => {
    let finishPoll: (delay: number) => void = () => undefined;
    const poll = jest.fn(
      () =>
        new Promise<number | null>((resolve) => {
          finishPoll = resolve;
        }),
    );
    const polling = startPolling(poll);
    polling.stop();
    finishPoll(1000);
    await jest.advanceTimersByTimeAsync(10_000);
    polling.refreshNow();
    expect(poll).toHaveBeenCalledTimes(1);
  });
});

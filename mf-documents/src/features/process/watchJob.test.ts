import { getJobStatus } from '../api/jobsApi';
import { makeCompletedJob, makeJob, makeJobStatusResponse } from '../testing-support/documentFixtures';
import { watchJob, type JobWatchHandlers } from './watchJob';

jest.mock('../api/jobsApi');
const getJobStatusMock = jest.mocked(getJobStatus);

const running = makeJobStatusResponse(makeJob({ id: 7, status: 'running', progress_percentage: 30 }));

function handlers(): jest.Mocked<JobWatchHandlers> {
  return {
    onProgress: jest.fn(),
    onFinished: jest.fn(),
    onTakingLonger: jest.fn(),
    onTimedOut: jest.fn(),
    onLost: jest.fn(),
  };
}

const START = 1_000_000;
/** When (fake clock) each status poll was made. */
let pollMoments: number[] = [];

beforeEach(() => {
  jest.useFakeTimers({ now: START });
  pollMoments = [];
  getJobStatusMock.mockImplementation(async () => {
    pollMoments.push(Date.now());
    return running;
  });
});

afterEach(() => {
  jest.useRealTimers();
});

test('first poll 5 s after the start, every 5 s for 2 minutes, then every 10 s; "taking longer" once', async () => {
  const on = handlers();
  const watch = watchJob(7, on);
  await jest.advanceTimersByTimeAsync(4_999);
  expect(getJobStatusMock).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(1);
  expect(getJobStatusMock).toHaveBeenCalledWith(7, expect.any(AbortSignal));
  await jest.advanceTimersByTimeAsync(145_000);
  const seconds = pollMoments.map((moment) => (moment - START) / 1000);
  expect(seconds.slice(0, 3)).toEqual([5, 10, 15]);
  expect(seconds.filter((s) => s > 110)).toEqual([115, 120, 130, 140, 150]);
  expect(on.onTakingLonger).toHaveBeenCalledTimes(1);
  expect(on.onProgress).toHaveBeenLastCalledWith(running);
  watch.stop();
});

test('a finished job is reported once and polling stops', async () => {
  const on = handlers();
  const done = makeJobStatusResponse(makeCompletedJob(14, { id: 7 }));
  getJobStatusMock.mockResolvedValueOnce(running).mockResolvedValueOnce(done);
  watchJob(7, on);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(getJobStatusMock).toHaveBeenCalledTimes(2);
  expect(on.onFinished).toHaveBeenCalledWith(done);
  expect(on.onTimedOut).not.toHaveBeenCalled();
});

test('times out exactly 10 minutes after the start, and polls no more', async () => {
  const on = handlers();
  watchJob(7, on);
  await jest.advanceTimersByTimeAsync(599_999);
  expect(on.onTimedOut).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(1);
  expect(on.onTimedOut).toHaveBeenCalledTimes(1);
  const calls = getJobStatusMock.mock.calls.length;
  await jest.advanceTimersByTimeAsync(60_000);
  expect(getJobStatusMock).toHaveBeenCalledTimes(calls);
});

test('a job that cannot be found ends the watch; a server failure is retried', async () => {
  const on = handlers();
  const notFound = Object.assign(new Error('Not found'), { response: { status: 404 } });
  const busy = Object.assign(new Error('Busy'), { response: { status: 503 } });
  getJobStatusMock.mockRejectedValueOnce(busy).mockRejectedValueOnce(notFound);
  watchJob(7, on);
  await jest.advanceTimersByTimeAsync(5_000);
  expect(on.onLost).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(5_000);
  expect(on.onLost).toHaveBeenCalledWith(notFound);
  await jest.advanceTimersByTimeAsync(30_000);
  expect(getJobStatusMock).toHaveBeenCalledTimes(2);
});

test('pollNow polls at once; stop ends the watch', async () => {
  const on = handlers();
  const watch = watchJob(7, on);
  watch.pollNow();
  await jest.advanceTimersByTimeAsync(0);
  expect(getJobStatusMock).toHaveBeenCalledTimes(1);
  watch.stop();
  await jest.advanceTimersByTimeAsync(60_000);
  expect(getJobStatusMock).toHaveBeenCalledTimes(1);
  expect(on.onProgress).toHaveBeenCalledTimes(1);
});

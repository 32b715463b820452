import { act, renderHook } from '@testing-library/react';
import { DRAFT_JOB_POLL_INTERVAL_MS } from '@ewrt/contract/limits';
import { setupApiServer } from '@ewrt/shared/testing';
import {
  createDraftReportBackend,
  draftReportHandlers,
  draftRequestsTo,
  makeDraftStatus,
  resetDraftReportBackend,
} from '../testing-support/draftReportHandlers';
import { useDraftJobPolling, type FollowedDraftJob } from './useDraftJobPolling';

const backend = createDraftReportBackend();
setupApiServer(...draftReportHandlers(backend));

const PENDING: FollowedDraftJob = {
  jobId: 55,
  status: 'pending',
  progress: 0,
  step: null,
  errorMessage: null,
};
const polls = () => draftRequestsTo(backend, 'GET', '/api/draft-report/status/55').length;

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  resetDraftReportBackend(backend);
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
});
afterEach(() => jest.useRealTimers());

it('asks every 2 s while the job runs, and reports its end once', async () => {
  backend.statuses = [
    makeDraftStatus({ status: 'running', progress_percentage: 20 }),
    makeDraftStatus({ status: 'running', progress_percentage: 60 }),
    makeDraftStatus({ status: 'completed', progress_percentage: 100 }),
  ];
  const finished = jest.fn();
  const { result } = renderHook(() => useDraftJobPolling(finished));
  act(() => result.current.follow(PENDING));

  await advance(DRAFT_JOB_POLL_INTERVAL_MS - 1);
  expect(polls()).toBe(0);
  await advance(1);
  expect(polls()).toBe(1);
  expect(result.current.job?.progress).toBe(20);
  await advance(DRAFT_JOB_POLL_INTERVAL_MS);
  expect(result.current.job?.progress).toBe(60);
  await advance(DRAFT_JOB_POLL_INTERVAL_MS);
  expect(result.current.job?.status).toBe('completed');
  expect(finished).toHaveBeenCalledTimes(1);
  expect(finished).toHaveBeenCalledWith(expect.objectContaining({ jobId: 55, status: 'completed' }));

  await advance(DRAFT_JOB_POLL_INTERVAL_MS * 3);
  expect(polls()).toBe(3);
});

it('stops asking when the screen goes away', async () => {
  backend.statuses = [makeDraftStatus({ status: 'running' })];
  const { result, unmount } = renderHook(() => useDraftJobPolling(jest.fn()));
  act(() => result.current.follow(PENDING));
  await advance(DRAFT_JOB_POLL_INTERVAL_MS);
  expect(polls()).toBe(1);
  unmount();
  await advance(DRAFT_JOB_POLL_INTERVAL_MS * 3);
  expect(polls()).toBe(1);
});

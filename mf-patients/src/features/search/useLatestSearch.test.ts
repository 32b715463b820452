import { act, renderHook, waitFor } from '@testing-library/react';
import { useLatestSearch } from './useLatestSearch';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

test('keeps only the latest answer: an earlier search answering late is ignored', async () => {
  const first = deferred<string>();
  const second = deferred<string>();
  const searchFirst = () => first.promise;
  const searchSecond = () => second.promise;
  const { result, rerender } = renderHook(({ search }) => useLatestSearch(search), {
    initialProps: { search: searchFirst as (() => Promise<string>) | null },
  });
  expect(result.current.loading).toBe(true);
  rerender({ search: searchSecond });
  await act(async () => second.resolve('second'));
  await act(async () => first.resolve('first'));
  expect(result.current).toEqual({ result: 'second', loading: false, error: null });
});

test('a failure clears the results with the search failure message; no search clears everything', async () => {
  const ok = () => Promise.resolve('found');
  const failing = () => Promise.reject(new Error('network down'));
  const { result, rerender } = renderHook(({ search }) => useLatestSearch(search), {
    initialProps: { search: ok as (() => Promise<string>) | null },
  });
  await waitFor(() => expect(result.current.result).toBe('found'));
  rerender({ search: failing });
  await waitFor(() =>
    expect(result.current).toEqual({
      result: null,
      loading: false,
      error: 'An error occurred while searching for patients. Please try again.',
    }),
  );
  rerender({ search: null });
  expect(result.current).toEqual({ result: null, loading: false, error: null });
});

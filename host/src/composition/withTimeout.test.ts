import { withTimeout } from './withTimeout';

describe('withTimeout', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('rejects with the message when the promise does not settle in time', async () => {
    jest.useFakeTimers();
    const never = new Promise<string>(() => undefined);
    const result = withTimeout(never, 20_000, 'Loading it took longer than 20 seconds.');
    jest.advanceTimersByTime(20_000);
    await expect(result).rejects.toThrow('Loading it took longer than 20 seconds.');
  });

  it('passes the value or the error of a promise that settles in time', async () => {
    await expect(withTimeout(Promise.resolve('ok'), 1000, 'late')).resolves.toBe('ok');
    await expect(withTimeout(Promise.reject(new Error('broken')), 1000, 'late')).rejects.toThrow('broken');
  });
});

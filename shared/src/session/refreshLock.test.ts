import { fakeRefreshLocks } from '../testing/fakeRefreshLocks';
import { REFRESH_LOCK_NAME, withRefreshLock } from './refreshLock';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

test('tasks under the refresh lock run one at a time, in the order asked', async () => {
  const locks = fakeRefreshLocks();
  const events: string[] = [];
  const task = (label: string) => async () => {
    events.push(`${label} starts`);
    await tick();
    events.push(`${label} ends`);
    return label;
  };
  const answers = await Promise.all([withRefreshLock(locks, task('a')), withRefreshLock(locks, task('b'))]);
  expect(answers).toEqual(['a', 'b']);
  expect(events).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  expect(locks.names).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
});

test('a failed task releases the lock for the next', async () => {
  const locks = fakeRefreshLocks();
  const failed = withRefreshLock(locks, () => Promise.reject(new Error('refused')));
  await expect(failed).rejects.toThrow('refused');
  await expect(withRefreshLock(locks, () => Promise.resolve('next'))).resolves.toBe('next');
});

test('without Web Locks the task runs at once', async () => {
  await expect(withRefreshLock(null, () => Promise.resolve('ran'))).resolves.toBe('ran');
});

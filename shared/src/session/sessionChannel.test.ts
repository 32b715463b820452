import { makeUser } from '../testing/factories';
import { openSessionChannel, readAnnouncement, type SessionAnnouncement } from './sessionChannel';

test('what another tab announces is read only in the known shapes', () => {
  const user = makeUser();
  expect(readAnnouncement({ kind: 'signed-out' })).toEqual({ kind: 'signed-out' });
  expect(readAnnouncement({ kind: 'signed-in', token: 't', user })).toEqual({
    kind: 'signed-in',
    token: 't',
    user,
  });
  for (const stray of [
    null,
    'signed-out',
    { kind: 'signed-in', token: '', user },
    { kind: 'signed-in', token: 't' },
    { kind: 'signed-in', token: 't', user: { Name: 'No id' } },
    { kind: 'refreshed', token: 't', user },
  ]) {
    expect(readAnnouncement(stray)).toBeNull();
  }
});

test('an announcement reaches every other channel of the same name, not the sender', async () => {
  const name = `session-channel-test-${Date.now()}`;
  const [first, second, third] = [
    openSessionChannel(name),
    openSessionChannel(name),
    openSessionChannel(name),
  ];
  if (!first || !second || !third) throw new Error('BroadcastChannel is missing in the test environment');
  const heardBySecond: SessionAnnouncement[] = [];
  const heardByThird: SessionAnnouncement[] = [];
  const heardByFirst: SessionAnnouncement[] = [];
  first.listen((announcement) => heardByFirst.push(announcement));
  second.listen((announcement) => heardBySecond.push(announcement));
  const stopThird = third.listen((announcement) => heardByThird.push(announcement));
  stopThird();
  try {
    first.announce({ kind: 'signed-out' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heardBySecond).toEqual([{ kind: 'signed-out' }]);
    expect(heardByFirst).toEqual([]);
    expect(heardByThird).toEqual([]);
  } finally {
    first.close();
    second.close();
    third.close();
  }
});

import { groupAroundDateOfEvent, relationToDateOfEvent } from './groupAroundDateOfEvent';

const day = (date: string) => ({ date, precision: 'day' as const });
const month = (date: string) => ({ date, precision: 'month' as const });
const year = (date: string) => ({ date, precision: 'year' as const });

describe('relationToDateOfEvent', () => {
  it('compares a day with the Date of Event', () => {
    expect(relationToDateOfEvent(day('2023-04-02'), '2023-04-03')).toBe('before');
    expect(relationToDateOfEvent(day('2023-04-03'), '2023-04-03')).toBe('on');
    expect(relationToDateOfEvent(day('2023-04-04'), '2023-04-03')).toBe('after');
  });

  it('counts a month or a year that contains the Date of Event as on it', () => {
    expect(relationToDateOfEvent(month('2023-04-01'), '2023-04-03')).toBe('on');
    expect(relationToDateOfEvent(month('2023-03-01'), '2023-04-03')).toBe('before');
    expect(relationToDateOfEvent(month('2023-05-01'), '2023-04-03')).toBe('after');
    expect(relationToDateOfEvent(year('2023-01-01'), '2023-04-03')).toBe('on');
    expect(relationToDateOfEvent(year('2022-01-01'), '2023-04-03')).toBe('before');
    expect(relationToDateOfEvent(year('2024-01-01'), '2023-04-03')).toBe('after');
  });
});

describe('groupAroundDateOfEvent', () => {
  const events = [
    { id: 1, ...day('2022-11-20') },
    { id: 2, ...month('2023-04-01') },
    { id: 3, ...day('2023-04-02') },
    { id: 4, ...day('2023-04-03') },
    { id: 5, ...day('2023-06-15') },
  ];
  const ids = (list: readonly { id: number }[]) => list.map((event) => event.id);

  it('splits the events into before, on and after, keeping their order', () => {
    const groups = groupAroundDateOfEvent(events, '2023-04-03');
    expect(ids(groups.before)).toEqual([1, 3]);
    expect(ids(groups.on)).toEqual([2, 4]);
    expect(ids(groups.after)).toEqual([5]);
  });

  it('moves the events when the Date of Event moves', () => {
    const groups = groupAroundDateOfEvent(events, '2023-01-10');
    expect(ids(groups.before)).toEqual([1]);
    expect(ids(groups.on)).toEqual([]);
    expect(ids(groups.after)).toEqual([2, 3, 4, 5]);
  });

  it('puts every event before when there is no Date of Event', () => {
    const groups = groupAroundDateOfEvent(events, null);
    expect(ids(groups.before)).toEqual([1, 2, 3, 4, 5]);
    expect(groups.on).toEqual([]);
    expect(groups.after).toEqual([]);
  });
});

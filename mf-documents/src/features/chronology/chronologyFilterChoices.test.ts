import { hasFilterChoices, NO_FILTER_CHOICES, toChronologyFilter } from './chronologyFilterChoices';

describe('toChronologyFilter', () => {
  it('sends nothing when nothing is chosen', () => {
    expect(toChronologyFilter(NO_FILTER_CHOICES)).toEqual({});
    expect(hasFilterChoices(NO_FILTER_CHOICES)).toBe(false);
  });

  it('joins the kinds, turns a year into its first and last day, and trims the text', () => {
    const choices = { kinds: ['imaging' as const, 'test result' as const], year: 2023, text: '  MRI ' };
    expect(toChronologyFilter(choices)).toEqual({
      kind: 'imaging,test result',
      from: '2023-01-01',
      to: '2023-12-31',
      q: 'MRI',
    });
    expect(hasFilterChoices(choices)).toBe(true);
  });

  it('leaves out text that is only spaces', () => {
    expect(toChronologyFilter({ kinds: [], year: null, text: '   ' })).toEqual({});
    expect(hasFilterChoices({ kinds: [], year: null, text: '   ' })).toBe(false);
  });
});

import { countWords, formatCount } from './countWords';

describe('countWords', () => {
  it('counts runs separated by any whitespace, ignoring leading, trailing and repeated spaces', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t ')).toBe(0);
    expect(countWords('one')).toBe(1);
    expect(countWords('  Left knee,  MRI\n\nreport 12/03/2025\tattached ')).toBe(6);
  });

  it('groups digits the en-GB way for the word counter', () => {
    expect(formatCount(20_000)).toBe('20,000');
    expect(formatCount(7)).toBe('7');
  });
});

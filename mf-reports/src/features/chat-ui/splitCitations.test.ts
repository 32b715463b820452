import { splitCitations } from './splitCitations';

describe('splitCitations', () => {
  it('separates single and grouped citations from the text around them', () => {
    expect(splitCitations('Rest for 6 weeks [1]. Physiotherapy helps [2, 3]')).toEqual([
      { kind: 'text', text: 'Rest for 6 weeks ' },
      { kind: 'citation', sources: [1] },
      { kind: 'text', text: '. Physiotherapy helps ' },
      { kind: 'citation', sources: [2, 3] },
    ]);
  });

  it('leaves text without citations, and bracketed words, as text', () => {
    expect(splitCitations('See [figure] above')).toEqual([{ kind: 'text', text: 'See [figure] above' }]);
  });
});

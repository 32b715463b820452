import { splitCitations } from './splitCitations';

describe('splitCitations', () => {
  it('cuts the text at single and grouped source numbers', () => {
    expect(splitCitations('The MRI was normal [2]. Pain persisted [1, 3].')).toEqual([
      { kind: 'text', text: 'The MRI was normal ' },
      { kind: 'citation', sources: [2] },
      { kind: 'text', text: '. Pain persisted ' },
      { kind: 'citation', sources: [1, 3] },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves text without citations, and brackets that are not numbers, as text', () => {
    expect(splitCitations('No sources [see below].')).toEqual([
      { kind: 'text', text: 'No sources [see below].' },
    ]);
  });
});

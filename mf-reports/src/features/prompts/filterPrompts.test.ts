import { CLINICAL_NEGLIGENCE, makeGroupPrompts, PERSONAL_INJURY } from '../testing-support/promptHandlers';
import { compareTitles, filterPrompts, NO_PROMPT_FILTERS } from './filterPrompts';

const prompts = makeGroupPrompts();
const titles = (list: { LookupTitle: string }[]) => list.map((prompt) => prompt.LookupTitle);

describe('filterPrompts', () => {
  it('keeps every prompt with no search and no type', () => {
    expect(filterPrompts(prompts, NO_PROMPT_FILTERS)).toHaveLength(prompts.length);
  });

  it('finds the search in titles and in texts, whatever the case', () => {
    expect(titles(filterPrompts(prompts, { search: 'PROGNOSIS', typeId: null }))).toEqual(['Prognosis']);
    expect(titles(filterPrompts(prompts, { search: 'bolam', typeId: null }))).toEqual(['Breach of duty']);
    expect(titles(filterPrompts(prompts, { search: '  causation ', typeId: null }))).toEqual(['Causation']);
    expect(filterPrompts(prompts, { search: 'no such words', typeId: null })).toEqual([]);
  });

  it('keeps only the chosen type, and combines it with the search', () => {
    expect(titles(filterPrompts(prompts, { search: '', typeId: CLINICAL_NEGLIGENCE.ID_LookupType }))).toEqual(
      ['Breach of duty', 'Causation'],
    );
    expect(filterPrompts(prompts, { search: 'bolam', typeId: PERSONAL_INJURY.ID_LookupType })).toEqual([]);
  });
});

describe('compareTitles', () => {
  it('orders titles alphabetically regardless of case, and numbers by value', () => {
    const sorted = [...prompts].sort(compareTitles);
    expect(titles(sorted)).toEqual([
      'Appendix 10 documents reviewed',
      'Breach of duty',
      'Causation',
      'Examination findings',
      'History of the index event',
      'Present condition',
      'Prognosis',
    ]);
    const numbered = ['Section 10', 'section 2', 'Section 1'].map((LookupTitle) => ({
      ...prompts[0]!,
      LookupTitle,
    }));
    expect(titles(numbered.sort(compareTitles))).toEqual(['Section 1', 'section 2', 'Section 10']);
  });
});

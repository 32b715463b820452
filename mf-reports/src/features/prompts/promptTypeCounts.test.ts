import { CLINICAL_NEGLIGENCE, makeGroupPrompts, PERSONAL_INJURY } from '../testing-support/promptHandlers';
import { promptTypeCounts } from './promptTypeCounts';

describe('promptTypeCounts', () => {
  it('counts the prompts of each type and shows a type without prompts as 0', () => {
    const unused = { ID_LookupType: 30, LookupTypeText: 'Condition and Prognosis' };
    expect(promptTypeCounts([PERSONAL_INJURY, CLINICAL_NEGLIGENCE, unused], makeGroupPrompts())).toEqual([
      { ID_LookupType: 11, LookupTypeText: 'Personal Injury', promptCount: 5 },
      { ID_LookupType: 12, LookupTypeText: 'Clinical Negligence', promptCount: 2 },
      { ID_LookupType: 30, LookupTypeText: 'Condition and Prognosis', promptCount: 0 },
    ]);
  });
});

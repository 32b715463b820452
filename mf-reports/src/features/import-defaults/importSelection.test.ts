import { DEFAULT_PROMPTS, DEFAULT_TYPES } from '../testing-support/promptHandlers';
import {
  groupPromptsByType,
  importRequestOf,
  NOTHING_SELECTED,
  selectedItemCount,
  selectEverything,
  selectionSummary,
  setPromptSelected,
  setTypeSelected,
} from './importSelection';

const set = { types: DEFAULT_TYPES, prompts: DEFAULT_PROMPTS };

describe('import selection rules', () => {
  it('selecting a type selects all its prompts, and only its own', () => {
    const selection = setTypeSelected(NOTHING_SELECTED, set, 2, true);
    expect(importRequestOf(selection)).toEqual({ lookupTypeIds: [2], lookupIds: [4, 5] });
    expect(selectedItemCount(selection)).toBe(3);
  });

  it('unselecting a type removes its prompts and leaves the other type alone', () => {
    const both = setTypeSelected(setTypeSelected(NOTHING_SELECTED, set, 1, true), set, 2, true);
    const withoutFirst = setTypeSelected(both, set, 1, false);
    expect(importRequestOf(withoutFirst)).toEqual({ lookupTypeIds: [2], lookupIds: [4, 5] });
  });

  it('selects and unselects a prompt on its own, without its type', () => {
    const one = setPromptSelected(NOTHING_SELECTED, 2, true);
    expect(importRequestOf(one)).toEqual({ lookupTypeIds: [], lookupIds: [2] });
    expect(importRequestOf(setPromptSelected(one, 2, false))).toEqual({ lookupTypeIds: [], lookupIds: [] });
  });

  it('unselecting one prompt of a selected type keeps the type and the other prompts', () => {
    const typeChosen = setTypeSelected(NOTHING_SELECTED, set, 1, true);
    expect(importRequestOf(setPromptSelected(typeChosen, 2, false))).toEqual({
      lookupTypeIds: [1],
      lookupIds: [1, 3],
    });
  });

  it('Select All takes every type and prompt; Select None nothing', () => {
    const all = selectEverything(set);
    expect(importRequestOf(all)).toEqual({ lookupTypeIds: [1, 2], lookupIds: [1, 2, 3, 4, 5] });
    expect(selectedItemCount(all)).toBe(7);
    expect(selectedItemCount(NOTHING_SELECTED)).toBe(0);
  });

  it('does not change the selection it was given', () => {
    const before = setPromptSelected(NOTHING_SELECTED, 1, true);
    setTypeSelected(before, set, 2, true);
    expect(importRequestOf(before)).toEqual({ lookupTypeIds: [], lookupIds: [1] });
    expect(NOTHING_SELECTED.promptIds.size).toBe(0);
  });
});

describe('selectionSummary', () => {
  it('counts types and prompts in words', () => {
    expect(selectionSummary(NOTHING_SELECTED)).toBe('0 types and 0 prompts selected');
    expect(selectionSummary(setTypeSelected(NOTHING_SELECTED, set, 2, true))).toBe(
      '1 type and 2 prompts selected',
    );
    expect(selectionSummary(setPromptSelected(NOTHING_SELECTED, 3, true))).toBe(
      '0 types and 1 prompt selected',
    );
  });
});

describe('groupPromptsByType', () => {
  it('groups the prompts under their types, in the order of the types', () => {
    expect(
      groupPromptsByType(set).map((group) => [
        group.typeName,
        group.prompts.map((prompt) => prompt.ID_Lookup),
      ]),
    ).toEqual([
      ['Personal Injury', [1, 2, 3]],
      ['Clinical Negligence', [4, 5]],
    ]);
  });

  it('still offers a prompt whose type is not listed, and leaves out a type without prompts', () => {
    const odd = {
      types: [...DEFAULT_TYPES, { ID_LookupType: 3, LookupTypeText: 'Empty', description: 'None' }],
      prompts: [{ ID_Lookup: 9, LookupType: 7, LookupTitle: 'Stray', LookupText: 'Text' }],
    };
    expect(groupPromptsByType(odd)).toEqual([{ typeId: 7, typeName: 'Report type 7', prompts: odd.prompts }]);
  });
});

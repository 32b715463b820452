import { makePrompt } from '../testing-support/promptHandlers';
import { promptFormValues, promptSaveRequest, validatePromptForm } from './promptForm';

describe('validatePromptForm', () => {
  it('requires a title, a type and the prompt content, with the spec messages', () => {
    expect(validatePromptForm({ title: '', typeId: null, text: '' })).toEqual({
      title: 'Title is required',
      typeId: 'Type is required',
      text: 'Prompt Content is required',
    });
  });

  it('treats white space alone as missing', () => {
    expect(validatePromptForm({ title: '   ', typeId: 11, text: '\n\t' })).toEqual({
      title: 'Title is required',
      text: 'Prompt Content is required',
    });
  });

  it('accepts a complete form', () => {
    expect(validatePromptForm({ title: 'Prognosis', typeId: 11, text: 'Give ranges.' })).toEqual({});
  });
});

describe('promptFormValues', () => {
  it('starts Add empty, with the filtered type when there is one', () => {
    expect(promptFormValues(null)).toEqual({ title: '', typeId: null, text: '' });
    expect(promptFormValues(null, 12)).toEqual({ title: '', typeId: 12, text: '' });
  });

  it('starts Edit from the prompt', () => {
    const prompt = makePrompt({ LookupTitle: 'Causation', LookupType: 12, LookupText: 'Would it differ?' });
    expect(promptFormValues(prompt, 11)).toEqual({
      title: 'Causation',
      typeId: 12,
      text: 'Would it differ?',
    });
  });
});

describe('promptSaveRequest', () => {
  const saver = { userId: 3, groupId: 1 };

  it('saves a new prompt as the signed-in user in their group, trimmed', () => {
    expect(
      promptSaveRequest({ title: ' Prognosis ', typeId: 11, text: ' Give ranges.\n' }, saver, null),
    ).toEqual({
      LookupTitle: 'Prognosis',
      LookupText: 'Give ranges.',
      LookupType: 11,
      ID_User: 3,
      ID_Group: 1,
    });
  });

  it("keeps an edited prompt its owner's and in its own group, whoever edits it", () => {
    const othersPrompt = makePrompt({ ID_User: 4, ID_Group: 2 });
    expect(promptSaveRequest({ title: 'T', typeId: 11, text: 'X' }, saver, othersPrompt)).toMatchObject({
      ID_User: 4,
      ID_Group: 2,
    });
  });

  it('names the editor for a prompt whose owner is gone', () => {
    const orphan = makePrompt({ ID_User: null, ID_Group: 1 });
    expect(promptSaveRequest({ title: 'T', typeId: 11, text: 'X' }, saver, orphan)).toMatchObject({
      ID_User: 3,
      ID_Group: 1,
    });
  });
});

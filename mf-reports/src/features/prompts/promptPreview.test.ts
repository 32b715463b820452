import { IMPORT_PREVIEW_LENGTH, PROMPT_PREVIEW_LENGTH } from '@ewrt/contract/limits';
import { promptPreview } from './promptPreview';

describe('promptPreview', () => {
  it('keeps a text of at most the limit whole, without an ellipsis', () => {
    const exactly = 'a'.repeat(PROMPT_PREVIEW_LENGTH);
    expect(promptPreview(exactly, PROMPT_PREVIEW_LENGTH)).toBe(exactly);
    expect(promptPreview('Summarise the history.', PROMPT_PREVIEW_LENGTH)).toBe('Summarise the history.');
  });

  it('cuts a longer text at the limit and adds an ellipsis', () => {
    const text = 'b'.repeat(PROMPT_PREVIEW_LENGTH + 1);
    expect(promptPreview(text, PROMPT_PREVIEW_LENGTH)).toBe(`${'b'.repeat(PROMPT_PREVIEW_LENGTH)}…`);
    const longer = 'c'.repeat(IMPORT_PREVIEW_LENGTH + 40);
    expect(promptPreview(longer, IMPORT_PREVIEW_LENGTH)).toBe(`${'c'.repeat(IMPORT_PREVIEW_LENGTH)}…`);
  });

  it('shows a multi-line prompt on one line and counts the joined text', () => {
    expect(promptPreview('  Line one.\n\n  Line two.\t', PROMPT_PREVIEW_LENGTH)).toBe('Line one. Line two.');
    expect(promptPreview('Ten chars\nand more', 10)).toBe('Ten chars…');
  });
});

import { DEFAULT_EXPERT_DECLARATION, STRUCTURED_PREVIEW_LENGTH } from '@ewrt/contract/limits';
import {
  makeStructuredTemplateDetail,
  makeTemplateSection,
} from '../../testing-support/structuredTemplateHandlers';
import {
  cutToPreviewLength,
  detailToFormValues,
  formValuesToSaveRequest,
  newTemplateFormValues,
  savePreviewText,
} from './templateFormValues';

describe('templateFormValues', () => {
  it('loads a stored template with its sections in order and numbers them densely', () => {
    const detail = makeStructuredTemplateDetail({
      sections: [
        makeTemplateSection({ ID_Section: 2, section_title: '2. OPINION', order_in_sequence: 7 }),
        makeTemplateSection({ ID_Section: 1, section_title: '1. HISTORY', order_in_sequence: 3 }),
      ],
      template: { description: null },
    });
    const values = detailToFormValues(detail);
    expect(values.sections.map((section) => [section.ID_Section, section.order_in_sequence])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(values.description).toBe('');
  });

  it('sends the name trimmed, a blank description as null and the section order as shown', () => {
    const values = {
      ...newTemplateFormValues(),
      template_name: '  Clinical negligence  ',
      description: '   ',
    };
    const body = formValuesToSaveRequest(values);
    expect(body).toMatchObject({ template_name: 'Clinical negligence', description: null, is_active: true });
    expect(body.sections).toEqual([
      expect.objectContaining({ ID_Section: -1, order_in_sequence: 0, parent_section_id: null }),
    ]);
    expect(body.endpage.declaration_text).toBe(DEFAULT_EXPERT_DECLARATION);
  });

  it('cuts the save preview at 500 characters with an ellipsis', () => {
    expect(cutToPreviewLength('short')).toBe('short');
    const long = 'x'.repeat(STRUCTURED_PREVIEW_LENGTH + 40);
    const cut = cutToPreviewLength(long);
    expect(cut).toHaveLength(STRUCTURED_PREVIEW_LENGTH);
    expect(cut.endsWith('…')).toBe(true);
    const preview = savePreviewText(newTemplateFormValues());
    expect(preview.startsWith('1. BACKGROUND AND CIRCUMSTANCES\n\nEXPERT’S DECLARATION')).toBe(true);
    expect(preview).toHaveLength(STRUCTURED_PREVIEW_LENGTH);
  });
});

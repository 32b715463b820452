import { STRUCTURED_TEMPLATE_NAME_MAX_LENGTH } from '@ewrt/contract/limits';
import {
  makeStructuredTemplateDetail,
  makeTemplateSection,
} from '../testing-support/structuredTemplateHandlers';
import { copyName, templateCopyRequest } from './copyStructuredTemplate';

describe('templateCopyRequest', () => {
  it("names the copy '<name> (Copy)' and keeps its description and state", () => {
    const detail = makeStructuredTemplateDetail({
      template: {
        template_name: 'Clinical negligence',
        description: 'Breach and causation',
        is_active: false,
      },
    });

    const copy = templateCopyRequest(detail);

    expect(copy.template_name).toBe('Clinical negligence (Copy)');
    expect(copy.description).toBe('Breach and causation');
    expect(copy.is_active).toBe(false);
  });

  it('carries the frontpage and the endpage over unchanged', () => {
    const detail = makeStructuredTemplateDetail();

    const copy = templateCopyRequest(detail);

    expect(copy.frontpage).toEqual(detail.frontpage);
    expect(copy.endpage).toEqual(detail.endpage);
  });

  it('keeps the sections in order with each child still naming its parent', () => {
    // Listed out of order: the copy follows order_in_sequence, not the array.
    const detail = makeStructuredTemplateDetail({
      sections: [
        makeTemplateSection({
          ID_Section: 72,
          section_title: '2.1 Cervical spine',
          parent_section_id: 71,
          order_in_sequence: 5,
          content_type: 'clinical_assessment',
        }),
        makeTemplateSection({ ID_Section: 70, section_title: '1. BACKGROUND', order_in_sequence: 1 }),
        makeTemplateSection({
          ID_Section: 71,
          section_title: '2. EXAMINATION',
          order_in_sequence: 3,
          content_type: 'examination',
        }),
      ],
    });

    const { sections } = templateCopyRequest(detail);

    expect(sections.map((section) => section.section_title)).toEqual([
      '1. BACKGROUND',
      '2. EXAMINATION',
      '2.1 Cervical spine',
    ]);
    expect(sections.map((section) => section.order_in_sequence)).toEqual([0, 1, 2]);
    const child = sections[2]!;
    const parent = sections.find((section) => section.ID_Section === child.parent_section_id);
    expect(parent?.section_title).toBe('2. EXAMINATION');
    expect(child.content_type).toBe('clinical_assessment');
    expect(sections[0]!.parent_section_id).toBeNull();
  });
});

describe('copyName', () => {
  it('shortens a name at the limit so that the suffix still fits', () => {
    const longest = 'A'.repeat(STRUCTURED_TEMPLATE_NAME_MAX_LENGTH);

    const name = copyName(longest);

    expect(name).toHaveLength(STRUCTURED_TEMPLATE_NAME_MAX_LENGTH);
    expect(name.endsWith('A (Copy)')).toBe(true);
  });
});

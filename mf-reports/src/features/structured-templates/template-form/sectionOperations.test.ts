import type { TemplateSection } from '@ewrt/contract';
import { DEFAULT_FIRST_SECTION_TITLE } from '@ewrt/contract/limits';
import {
  addSection,
  canDeleteSection,
  canMoveSection,
  DEFAULT_SECTION_DESCRIPTION,
  deleteSection,
  duplicateSection,
  editSection,
  initialSections,
  moveSection,
  nextClientSectionId,
  parentCandidates,
  renumberSections,
} from './sectionOperations';

function section(id: number, title: string, parent: number | null = null): TemplateSection {
  return {
    ID_Section: id,
    section_title: title,
    section_description: `About ${title}`,
    content_type: 'narrative',
    parent_section_id: parent,
    order_in_sequence: 0,
  };
}

const titles = (sections: readonly TemplateSection[]) => sections.map((item) => item.section_title);
const orders = (sections: readonly TemplateSection[]) => sections.map((item) => item.order_in_sequence);

/** Background, Examination with a sub-section, Opinion. */
const report = () => [
  section(11, '1. BACKGROUND'),
  section(12, '2. EXAMINATION'),
  section(13, '2.1 Cervical spine', 12),
  section(14, '3. OPINION'),
];

describe('a new template', () => {
  it('starts with one narrative section titled 1. BACKGROUND AND CIRCUMSTANCES with a client id', () => {
    const [first, ...rest] = initialSections();
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      section_title: DEFAULT_FIRST_SECTION_TITLE,
      content_type: 'narrative',
      parent_section_id: null,
      order_in_sequence: 0,
    });
    expect(first!.section_description).not.toBe('');
    expect(first!.ID_Section).toBeLessThan(0);
  });
});

describe('addSection', () => {
  it('appends a top-level narrative section numbered after the highest number, with the default description', () => {
    const added = addSection(report());
    expect(added).toHaveLength(5);
    expect(added[4]).toEqual({
      ID_Section: -1,
      section_title: '4. NEW SECTION',
      section_description: DEFAULT_SECTION_DESCRIPTION,
      content_type: 'narrative',
      parent_section_id: null,
      order_in_sequence: 4,
    });
  });

  it('gives every new section a fresh negative id, never a stored one', () => {
    const twice = addSection(addSection(report()));
    expect(twice.slice(4).map((item) => item.ID_Section)).toEqual([-1, -2]);
    expect(nextClientSectionId(twice)).toBe(-3);
  });

  it('numbers a given section and keeps its description and content type', () => {
    const added = addSection([section(-1, DEFAULT_FIRST_SECTION_TITLE)], {
      title: 'SUMMARY OF CONCLUSIONS',
      description: 'A summary',
      content_type: 'opinion',
    });
    expect(added[1]).toMatchObject({
      section_title: '2. SUMMARY OF CONCLUSIONS',
      section_description: 'A summary',
      content_type: 'opinion',
      ID_Section: -2,
    });
  });

  it('starts at 1 when no title is numbered', () => {
    expect(addSection([section(5, 'Introduction')])[1]!.section_title).toBe('1. NEW SECTION');
  });
});

describe('editSection', () => {
  it('changes title, description, content type and parent of that section only', () => {
    const edited = editSection(report(), 14, {
      section_title: '3. OPINION AND PROGNOSIS',
      section_description: 'Causation and prognosis',
      content_type: 'opinion',
      parent_section_id: 12,
    });
    expect(edited[3]).toMatchObject({
      section_title: '3. OPINION AND PROGNOSIS',
      section_description: 'Causation and prognosis',
      content_type: 'opinion',
      parent_section_id: 12,
    });
    expect(edited.slice(0, 3)).toEqual(
      report()
        .slice(0, 3)
        .map((item, index) => ({ ...item, order_in_sequence: index })),
    );
  });

  it('refuses a parent that is the section itself or one of its own sub-sections', () => {
    expect(editSection(report(), 12, { parent_section_id: 12 })[1]!.parent_section_id).toBeNull();
    expect(editSection(report(), 12, { parent_section_id: 13 })[1]!.parent_section_id).toBeNull();
    expect(parentCandidates(report(), 12).map((item) => item.ID_Section)).toEqual([11, 14]);
  });

  it('makes a section top-level again when the parent is cleared', () => {
    expect(editSection(report(), 13, { parent_section_id: null })[2]!.parent_section_id).toBeNull();
  });
});

describe('deleteSection', () => {
  it('removes the section and renumbers order and leading title numbers', () => {
    const left = deleteSection(report(), 11);
    expect(titles(left)).toEqual(['1. EXAMINATION', '1.1 Cervical spine', '2. OPINION']);
    expect(orders(left)).toEqual([0, 1, 2]);
  });

  it('refuses to delete the last section', () => {
    const only = [section(-1, DEFAULT_FIRST_SECTION_TITLE)];
    expect(canDeleteSection(only)).toBe(false);
    expect(deleteSection(only, -1)).toEqual(only);
    expect(canDeleteSection(report())).toBe(true);
  });

  it("moves a deleted parent's sub-sections to the top level", () => {
    const left = deleteSection(report(), 12);
    expect(left.find((item) => item.ID_Section === 13)!.parent_section_id).toBeNull();
    expect(titles(left)).toEqual(['1. BACKGROUND', '2.1 Cervical spine', '2. OPINION']);
  });

  it('leaves titles without a leading number alone, and they take no number', () => {
    const sections = [
      section(1, 'INTRODUCTION'),
      section(2, '1. BACKGROUND'),
      section(3, '2. HISTORY'),
      section(4, '3. OPINION'),
    ];
    expect(titles(deleteSection(sections, 3))).toEqual(['INTRODUCTION', '1. BACKGROUND', '2. OPINION']);
  });
});

describe('moveSection', () => {
  it('swaps with the neighbour and renumbers the titles', () => {
    const moved = moveSection(report(), 14, 'up');
    expect(titles(moved)).toEqual(['1. BACKGROUND', '2. EXAMINATION', '3. OPINION', '2.1 Cervical spine']);
    const down = moveSection(report(), 11, 'down');
    expect(titles(down)).toEqual(['1. EXAMINATION', '2. BACKGROUND', '1.1 Cervical spine', '3. OPINION']);
    expect(orders(down)).toEqual([0, 1, 2, 3]);
  });

  it('renumbers a sub-section after its parent moves', () => {
    const sections = [section(1, '1. HISTORY'), section(2, '2. EXAMINATION'), section(3, '2.1 Neck', 2)];
    expect(titles(moveSection(sections, 2, 'up'))).toEqual(['1. EXAMINATION', '2. HISTORY', '1.1 Neck']);
  });

  it('refuses to move the first section up or the last down', () => {
    expect(canMoveSection(report(), 11, 'up')).toBe(false);
    expect(canMoveSection(report(), 14, 'down')).toBe(false);
    expect(canMoveSection(report(), 11, 'down')).toBe(true);
    expect(canMoveSection(report(), 14, 'up')).toBe(true);
    expect(titles(moveSection(report(), 11, 'up'))).toEqual(titles(report()));
    expect(titles(moveSection(report(), 14, 'down'))).toEqual(titles(report()));
  });
});

describe('duplicateSection', () => {
  it('inserts a copy titled "<title> (Copy)" right after it, with a new id and the same parent', () => {
    const copied = duplicateSection(report(), 13);
    expect(titles(copied)).toEqual([
      '1. BACKGROUND',
      '2. EXAMINATION',
      '2.1 Cervical spine',
      '2.1 Cervical spine (Copy)',
      '3. OPINION',
    ]);
    expect(copied[3]).toMatchObject({
      ID_Section: -1,
      parent_section_id: 12,
      section_description: 'About 2.1 Cervical spine',
      order_in_sequence: 3,
    });
    expect(orders(copied)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('renumberSections', () => {
  it('makes numbered top-level titles 1, 2, 3 in order and keeps the rest of each title', () => {
    const sections = [section(1, '4. OPINION'), section(2, '7.  HISTORY'), section(3, 'Appendix')];
    expect(titles(renumberSections(sections))).toEqual(['1. OPINION', '2.  HISTORY', 'Appendix']);
  });
});

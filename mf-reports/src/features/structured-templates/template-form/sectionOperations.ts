// The section rules of a structured template (TPL-09), as pure functions over
// the form's list of sections. Every function returns a new list whose order numbers are dense (0, 1, 2…).
import type { SectionContentType, TemplateSection } from '@ewrt/contract';
import { DEFAULT_FIRST_SECTION_TITLE } from '@ewrt/contract/limits';

/** What a new section asks the drafting model to write until the user says more. */
export const DEFAULT_SECTION_DESCRIPTION = 'Describe what this section of the report should contain.';
export const DEFAULT_FIRST_SECTION_DESCRIPTION =
  'The background to the claim and the circumstances of the index event, as given in the records and by the ' +
  'claimant.';
export const NEW_SECTION_TITLE = 'NEW SECTION';
export const COPY_SUFFIX = ' (Copy)';

/** A top-level title's leading number: '3. OPINION' → '3'. Not '2.1 …', which is a sub-section's number. */
const TOP_LEVEL_NUMBER = /^(\d+)\.(?!\d)/;
/** A sub-section's leading number: '2.1 Cervical spine' or '2.1. Cervical spine' → '2.1'. */
const SUB_SECTION_NUMBER = /^\d+\.\d+(?!\d)/;

/** The parts of a section a suggestion or the add button supplies. */
export interface NewSection {
  /** The title without its number; the next number is put in front. */
  title: string;
  description: string;
  content_type: SectionContentType;
}

/** The editable parts of a section. */
export type SectionChanges = Partial<
  Pick<TemplateSection, 'section_title' | 'section_description' | 'content_type' | 'parent_section_id'>
>;

const withDenseOrder = (sections: readonly TemplateSection[]): TemplateSection[] =>
  sections.map((section, index) =>
    section.order_in_sequence === index ? section : { ...section, order_in_sequence: index },
  );

/**
 * An id for a section not stored yet. Client ids are negative, so they never collide with stored ids; the save
 * call uses them only to name parents within its own body.
 */
export function nextClientSectionId(sections: readonly TemplateSection[]): number {
  return Math.min(0, ...sections.map((section) => section.ID_Section)) - 1;
}

/** A new template's one section: '1. BACKGROUND AND CIRCUMSTANCES', narrative. */
export function initialSections(): TemplateSection[] {
  return [
    {
      ID_Section: -1,
      section_title: DEFAULT_FIRST_SECTION_TITLE,
      section_description: DEFAULT_FIRST_SECTION_DESCRIPTION,
      content_type: 'narrative',
      parent_section_id: null,
      order_in_sequence: 0,
    },
  ];
}

/** The number the next top-level section takes: one more than the highest leading number in use. */
export function nextSectionNumber(sections: readonly TemplateSection[]): number {
  const numbers = sections
    .filter((section) => section.parent_section_id === null)
    .map((section) => TOP_LEVEL_NUMBER.exec(section.section_title.trim())?.[1])
    .filter((number): number is string => number !== undefined)
    .map(Number);
  return Math.max(0, ...numbers) + 1;
}

/** Appends a numbered top-level section ('4. NEW SECTION', narrative, the default description unless given). */
export function addSection(
  sections: readonly TemplateSection[],
  newSection: NewSection = {
    title: NEW_SECTION_TITLE,
    description: DEFAULT_SECTION_DESCRIPTION,
    content_type: 'narrative',
  },
): TemplateSection[] {
  return withDenseOrder([
    ...sections,
    {
      ID_Section: nextClientSectionId(sections),
      section_title: `${nextSectionNumber(sections)}. ${newSection.title}`,
      section_description: newSection.description,
      content_type: newSection.content_type,
      parent_section_id: null,
      order_in_sequence: sections.length,
    },
  ]);
}

/** The sections under `id`, at any depth. */
function descendantIds(sections: readonly TemplateSection[], id: number): Set<number> {
  const found = new Set<number>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const section of sections) {
      const parent = section.parent_section_id;
      if (parent !== null && (parent === id || found.has(parent)) && !found.has(section.ID_Section)) {
        found.add(section.ID_Section);
        grew = true;
      }
    }
  }
  return found;
}

/** The sections `id` may be placed under: any but itself and its own sub-sections (which would make a loop). */
export function parentCandidates(sections: readonly TemplateSection[], id: number): TemplateSection[] {
  const below = descendantIds(sections, id);
  return sections.filter((section) => section.ID_Section !== id && !below.has(section.ID_Section));
}

/** Changes one section's title, description, content type or parent. A parent that would make a loop is refused. */
export function editSection(
  sections: readonly TemplateSection[],
  id: number,
  changes: SectionChanges,
): TemplateSection[] {
  const parent = changes.parent_section_id;
  if (
    parent !== undefined &&
    parent !== null &&
    !parentCandidates(sections, id).some((section) => section.ID_Section === parent)
  ) {
    return withDenseOrder(sections);
  }
  return withDenseOrder(
    sections.map((section) => (section.ID_Section === id ? { ...section, ...changes } : section)),
  );
}

/**
 * Rewrites the leading numbers of titles to match the order: numbered top-level sections become 1, 2, 3… in
 * turn, and a numbered sub-section becomes '<its parent's number>.<its place among its numbered siblings>'. A
 * title without a leading number keeps its title and takes no number.
 */
export function renumberSections(sections: readonly TemplateSection[]): TemplateSection[] {
  const numberOf = new Map<number, string>();
  const childrenNumbered = new Map<number, number>();
  let topLevel = 0;
  const renumbered = sections.map((section) => {
    const title = section.section_title;
    const parent = section.parent_section_id;
    if (parent === null) {
      if (!TOP_LEVEL_NUMBER.test(title)) return section;
      topLevel += 1;
      numberOf.set(section.ID_Section, String(topLevel));
      return { ...section, section_title: title.replace(TOP_LEVEL_NUMBER, `${topLevel}.`) };
    }
    const parentNumber = numberOf.get(parent);
    if (parentNumber === undefined || !SUB_SECTION_NUMBER.test(title)) return section;
    const place = (childrenNumbered.get(parent) ?? 0) + 1;
    childrenNumbered.set(parent, place);
    const number = `${parentNumber}.${place}`;
    numberOf.set(section.ID_Section, number);
    return { ...section, section_title: title.replace(SUB_SECTION_NUMBER, number) };
  });
  return withDenseOrder(renumbered);
}

/** Whether `id` may be deleted: a template keeps at least one section. */
export const canDeleteSection = (sections: readonly TemplateSection[]) => sections.length > 1;

/**
 * Deletes a section (refused when it is the last one); its sub-sections move to the top level. The rest are
 * renumbered.
 */
export function deleteSection(sections: readonly TemplateSection[], id: number): TemplateSection[] {
  if (!canDeleteSection(sections) || !sections.some((section) => section.ID_Section === id)) {
    return withDenseOrder(sections);
  }
  return renumberSections(
    sections
      .filter((section) => section.ID_Section !== id)
      .map((section) =>
        section.parent_section_id === id ? { ...section, parent_section_id: null } : section,
      ),
  );
}

export type MoveDirection = 'up' | 'down';

/** Whether a section may move: the first cannot move up, the last cannot move down. */
export function canMoveSection(
  sections: readonly TemplateSection[],
  id: number,
  direction: MoveDirection,
): boolean {
  const index = sections.findIndex((section) => section.ID_Section === id);
  if (index < 0) return false;
  return direction === 'up' ? index > 0 : index < sections.length - 1;
}

/** Swaps a section with its neighbour above or below, then renumbers. A move past either end is refused. */
export function moveSection(
  sections: readonly TemplateSection[],
  id: number,
  direction: MoveDirection,
): TemplateSection[] {
  if (!canMoveSection(sections, id, direction)) return withDenseOrder(sections);
  const index = sections.findIndex((section) => section.ID_Section === id);
  const target = direction === 'up' ? index - 1 : index + 1;
  const moved = [...sections];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return renumberSections(moved);
}

/**
 * Inserts a copy of a section right after it, titled '<title> (Copy)', under the same parent. Its sub-sections
 * are not copied. Titles are not renumbered: only a delete or a move does that.
 */
export function duplicateSection(sections: readonly TemplateSection[], id: number): TemplateSection[] {
  const index = sections.findIndex((section) => section.ID_Section === id);
  if (index < 0) return withDenseOrder(sections);
  const original = sections[index]!;
  const copy: TemplateSection = {
    ...original,
    ID_Section: nextClientSectionId(sections),
    section_title: `${original.section_title}${COPY_SUFFIX}`,
  };
  return withDenseOrder([...sections.slice(0, index + 1), copy, ...sections.slice(index + 1)]);
}

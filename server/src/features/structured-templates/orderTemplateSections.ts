/** What ordering needs of a section as a create or update body gives it. */
export interface SectionToOrder {
  /** How other sections of the same body name this one as their parent; absent when none needs to. */
  ID_Section?: number | undefined;
  section_title: string;
  parent_section_id?: number | null | undefined;
  order_in_sequence: number;
}

export interface OrderedSection<T extends SectionToOrder> {
  section: T;
  /** Its place in the template, 1 to n with no gaps. */
  position: number;
  /** The position of its parent section, which always comes before it; null at the top level. */
  parentPosition: number | null;
}

export type SectionOrdering<T extends SectionToOrder> =
  { ok: true; sections: OrderedSection<T>[] } | { ok: false; problem: string };

const named = (section: SectionToOrder) => `"${section.section_title.trim()}"`;

/**
 * Puts a body's sections in the order of `order_in_sequence` (ties keep the body's order), numbers them 1 to n, and
 * resolves each `parent_section_id` to the parent's position. Refused, with what is wrong: no sections, two sections
 * with the same `ID_Section`, a parent that is not in the body, parent links that loop, and a parent placed after
 * its child (a report cannot number a subsection before its section).
 */
export function orderTemplateSections<T extends SectionToOrder>(sections: readonly T[]): SectionOrdering<T> {
  if (sections.length === 0) return { ok: false, problem: 'A template needs at least one section' };
  const ordered = sections
    .map((section, bodyIndex) => ({ section, bodyIndex }))
    .sort((a, b) => a.section.order_in_sequence - b.section.order_in_sequence || a.bodyIndex - b.bodyIndex)
    .map(({ section }) => section);

  const indexById = new Map<number, number>();
  for (const [index, section] of ordered.entries()) {
    if (section.ID_Section === undefined) continue;
    const earlier = indexById.get(section.ID_Section);
    if (earlier !== undefined) {
      return {
        ok: false,
        problem: `Sections ${named(ordered[earlier]!)} and ${named(section)} have the same section id (${section.ID_Section})`,
      };
    }
    indexById.set(section.ID_Section, index);
  }

  const parentIndexes: (number | null)[] = [];
  for (const section of ordered) {
    const parentId = section.parent_section_id ?? null;
    if (parentId === null) {
      parentIndexes.push(null);
      continue;
    }
    const parentIndex = indexById.get(parentId);
    if (parentIndex === undefined) {
      return {
        ok: false,
        problem: `The parent section of ${named(section)} is not a section of this template`,
      };
    }
    parentIndexes.push(parentIndex);
  }

  for (const [index, section] of ordered.entries()) {
    // Every section has at most one parent, so following the links either reaches the top or goes round a loop.
    const seen = new Set<number>();
    for (let at = parentIndexes[index]!; at !== null; at = parentIndexes[at]!) {
      if (at === index) {
        return { ok: false, problem: `Section ${named(section)} cannot be its own parent or ancestor` };
      }
      if (seen.has(at)) break;
      seen.add(at);
    }
  }

  for (const [index, section] of ordered.entries()) {
    const parentIndex = parentIndexes[index]!;
    if (parentIndex !== null && parentIndex > index) {
      return {
        ok: false,
        problem: `Section ${named(section)} comes before its parent section ${named(ordered[parentIndex]!)}: a parent section must come first`,
      };
    }
  }

  return {
    ok: true,
    sections: ordered.map((section, index) => {
      const parentIndex = parentIndexes[index]!;
      return { section, position: index + 1, parentPosition: parentIndex === null ? null : parentIndex + 1 };
    }),
  };
}

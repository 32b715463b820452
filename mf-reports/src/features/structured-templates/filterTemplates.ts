import type { StructuredTemplateListItem } from '@ewrt/contract';

/**
 * The templates whose name or description contains the search text, ignoring case and surrounding spaces; all of
 * them when the search is blank. The list's order is kept.
 */
export function filterTemplates(
  templates: readonly StructuredTemplateListItem[],
  search: string,
): StructuredTemplateListItem[] {
  const needle = search.trim().toLocaleLowerCase('en-GB');
  if (needle === '') return [...templates];
  return templates.filter(
    ({ template_name, description }) =>
      template_name.toLocaleLowerCase('en-GB').includes(needle) ||
      (description ?? '').toLocaleLowerCase('en-GB').includes(needle),
  );
}

/** The count under the search box, e.g. 'Showing 2 of 5 templates'. */
export function shownOfTotal(shown: number, total: number): string {
  return `Showing ${shown} of ${total} templates`;
}

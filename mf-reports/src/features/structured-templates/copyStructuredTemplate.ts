import type { StructuredTemplateDetail, StructuredTemplateSaveRequest } from '@ewrt/contract';
import { STRUCTURED_TEMPLATE_NAME_MAX_LENGTH } from '@ewrt/contract/limits';
import { createStructuredTemplate, getStructuredTemplate } from '../api/structuredTemplatesApi';

const COPY_SUFFIX = ' (Copy)';

/** '<name> (Copy)', shortening a long name so that the copy's name stays within the limit. */
export function copyName(name: string): string {
  const room = STRUCTURED_TEMPLATE_NAME_MAX_LENGTH - COPY_SUFFIX.length;
  return `${name.trim().slice(0, room).trimEnd()}${COPY_SUFFIX}`;
}

/**
 * The create body of a copy of a template: the same frontpage, sections and endpage. Each section keeps its
 * `ID_Section` so that its children's `parent_section_id` still names it; the server gives the copy new ids and
 * keeps the links.
 */
export function templateCopyRequest(detail: StructuredTemplateDetail): StructuredTemplateSaveRequest {
  const sections = [...detail.sections].sort((a, b) => a.order_in_sequence - b.order_in_sequence);
  return {
    template_name: copyName(detail.template.template_name),
    description: detail.template.description,
    is_active: detail.template.is_active,
    frontpage: { ...detail.frontpage },
    sections: sections.map((section, index) => ({
      ID_Section: section.ID_Section,
      section_title: section.section_title,
      section_description: section.section_description,
      content_type: section.content_type,
      parent_section_id: section.parent_section_id,
      order_in_sequence: index,
    })),
    endpage: { ...detail.endpage },
  };
}

/** Duplicates a template (TPL-10: a copy is made by loading the template and creating a new one). */
export async function copyStructuredTemplate(id: number): Promise<number> {
  const detail = await getStructuredTemplate(id);
  const saved = await createStructuredTemplate(templateCopyRequest(detail));
  return saved.template_id;
}

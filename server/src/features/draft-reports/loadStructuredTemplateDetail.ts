import type { StructuredTemplateDetail } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { createStructuredTemplateRepository } from '../structured-templates/structuredTemplateRepository.js';

/**
 * A structured template as the Word document lays it out (front page, sections in order, declaration), or null when
 * it was deleted since the job was asked for. Who may read it was checked when the job was asked for; the document
 * changes nothing, so `can_edit` is false.
 */
export async function loadStructuredTemplateDetail(
  db: Queryable,
  templateId: number,
): Promise<StructuredTemplateDetail | null> {
  const templates = createStructuredTemplateRepository(db);
  const template = await templates.find(templateId);
  if (!template) return null;
  return {
    template: {
      ID_Template: template.id,
      template_name: template.templateName,
      description: template.description,
      is_active: template.isActive,
      created_at: template.createdAt,
      updated_at: template.updatedAt,
      owner_name: template.ownerName,
      can_edit: false,
    },
    frontpage: template.frontpage,
    sections: await templates.sections(template.id),
    endpage: template.endpage,
  };
}

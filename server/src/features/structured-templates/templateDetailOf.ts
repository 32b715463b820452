import type { StructuredTemplateDetail } from '@ewrt/contract';
import type { StoredTemplate, createStructuredTemplateRepository } from './structuredTemplateRepository.js';

/** A stored template with its sections as the detail call (and a draft report's Word document) shows it. */
export async function templateDetailOf(
  templates: ReturnType<typeof createStructuredTemplateRepository>,
  template: StoredTemplate,
  canEdit: boolean,
): Promise<StructuredTemplateDetail> {
  return {
    template: {
      ID_Template: template.id,
      template_name: template.templateName,
      description: template.description,
      is_active: template.isActive,
      created_at: template.createdAt,
      updated_at: template.updatedAt,
      owner_name: template.ownerName,
      can_edit: canEdit,
    },
    frontpage: template.frontpage,
    sections: await templates.sections(template.id),
    endpage: template.endpage,
  };
}

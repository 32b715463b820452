import type { StructuredTemplateDetail } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { createStructuredTemplateRepository } from './structuredTemplateRepository.js';
import { templateDetailOf } from './templateDetailOf.js';

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
  return templateDetailOf(templates, template, false);
}

import { templateDetailOf } from './templateDetailOf.js';
import type {
  CacheInvalidatedResponse,
  MessageResponse,
  StructuredTemplateDetail,
  StructuredTemplateListResponse,
  StructuredTemplatePreviewResponse,
  StructuredTemplateSavedResponse,
  StructuredTemplateSaveRequest,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { badRequest, forbidden, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import {
  type AuthoringUse,
  checkAuthoringAccess,
  mayChangeAuthoring,
} from '../authoring/checkAuthoringAccess.js';
import { buildTemplatePreview } from './buildTemplatePreview.js';
import { orderTemplateSections } from './orderTemplateSections.js';
import {
  createStructuredTemplateRepository,
  type SectionToStore,
  type StoredTemplate,
  type TemplateFields,
} from './structuredTemplateRepository.js';
import { STRUCTURED_TEMPLATE_MESSAGES as MESSAGES } from './structuredTemplateMessages.js';

export interface StructuredTemplateServiceDeps {
  db: Database;
  clock: Clock;
}

export type StructuredTemplateService = ReturnType<typeof createStructuredTemplateService>;

/** Only the creator changes or deletes a template. */
const canEdit = (user: AuthenticatedUser, template: StoredTemplate) => template.userId === user.id;

/**
 * A template is its creator's own; the group it was made in may open, preview and (by reading and creating) copy it.
 * An administrator may open any group's template, to help, but changes only their own like everybody else.
 */
function canRead(user: AuthenticatedUser, template: StoredTemplate): boolean {
  return (
    canEdit(user, template) ||
    user.isAdministrator ||
    (user.groupId !== null && template.groupId === user.groupId)
  );
}

function fieldsOf(body: StructuredTemplateSaveRequest, isActiveByDefault: boolean): TemplateFields {
  // The contract refuses a blank name ('Template name is required'); stored names carry no stray spaces.
  const templateName = body.template_name.trim();
  const description = body.description?.trim() ? body.description.trim() : null;
  return {
    templateName,
    description,
    isActive: body.is_active ?? isActiveByDefault,
    frontpage: body.frontpage,
    endpage: body.endpage,
  };
}

/** The body's sections in stored order; `keepStoredIds` lets an update keep the ids of the sections it names. */
function sectionsOf(body: StructuredTemplateSaveRequest, keepStoredIds: boolean): SectionToStore[] {
  const ordering = orderTemplateSections(body.sections);
  if (!ordering.ok) throw badRequest(ordering.problem);
  return ordering.sections.map(({ section, position, parentPosition }) => ({
    keepId: keepStoredIds ? (section.ID_Section ?? null) : null,
    title: section.section_title.trim(),
    description: section.section_description,
    contentType: section.content_type,
    position,
    parentPosition,
  }));
}

/**
 * The structured template calls (TPL-10). Every call needs the 'generative-ai' feature; a user outside any
 * group has no group's templates to see, unless they are an administrator. Another group's template answers 404,
 * as if it did not exist.
 */
export function createStructuredTemplateService(deps: StructuredTemplateServiceDeps) {
  const { db, clock } = deps;
  const templates = createStructuredTemplateRepository(db);

  function ensureMayUse(user: AuthenticatedUser, use: AuthoringUse = 'read'): void {
    checkAuthoringAccess(user, use);
    if (user.groupId === null && !user.isAdministrator) throw forbidden(MESSAGES.noGroup);
  }

  async function readable(user: AuthenticatedUser, templateId: number, audit: RequestAudit) {
    audit.describe({ details: { templateId } });
    ensureMayUse(user);
    const template = await templates.find(templateId);
    if (!template || !canRead(user, template)) throw notFound(MESSAGES.notFound);
    return template;
  }

  async function editable(user: AuthenticatedUser, templateId: number, audit: RequestAudit) {
    const template = await readable(user, templateId, audit);
    ensureMayUse(user, 'change');
    if (!canEdit(user, template)) throw forbidden(MESSAGES.ownerOnly);
    return template;
  }

  return {
    async list(user: AuthenticatedUser): Promise<StructuredTemplateListResponse> {
      ensureMayUse(user);
      const visible = await templates.listVisible(user.id, user.groupId);
      return {
        templates: visible.map((template) => ({
          ID_Template: template.id,
          template_name: template.templateName,
          description: template.description,
          is_active: template.isActive,
          created_at: template.createdAt,
          section_count: template.sectionCount,
          owner_name: template.ownerName,
          can_edit: mayChangeAuthoring(user) && canEdit(user, template),
        })),
      };
    },

    async get(
      user: AuthenticatedUser,
      templateId: number,
      audit: RequestAudit,
    ): Promise<StructuredTemplateDetail> {
      const template = await readable(user, templateId, audit);
      return templateDetailOf(templates, template, mayChangeAuthoring(user) && canEdit(user, template));
    },

    async preview(
      user: AuthenticatedUser,
      templateId: number,
      audit: RequestAudit,
    ): Promise<StructuredTemplatePreviewResponse> {
      const template = await readable(user, templateId, audit);
      return {
        preview: buildTemplatePreview({
          template_name: template.templateName,
          description: template.description,
          frontpage: template.frontpage,
          sections: await templates.sections(template.id),
          endpage: template.endpage,
        }),
      };
    },

    async create(
      user: AuthenticatedUser,
      body: StructuredTemplateSaveRequest,
      audit: RequestAudit,
    ): Promise<StructuredTemplateSavedResponse> {
      ensureMayUse(user, 'change');
      const fields = fieldsOf(body, true);
      // A new template's sections are all new, whatever numbers the body gave them (a copy names the original's).
      const sections = sectionsOf(body, false);
      const templateId = await db.transaction(async (tx) => {
        const repository = createStructuredTemplateRepository(tx);
        const id = await repository.insert({ userId: user.id, groupId: user.groupId }, fields, clock());
        await repository.replaceSections(id, sections);
        audit.describe({ details: { templateId: id, sectionCount: sections.length } });
        await audit.recordWithin(tx);
        return id;
      });
      return { success: true, message: MESSAGES.created, template_id: templateId };
    },

    async update(
      user: AuthenticatedUser,
      templateId: number,
      body: StructuredTemplateSaveRequest,
      audit: RequestAudit,
    ): Promise<StructuredTemplateSavedResponse> {
      const existing = await editable(user, templateId, audit);
      const fields = fieldsOf(body, existing.isActive);
      const sections = sectionsOf(body, true);
      await db.transaction(async (tx) => {
        const repository = createStructuredTemplateRepository(tx);
        if (!(await repository.lock(templateId))) throw notFound(MESSAGES.notFound);
        await repository.update(templateId, fields, clock());
        await repository.replaceSections(templateId, sections);
        audit.describe({ details: { sectionCount: sections.length } });
        await audit.recordWithin(tx);
      });
      return { success: true, message: MESSAGES.updated, template_id: templateId };
    },

    async delete(user: AuthenticatedUser, templateId: number, audit: RequestAudit): Promise<MessageResponse> {
      await editable(user, templateId, audit);
      await db.transaction(async (tx) => {
        await createStructuredTemplateRepository(tx).delete(templateId);
        await audit.recordWithin(tx);
      });
      return { message: MESSAGES.deleted };
    },

    /** Templates are read from the database on every call, so there is nothing to drop; the call stays for clients. */
    invalidateCache(user: AuthenticatedUser): CacheInvalidatedResponse {
      ensureMayUse(user);
      return { success: true, message: MESSAGES.nothingCached };
    },
  };
}

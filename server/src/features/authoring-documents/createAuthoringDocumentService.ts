import type { Multipart, MultipartFile, MultipartValue } from '@fastify/multipart';
import {
  isStorableText,
  REPORT_TEMPLATE_DESCRIPTION_MAX_LENGTH,
  REPORT_TEMPLATE_NAME_MAX_LENGTH,
  type DownloadLinkResponse,
  type ExampleDocumentInfo,
  type MessageResponse,
  type ReportTemplateListResponse,
  type ReportTemplateSavedResponse,
  type ReportTemplateUpdateRequest,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { badRequest, forbidden, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import type { DownloadLinks } from '../../platform/files/createDownloadLinks.js';
import type { FileStore } from '../../platform/files/FileStore.js';
import { type AuthoringUse, checkAuthoringAccess } from '../authoring/checkAuthoringAccess.js';
import { AUTHORING_DOCUMENT_MESSAGES, type AuthoringDocumentKind } from './authoringDocumentMessages.js';
import {
  createAuthoringDocumentRepository,
  exampleDocumentInfoOf,
  reportTemplateAnswerOf,
  type StoredReportTemplate,
} from './authoringDocumentRepository.js';
import { readDocxUpload, type StagedDocx } from './readDocxUpload.js';

export interface AuthoringDocumentServiceDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  links: DownloadLinks;
  /** The largest Word document accepted (AUTHORING_DOCX_MAX_BYTES). */
  maxUploadBytes: number;
}

/** Trimmed text, or null when blank: blank means absent. */
const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** A template's name and description as stored, or a 400 saying what is wrong with them. */
function checkTemplateFields(name: string | null | undefined, description: string | null | undefined) {
  const templateName = blankToNull(name);
  if (templateName === null) throw badRequest(AUTHORING_DOCUMENT_MESSAGES.templateNameRequired);
  if (templateName.length > REPORT_TEMPLATE_NAME_MAX_LENGTH) {
    throw badRequest(AUTHORING_DOCUMENT_MESSAGES.templateNameTooLong);
  }
  const checkedDescription = blankToNull(description);
  if (checkedDescription !== null && checkedDescription.length > REPORT_TEMPLATE_DESCRIPTION_MAX_LENGTH) {
    throw badRequest(AUTHORING_DOCUMENT_MESSAGES.descriptionTooLong);
  }
  if (!isStorableText(templateName) || (checkedDescription !== null && !isStorableText(checkedDescription))) {
    throw badRequest(AUTHORING_DOCUMENT_MESSAGES.unstorableText);
  }
  return { templateName, description: checkedDescription };
}

/** A multipart text field's value; one cut short by the size limit is refused rather than stored truncated. */
function fieldValue(part: MultipartValue, tooLongMessage: string): string {
  if (part.valueTruncated) throw badRequest(tooLongMessage);
  return typeof part.value === 'string' ? part.value : '';
}

/**
 * The user's own Word documents for drafting (TPL-04, TPL-05, TPL-06): one style document, whose text is kept for drafting,
 * and any number of report templates. Strictly personal: the user in the path must be the caller (anyone else,
 * an administrator included, is refused with 403) and their level must include 'generative-ai'. Every change
 * commits with its audit row; a stored file is moved into the store last, inside that transaction, and a replaced
 * or deleted one is removed only once the change has committed.
 */
export function createAuthoringDocumentService(deps: AuthoringDocumentServiceDeps) {
  const { db, clock, files, links } = deps;
  const documents = createAuthoringDocumentRepository(db);

  /** The caller's own id, once they may use these documents at all. */
  function ownDocuments(user: AuthenticatedUser, userId: number, use: AuthoringUse = 'read'): number {
    checkAuthoringAccess(user, use);
    if (userId !== user.id) throw forbidden(AUTHORING_DOCUMENT_MESSAGES.notYourDocuments);
    return user.id;
  }

  function linkFor(
    userId: number,
    origin: string,
    storageKey: string,
    filename: string,
  ): DownloadLinkResponse {
    const token = links.sign({ storageKey, userId });
    return { download_url: `${origin}/api/files/${token}`, filename };
  }

  const readUpload = (part: MultipartFile, kind: AuthoringDocumentKind) =>
    readDocxUpload(files, part, { kind, maxBytes: deps.maxUploadBytes });

  async function templateOf(userId: number, templateId: number): Promise<StoredReportTemplate> {
    const template = await documents.findTemplate(userId, templateId);
    if (!template) throw notFound(AUTHORING_DOCUMENT_MESSAGES.templateNotFound);
    return template;
  }

  /**
   * Runs `save` (which must commit the staged file last, inside its transaction); if anything before the commit
   * fails, the staged file is dropped, so a refused or failed upload leaves nothing behind.
   */
  async function saveStaged<T>(upload: StagedDocx, save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      await upload.discard();
      throw error;
    }
  }

  return {
    async exampleDocumentInfo(
      user: AuthenticatedUser,
      userId: number,
      audit: RequestAudit,
    ): Promise<ExampleDocumentInfo> {
      const owner = ownDocuments(user, userId);
      const document = await documents.findExampleDocument(owner);
      audit.describe({ details: { has_document: document !== null } });
      return exampleDocumentInfoOf(document);
    },

    /**
     * multipart: `file`. Replaces the user's style document if they have one: the new file and row commit
     * together, then the old file is removed.
     */
    async uploadExampleDocument(
      user: AuthenticatedUser,
      userId: number,
      parts: AsyncIterable<Multipart>,
      audit: RequestAudit,
    ): Promise<MessageResponse> {
      const owner = ownDocuments(user, userId, 'change');
      let upload: StagedDocx | null = null;
      try {
        for await (const part of parts) {
          if (part.type === 'file' && upload === null) upload = await readUpload(part, 'example documents');
        }
      } catch (error) {
        await upload?.discard();
        throw error;
      }
      if (!upload) throw badRequest(AUTHORING_DOCUMENT_MESSAGES.noFile);
      const staged = upload;
      const replaced = await saveStaged(staged, () =>
        db.transaction(async (tx) => {
          const repository = createAuthoringDocumentRepository(tx);
          await repository.lockUser(owner);
          const previous = await repository.findExampleDocument(owner);
          await repository.saveExampleDocument({
            userId: owner,
            storageKey: staged.storageKey,
            filename: staged.filename,
            fileSize: staged.fileSize,
            text: staged.text,
            wordCount: staged.wordCount,
            at: clock(),
          });
          audit.describe({
            details: {
              filename: staged.filename,
              file_size: staged.fileSize,
              word_count: staged.wordCount,
              replaced: previous !== null,
            },
          });
          await audit.recordWithin(tx);
          await staged.commit();
          return previous;
        }),
      );
      if (replaced) await files.remove(replaced.storageKey);
      return {
        message: replaced
          ? AUTHORING_DOCUMENT_MESSAGES.exampleReplaced
          : AUTHORING_DOCUMENT_MESSAGES.exampleUploaded,
      };
    },

    async deleteExampleDocument(
      user: AuthenticatedUser,
      userId: number,
      audit: RequestAudit,
    ): Promise<MessageResponse> {
      const owner = ownDocuments(user, userId, 'change');
      const deleted = await db.transaction(async (tx) => {
        const document = await createAuthoringDocumentRepository(tx).deleteExampleDocument(owner);
        if (!document) throw notFound(AUTHORING_DOCUMENT_MESSAGES.noExampleDocument);
        audit.describe({ details: { filename: document.filename } });
        await audit.recordWithin(tx);
        return document;
      });
      await files.remove(deleted.storageKey);
      return { message: AUTHORING_DOCUMENT_MESSAGES.exampleDeleted };
    },

    async exampleDocumentDownload(
      user: AuthenticatedUser,
      userId: number,
      origin: string,
      audit: RequestAudit,
    ): Promise<DownloadLinkResponse> {
      const owner = ownDocuments(user, userId);
      const document = await documents.findExampleDocument(owner);
      if (!document) throw notFound(AUTHORING_DOCUMENT_MESSAGES.noExampleDocument);
      audit.describe({ details: { filename: document.filename } });
      return linkFor(owner, origin, document.storageKey, document.filename);
    },

    async listTemplates(
      user: AuthenticatedUser,
      userId: number,
      audit: RequestAudit,
    ): Promise<ReportTemplateListResponse> {
      const owner = ownDocuments(user, userId);
      const templates = await documents.listTemplates(owner);
      audit.describe({ details: { template_ids: templates.map((template) => template.id) } });
      return { templates: templates.map(reportTemplateAnswerOf) };
    },

    /**
     * multipart: `template_name`, `description` (optional) and `file`, in any order. A blank name sent before the
     * file is refused before the file is read; the file is staged as it arrives and dropped if the request fails.
     */
    async uploadTemplate(
      user: AuthenticatedUser,
      userId: number,
      parts: AsyncIterable<Multipart>,
      audit: RequestAudit,
    ): Promise<ReportTemplateSavedResponse> {
      const owner = ownDocuments(user, userId, 'change');
      let upload: StagedDocx | null = null;
      let name: string | null = null;
      let description: string | null = null;
      let fields: ReturnType<typeof checkTemplateFields>;
      try {
        for await (const part of parts) {
          if (part.type === 'file') {
            if (upload === null) upload = await readUpload(part, 'report templates');
          } else if (part.fieldname === 'template_name') {
            name = fieldValue(part, AUTHORING_DOCUMENT_MESSAGES.templateNameTooLong);
            checkTemplateFields(name, description);
          } else if (part.fieldname === 'description') {
            description = fieldValue(part, AUTHORING_DOCUMENT_MESSAGES.descriptionTooLong);
          }
        }
        fields = checkTemplateFields(name, description);
      } catch (error) {
        await upload?.discard();
        throw error;
      }
      if (!upload) throw badRequest(AUTHORING_DOCUMENT_MESSAGES.noFile);
      const staged = upload;
      const template = await saveStaged(staged, () =>
        db.transaction(async (tx) => {
          const saved = await createAuthoringDocumentRepository(tx).insertTemplate({
            userId: owner,
            templateName: fields.templateName,
            description: fields.description,
            filename: staged.filename,
            fileSize: staged.fileSize,
            storageKey: staged.storageKey,
            at: clock(),
          });
          audit.describe({
            details: { template_id: saved.id, filename: saved.filename, file_size: saved.fileSize },
          });
          await audit.recordWithin(tx);
          await staged.commit();
          return saved;
        }),
      );
      return {
        message: AUTHORING_DOCUMENT_MESSAGES.templateUploaded,
        template: reportTemplateAnswerOf(template),
      };
    },

    async templateDownload(
      user: AuthenticatedUser,
      userId: number,
      templateId: number,
      origin: string,
      audit: RequestAudit,
    ): Promise<DownloadLinkResponse> {
      const owner = ownDocuments(user, userId);
      const template = await templateOf(owner, templateId);
      audit.describe({ details: { template_id: template.id, filename: template.filename } });
      return linkFor(owner, origin, template.storageKey, template.filename);
    },

    async updateTemplate(
      user: AuthenticatedUser,
      userId: number,
      templateId: number,
      request: ReportTemplateUpdateRequest,
      audit: RequestAudit,
    ): Promise<ReportTemplateSavedResponse> {
      const owner = ownDocuments(user, userId, 'change');
      const fields = checkTemplateFields(request.template_name, request.description);
      const template = await db.transaction(async (tx) => {
        const repository = createAuthoringDocumentRepository(tx);
        const before = await repository.findTemplate(owner, templateId);
        if (!before) throw notFound(AUTHORING_DOCUMENT_MESSAGES.templateNotFound);
        const updated = await repository.updateTemplate({
          userId: owner,
          templateId,
          ...fields,
          at: clock(),
        });
        if (!updated) throw notFound(AUTHORING_DOCUMENT_MESSAGES.templateNotFound);
        audit.describe({
          details: {
            template_id: templateId,
            template_name: { before: before.templateName, after: updated.templateName },
            description_changed: before.description !== updated.description,
          },
        });
        await audit.recordWithin(tx);
        return updated;
      });
      return {
        message: AUTHORING_DOCUMENT_MESSAGES.templateUpdated,
        template: reportTemplateAnswerOf(template),
      };
    },

    async deleteTemplate(
      user: AuthenticatedUser,
      userId: number,
      templateId: number,
      audit: RequestAudit,
    ): Promise<MessageResponse> {
      const owner = ownDocuments(user, userId, 'change');
      const deleted = await db.transaction(async (tx) => {
        const template = await createAuthoringDocumentRepository(tx).deleteTemplate(owner, templateId);
        if (!template) throw notFound(AUTHORING_DOCUMENT_MESSAGES.templateNotFound);
        audit.describe({ details: { template_id: template.id, filename: template.filename } });
        await audit.recordWithin(tx);
        return template;
      });
      await files.remove(deleted.storageKey);
      return { message: AUTHORING_DOCUMENT_MESSAGES.templateDeleted };
    },
  };
}

export type AuthoringDocumentService = ReturnType<typeof createAuthoringDocumentService>;

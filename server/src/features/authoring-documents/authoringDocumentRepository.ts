import type { ExampleDocumentInfo, ReportTemplate } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';

/** The user's style document as stored (its text stays on the server: drafting reads it). */
export interface StoredExampleDocument {
  storageKey: string;
  filename: string;
  fileSize: number;
  wordCount: number;
  uploadedAt: string;
  lastModified: string;
}

export interface StoredReportTemplate {
  id: number;
  storageKey: string;
  templateName: string;
  description: string | null;
  filename: string;
  fileSize: number;
  createdAt: string;
  updatedAt: string;
}

interface ExampleDocumentRow {
  storage_key: string;
  filename: string;
  file_size: string | number;
  word_count: number;
  uploaded_at: Date | string;
  last_modified: Date | string;
}

interface ReportTemplateRow {
  id: number;
  storage_key: string;
  template_name: string;
  description: string | null;
  filename: string;
  file_size: string | number;
  created_at: Date | string;
  updated_at: Date | string;
}

const TEMPLATE_COLUMNS = `id, storage_key, template_name, description, filename, file_size, created_at, updated_at`;

const exampleDocumentOf = (row: ExampleDocumentRow): StoredExampleDocument => ({
  storageKey: row.storage_key,
  filename: row.filename,
  fileSize: Number(row.file_size),
  wordCount: row.word_count,
  uploadedAt: toIsoDateTime(row.uploaded_at) ?? '',
  lastModified: toIsoDateTime(row.last_modified) ?? '',
});

const reportTemplateOf = (row: ReportTemplateRow): StoredReportTemplate => ({
  id: row.id,
  storageKey: row.storage_key,
  templateName: row.template_name,
  description: row.description,
  filename: row.filename,
  fileSize: Number(row.file_size),
  createdAt: toIsoDateTime(row.created_at) ?? '',
  updatedAt: toIsoDateTime(row.updated_at) ?? '',
});

/** The answer of the style document's info call: nulls when the user has none. */
export function exampleDocumentInfoOf(document: StoredExampleDocument | null): ExampleDocumentInfo {
  return {
    has_document: document !== null,
    filename: document?.filename ?? null,
    file_size: document?.fileSize ?? null,
    last_modified: document?.lastModified ?? null,
    uploaded_at: document?.uploadedAt ?? null,
    word_count: document?.wordCount ?? null,
  };
}

export function reportTemplateAnswerOf(template: StoredReportTemplate): ReportTemplate {
  return {
    ID_Template: template.id,
    template_name: template.templateName,
    description: template.description,
    filename: template.filename,
    file_size: template.fileSize,
    created_at: template.createdAt,
    updated_at: template.updatedAt,
  };
}

/** The rows of each user's style document (`example_documents`) and Word report templates (`report_templates`). */
export function createAuthoringDocumentRepository(db: Queryable) {
  return {
    /**
     * Holds the user's row until the transaction ends, so that two uploads of one user's style document replace
     * one after the other and neither loses track of the file the other stored.
     */
    async lockUser(userId: number): Promise<void> {
      await db.query(`SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE`, [userId]);
    },

    async findExampleDocument(userId: number): Promise<StoredExampleDocument | null> {
      const { rows } = await db.query<ExampleDocumentRow>(
        `SELECT storage_key, filename, file_size, word_count, uploaded_at, last_modified
           FROM example_documents WHERE user_id = $1`,
        [userId],
      );
      return rows[0] ? exampleDocumentOf(rows[0]) : null;
    },

    /**
     * Records the user's style document. A replacement keeps `uploaded_at` (when the user first gave one) and moves
     * `last_modified` to now.
     */
    async saveExampleDocument(entry: {
      userId: number;
      storageKey: string;
      filename: string;
      fileSize: number;
      text: string;
      wordCount: number;
      at: Date;
    }): Promise<void> {
      await db.query(
        `INSERT INTO example_documents
           (user_id, storage_key, filename, file_size, text, word_count, uploaded_at, last_modified)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
         ON CONFLICT (user_id) DO UPDATE SET
           storage_key = excluded.storage_key, filename = excluded.filename, file_size = excluded.file_size,
           text = excluded.text, word_count = excluded.word_count, last_modified = excluded.last_modified`,
        [
          entry.userId,
          entry.storageKey,
          entry.filename,
          entry.fileSize,
          entry.text,
          entry.wordCount,
          entry.at.toISOString(),
        ],
      );
    },

    /** Deletes the user's style document row and answers what it was, or null when they had none. */
    async deleteExampleDocument(userId: number): Promise<StoredExampleDocument | null> {
      const { rows } = await db.query<ExampleDocumentRow>(
        `DELETE FROM example_documents WHERE user_id = $1
         RETURNING storage_key, filename, file_size, word_count, uploaded_at, last_modified`,
        [userId],
      );
      return rows[0] ? exampleDocumentOf(rows[0]) : null;
    },

    /** The user's templates, newest first. */
    async listTemplates(userId: number): Promise<StoredReportTemplate[]> {
      const { rows } = await db.query<ReportTemplateRow>(
        `SELECT ${TEMPLATE_COLUMNS} FROM report_templates WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
        [userId],
      );
      return rows.map(reportTemplateOf);
    },

    /** One of the user's templates; another user's id finds nothing, like a made-up one. */
    async findTemplate(userId: number, templateId: number): Promise<StoredReportTemplate | null> {
      const { rows } = await db.query<ReportTemplateRow>(
        `SELECT ${TEMPLATE_COLUMNS} FROM report_templates WHERE user_id = $1 AND id = $2`,
        [userId, templateId],
      );
      return rows[0] ? reportTemplateOf(rows[0]) : null;
    },

    async insertTemplate(entry: {
      userId: number;
      templateName: string;
      description: string | null;
      filename: string;
      fileSize: number;
      storageKey: string;
      at: Date;
    }): Promise<StoredReportTemplate> {
      const { rows } = await db.query<ReportTemplateRow>(
        `INSERT INTO report_templates
           (user_id, template_name, description, filename, file_size, storage_key, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
         RETURNING ${TEMPLATE_COLUMNS}`,
        [
          entry.userId,
          entry.templateName,
          entry.description,
          entry.filename,
          entry.fileSize,
          entry.storageKey,
          entry.at.toISOString(),
        ],
      );
      return reportTemplateOf(rows[0]!);
    },

    async updateTemplate(entry: {
      userId: number;
      templateId: number;
      templateName: string;
      description: string | null;
      at: Date;
    }): Promise<StoredReportTemplate | null> {
      const { rows } = await db.query<ReportTemplateRow>(
        `UPDATE report_templates SET template_name = $3, description = $4, updated_at = $5
          WHERE user_id = $1 AND id = $2
         RETURNING ${TEMPLATE_COLUMNS}`,
        [entry.userId, entry.templateId, entry.templateName, entry.description, entry.at.toISOString()],
      );
      return rows[0] ? reportTemplateOf(rows[0]) : null;
    },

    async deleteTemplate(userId: number, templateId: number): Promise<StoredReportTemplate | null> {
      const { rows } = await db.query<ReportTemplateRow>(
        `DELETE FROM report_templates WHERE user_id = $1 AND id = $2 RETURNING ${TEMPLATE_COLUMNS}`,
        [userId, templateId],
      );
      return rows[0] ? reportTemplateOf(rows[0]) : null;
    },

    /** The keys of every file of the user's (their rows go with the user's account). */
    async storageKeysOfUser(userId: number): Promise<string[]> {
      const { rows } = await db.query<{ storage_key: string }>(
        `SELECT storage_key FROM example_documents WHERE user_id = $1
         UNION ALL SELECT storage_key FROM report_templates WHERE user_id = $1`,
        [userId],
      );
      return rows.map((row) => row.storage_key);
    },

    /** The name of the style document or template stored under `storageKey`, or null (for signed downloads). */
    async filenameOfKey(storageKey: string): Promise<string | null> {
      const { rows } = await db.query<{ filename: string }>(
        `SELECT filename FROM example_documents WHERE storage_key = $1
         UNION ALL SELECT filename FROM report_templates WHERE storage_key = $1`,
        [storageKey],
      );
      return rows[0]?.filename ?? null;
    },
  };
}

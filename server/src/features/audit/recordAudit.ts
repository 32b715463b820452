import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/Database.js';

export type AuditAction =
  | 'auth.login_succeeded'
  | 'auth.login_failed'
  | 'auth.two_factor_enabled'
  | 'auth.token_refreshed'
  | 'auth.logout'
  | 'patient.read'
  | 'patient.access'
  | 'patient.create'
  | 'patient.update'
  | 'patient.delete_all_data'
  | 'patient.list'
  | 'patient.duplicate_check'
  | 'user.list'
  | 'user.read'
  | 'user.create'
  | 'user.update'
  | 'user.delete'
  | 'user.reset_two_factor'
  | 'group.create'
  | 'job.list'
  | 'job.read'
  | 'job.cancel'
  | 'job.list_own'
  | 'job.dismiss'
  | 'document.validate'
  | 'document.upload'
  | 'document.list'
  | 'document.download_link'
  | 'document.download'
  | 'document.delete'
  | 'document.rebuild_index'
  | 'document.file_list'
  | 'opinion.validate'
  | 'opinion.upload'
  | 'opinion.job_read'
  | 'opinion.list'
  | 'opinion.download_link'
  | 'opinion.delete'
  | 'opinion.rebuild_index'
  | 'opinion.file_list'
  | 'example_document.read'
  | 'example_document.upload'
  | 'example_document.delete'
  | 'example_document.download_link'
  | 'report_template.list'
  | 'report_template.upload'
  | 'report_template.update'
  | 'report_template.delete'
  | 'report_template.download_link'
  | 'document.page_view'
  | 'document.page_image'
  | 'conversation.read'
  | 'conversation.query'
  | 'conversation.clear'
  | 'conversation.export'
  | 'conversation.save'
  | 'structured_template.list'
  | 'structured_template.read'
  | 'structured_template.preview'
  | 'structured_template.create'
  | 'structured_template.update'
  | 'structured_template.delete'
  | 'structured_template.cache_invalidate'
  | 'prompt.list'
  | 'prompt.create'
  | 'prompt.update'
  | 'prompt.delete'
  | 'prompt.type_list'
  | 'prompt.type_create'
  | 'prompt.defaults_read'
  | 'prompt.defaults_import'
  | 'bundle.read'
  | 'bundle.order'
  | 'bundle.describe'
  | 'bundle.generate'
  | 'bundle.download_link'
  | 'chronology.read'
  | 'chronology.build'
  | 'chronology.export'
  | 'record_review.overview'
  | 'record_review.duplicates'
  | 'record_review.set_aside'
  | 'record_review.restore'
  | 'record_review.gaps'
  | 'record_review.export'
  | 'draft_report.type_list'
  | 'draft_report.prompt_list'
  | 'draft_report.generate'
  | 'draft_report.status'
  | 'draft_report.results'
  | 'draft_report.job_list'
  | 'draft_report.ai_use'
  | 'generated_report.list'
  | 'generated_report.download_link'
  | 'generated_report.delete'
  | 'chat.status'
  | 'chat.validate_context'
  | 'chat.send'
  | 'chat.export'
  | 'research.sources_list'
  | 'research.status'
  | 'research.search'
  | 'research.export'
  | 'research.source_create'
  | 'research.source_update'
  | 'research.source_toggle'
  | 'research.source_delete'
  | 'transcription.type_list'
  | 'transcription.status'
  | 'transcription.list'
  | 'transcription.list_incomplete'
  | 'transcription.read'
  | 'transcription.save'
  | 'transcription.summarize'
  | 'transcription.complete'
  | 'transcription.download'
  | 'transcription.upload_audio'
  | 'transcription.live_start'
  | 'transcription.my_words_read'
  | 'transcription.my_words_save'
  | 'transcription.delete';

export interface AuditEntry {
  userId: number | null;
  action: AuditAction;
  patientId?: number | null;
  details?: Record<string, unknown>;
}

/** Where an audited action came from: a request, or the handshake of a socket (live transcription). */
export type AuditOrigin = Pick<FastifyRequest, 'ip' | 'headers'>;

/** Writes one row: who did what to which patient, when, from where, and the details. */
export async function recordAudit(db: Queryable, request: AuditOrigin, entry: AuditEntry): Promise<void> {
  const userAgent = request.headers['user-agent'];
  await db.query(
    `INSERT INTO audit_log (user_id, action, patient_id, details, ip, user_agent)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6)`,
    [
      entry.userId,
      entry.action,
      entry.patientId ?? null,
      JSON.stringify(entry.details ?? {}),
      request.ip,
      typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
    ],
  );
}

/**
 * Writes one row for what a background job did on its user's behalf (a draft's use of a language model): no request,
 * so no address or user agent.
 */
export async function recordJobAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (user_id, action, patient_id, details) VALUES ($1, $2, $3, $4::jsonb)`,
    [entry.userId, entry.action, entry.patientId ?? null, JSON.stringify(entry.details ?? {})],
  );
}

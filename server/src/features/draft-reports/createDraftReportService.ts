import {
  JOB_TYPES,
  MAX_DRAFT_PROMPTS,
  type DraftProcessingResult,
  type DraftReportJobsQuery,
  type DraftReportJobsResponse,
  type DraftReportPromptsResponse,
  type DraftReportResultsResponse,
  type DraftReportStatusResponse,
  type DraftReportTypesResponse,
  type GenerateDraftReportRequest,
  type GenerateDraftReportResponse,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { findReportTemplate } from '../authoring-documents/findReportTemplate.js';
import { checkAuthoringAccess } from '../authoring/checkAuthoringAccess.js';
import type { JobQueue } from '../jobs/JobQueue.js';
import { PATIENT_MESSAGES } from '../patients/createPatientService.js';
import { findPatientForTools } from '../patients/findPatientForTools.js';
import { findLookupTypeInGroup } from '../prompts/findLookupTypeInGroup.js';
import type { StructuredTemplateService } from '../structured-templates/createStructuredTemplateService.js';
import { DRAFT_REPORT_MESSAGES as MESSAGES } from './draftReportMessages.js';
import { draftReportJobSteps, type DraftReportJobInput } from './draftReportJobInput.js';
import { createDraftingRepository, listedPatientName } from './draftingRepository.js';

export interface DraftReportServiceDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  /** Whether the caller may read a structured template is its feature's rule. */
  structuredTemplates: StructuredTemplateService;
}

export type DraftReportService = ReturnType<typeof createDraftReportService>;

/**
 * The draft-report calls (DRF-02). Every call needs the 'generative-ai' feature (the authoring read rule); a
 * user id in the path or body must be the caller's own; report types and prompts are the caller's group's; anything
 * about a patient follows the patient-scoped tools' rule (another group's patient answers 404). Another user's job
 * answers 404, as if it did not exist.
 */
export function createDraftReportService(deps: DraftReportServiceDeps) {
  const { db, jobs, structuredTemplates } = deps;
  const drafts = createDraftingRepository(db);

  /** The caller's group, once they may draft reports and `userId` is themselves. */
  function groupOfCaller(user: AuthenticatedUser, userId: number): number {
    checkAuthoringAccess(user, 'read');
    if (userId !== user.id) throw forbidden(MESSAGES.notYourself);
    if (user.groupId === null) throw forbidden(PATIENT_MESSAGES.noGroup);
    return user.groupId;
  }

  /** The caller's own draft-report job, its patient checked by the tools' rule. */
  async function ownJob(user: AuthenticatedUser, jobId: number, audit: RequestAudit) {
    audit.describe({ details: { job_id: jobId } });
    checkAuthoringAccess(user, 'read');
    const owner = await drafts.jobOwner(jobId);
    if (!owner || owner.userId !== user.id || owner.jobType !== JOB_TYPES.DRAFT_REPORT) {
      throw notFound(MESSAGES.jobNotFound);
    }
    if (owner.patientId !== null) await findPatientForTools(db, user, owner.patientId, audit);
    const job = await jobs.get(jobId);
    if (!job) throw notFound(MESSAGES.jobNotFound);
    return job;
  }

  return {
    async listTypes(user: AuthenticatedUser, userId: number): Promise<DraftReportTypesResponse> {
      const groupId = groupOfCaller(user, userId);
      return { success: true, lookup_types: await drafts.typesWithPromptCounts(groupId) };
    },

    async listPrompts(
      user: AuthenticatedUser,
      userId: number,
      typeId: number,
      audit: RequestAudit,
    ): Promise<DraftReportPromptsResponse> {
      audit.describe({ details: { lookup_type_id: typeId } });
      const groupId = groupOfCaller(user, userId);
      if (!(await findLookupTypeInGroup(db, groupId, typeId))) throw notFound(MESSAGES.typeNotFound);
      return { success: true, prompts: await drafts.promptsOfType(groupId, typeId) };
    },

    /** Checks everything the job will need, then queues it with a snapshot of the prompts (202). */
    async generate(
      user: AuthenticatedUser,
      body: GenerateDraftReportRequest,
      audit: RequestAudit,
    ): Promise<GenerateDraftReportResponse> {
      const structuredTemplateId = body.metadata?.structured_template_id ?? null;
      const templateId = body.template_id ?? null;
      audit.describe({
        patientId: body.patient_id,
        details: {
          lookup_type_id: body.lookup_type_id,
          template_id: templateId,
          structured_template_id: structuredTemplateId,
        },
      });
      const groupId = groupOfCaller(user, body.user_id);
      const patient = await findPatientForTools(db, user, body.patient_id, audit);
      const type = await findLookupTypeInGroup(db, groupId, body.lookup_type_id);
      if (!type) throw notFound(MESSAGES.typeNotFound);
      const typePrompts = await drafts.promptsOfType(groupId, type.ID_LookupType);
      if (typePrompts.length === 0) throw badRequest(MESSAGES.noPrompts);
      if (typePrompts.length > MAX_DRAFT_PROMPTS)
        throw badRequest(MESSAGES.tooManyPrompts(MAX_DRAFT_PROMPTS));
      const template = templateId === null ? null : await findReportTemplate(db, user.id, templateId);
      if (templateId !== null && !template) throw notFound(MESSAGES.reportTemplateNotFound);
      const structured =
        structuredTemplateId === null
          ? null
          : await structuredTemplates.get(user, structuredTemplateId, audit);
      const input: DraftReportJobInput = {
        report_type: type.LookupTypeText,
        lookup_type_id: type.ID_LookupType,
        prompts: typePrompts.map((prompt) => ({
          id: prompt.ID_Lookup,
          title: prompt.LookupTitle,
          text: prompt.LookupText,
        })),
        template_id: template?.id ?? null,
        template_name: template?.templateName ?? null,
        structured_template_id: structured?.template.ID_Template ?? null,
        structured_template_name: structured?.template.template_name ?? null,
        patient_name: listedPatientName(patient.Surname, patient.FirstName),
      };
      const jobId = await db.transaction(async (tx) => {
        const job = await jobs.enqueue(
          {
            jobType: JOB_TYPES.DRAFT_REPORT,
            userId: user.id,
            groupId: patient.ID_Group,
            patientId: patient.ID_Patient,
            title: `Draft report: ${type.LookupTypeText} for ${patient.Surname}`,
            inputData: { ...input },
            steps: draftReportJobSteps(input.prompts),
          },
          tx,
        );
        audit.describe({ details: { job_id: job.id, prompt_count: input.prompts.length } });
        await audit.recordWithin(tx);
        return job.id;
      });
      jobs.notify();
      return { success: true, job_id: jobId, status: 'pending', error: null };
    },

    async status(
      user: AuthenticatedUser,
      jobId: number,
      audit: RequestAudit,
    ): Promise<DraftReportStatusResponse> {
      const job = await ownJob(user, jobId, audit);
      return {
        success: true,
        job_id: job.id,
        status: job.status,
        progress_percentage: job.progress_percentage,
        current_step: job.current_step_description,
        error_message: job.error_message,
        created_at: job.created_at,
      };
    },

    /** Only a completed job has results; until then 409. */
    async results(
      user: AuthenticatedUser,
      jobId: number,
      audit: RequestAudit,
    ): Promise<DraftReportResultsResponse> {
      const job = await ownJob(user, jobId, audit);
      const result = job.output_data?.processing_result as DraftProcessingResult | undefined;
      if (job.status !== 'completed' || !result) {
        throw new HttpError(409, MESSAGES.notReady, { status: job.status });
      }
      audit.describe({ details: { sections: result.results.length, docx_saved: result.docx_saved } });
      return { success: true, job_id: job.id, results: { processing_result: result } };
    },

    async listJobs(
      user: AuthenticatedUser,
      userId: number,
      query: DraftReportJobsQuery,
      audit: RequestAudit,
    ): Promise<DraftReportJobsResponse> {
      groupOfCaller(user, userId);
      const page = query.page ?? 1;
      const limit = query.limit ?? 10;
      const { jobs: listed, total } = await drafts.jobsOfUser(user.id, { limit, offset: (page - 1) * limit });
      audit.describe({ details: { job_ids: listed.map((job) => job.id), total } });
      return { success: true, jobs: listed, page, limit, total };
    },
  };
}

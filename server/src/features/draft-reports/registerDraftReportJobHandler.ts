import { JOB_TYPES, type AiUseRecord, type DraftProcessingResult, type ReportSection } from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { LanguageModelError, type AiProvider } from '../../platform/ai/AiProvider.js';
import { recordJobAudit } from '../audit/recordAudit.js';
import { findReportTemplate } from '../authoring-documents/findReportTemplate.js';
import type { EmbeddingProvider } from '../../platform/ai/EmbeddingProvider.js';
import type { DraftReportDocumentInput, DraftReportWriter } from '../generated-reports/DraftReportWriter.js';
import { JobCancelledError, JobFailedError, type JobContext, type JobQueue } from '../jobs/JobQueue.js';
import { assembleCompleteReport } from './assembleCompleteReport.js';
import { describeAiUse } from './describeAiUse.js';
import {
  COMPLETE_STEP,
  promptStepName,
  readDraftReportJobInput,
  WORD_STEP,
  type DraftReportJobInput,
} from './draftReportJobInput.js';
import { createDraftingRepository } from './draftingRepository.js';
import { draftReportSection } from './draftReportSection.js';
import {
  asksForDocumentsReviewed,
  DOCUMENTS_REVIEWED_TITLE,
  documentsReviewedSection,
  listDocumentsReviewed,
} from './listDocumentsReviewed.js';
import { loadStructuredTemplateDetail } from '../structured-templates/loadStructuredTemplateDetail.js';

export interface DraftReportJobDeps {
  db: Database;
  clock: Clock;
  ai: AiProvider | null;
  embeddings: EmbeddingProvider | null;
  writer: DraftReportWriter;
}

/**
 * What the `complete` step stores: the documents-reviewed list when no prompt asked for it (null when one did), the
 * complete report and the AI-use record, fixed once assembled.
 */
interface AssembledReport {
  documents_reviewed: ReportSection | null;
  complete: ReportSection;
  ai_use: AiUseRecord;
}

type WordOutcome = Pick<DraftProcessingResult, 'docx_saved' | 'docx_s3_key' | 'docx_filename' | 'docx_error'>;

/** The Word template and structured template the job was asked for, or null (with a log line) if deleted since. */
async function templatesOf(db: Database, job: JobContext, input: DraftReportJobInput) {
  const stored =
    input.template_id === null ? null : await findReportTemplate(db, job.userId, input.template_id);
  if (input.template_id !== null && !stored) {
    await job.log(
      'warning',
      `The report template "${input.template_name}" was deleted: a clean document is written`,
    );
  }
  const structured =
    input.structured_template_id === null
      ? null
      : await loadStructuredTemplateDetail(db, input.structured_template_id);
  if (input.structured_template_id !== null && !structured) {
    await job.log(
      'warning',
      `The structured template "${input.structured_template_name}" was deleted: the default layout is used`,
    );
  }
  return {
    reportTemplate: stored
      ? { id: stored.id, name: stored.templateName, storageKey: stored.storageKey }
      : null,
    structuredTemplate: structured,
  };
}

/**
 * The draft-report job: one step per prompt drafts its section (a stored step is never drafted again when the job
 * resumes after a restart), then the complete report is assembled, then the Word document is written. A Word
 * document that cannot be written leaves the job completed with its sections and `docx_error` (the screen's
 * warning); a failing language model fails the job with the model's reason.
 */
export function registerDraftReportJobHandler(jobs: JobQueue, deps: DraftReportJobDeps): void {
  const { db, ai } = deps;
  jobs.registerHandler(JOB_TYPES.DRAFT_REPORT, async (job) => {
    const patientId = job.patientId;
    if (patientId === null) throw new Error('A draft-report job needs a patient');
    const input = readDraftReportJobInput(job.inputData);
    const repository = createDraftingRepository(db);
    const patient = await repository.reportPatient(patientId);
    if (!patient) throw new JobCancelledError('The patient was deleted');
    // The style example matters only to a model; read once per run, not per section.
    const style = ai ? await repository.styleDocument(job.userId) : null;
    const documentsReviewed = () =>
      listDocumentsReviewed(
        db,
        { id: patientId, groupId: job.groupId, surname: patient.surname },
        deps.clock().getUTCFullYear(),
      );

    const sections: ReportSection[] = [];
    for (const [index, prompt] of input.prompts.entries()) {
      const section = await job.step(promptStepName(prompt.id), async () => {
        await job.progress(0, `Drafting ${prompt.title} (${index + 1} of ${input.prompts.length})`);
        // The records say which documents they hold: that list is never searched for nor left to a model.
        if (asksForDocumentsReviewed(prompt.title)) {
          return documentsReviewedSection(await documentsReviewed(), {
            title: prompt.title,
            promptId: prompt.id,
            templateId: input.template_id,
          });
        }
        const drafted = await draftReportSection(
          { db, ai, embeddings: deps.embeddings },
          {
            patientId,
            prompt,
            styleExample: style?.text ?? null,
            dateOfEvent: patient.dateOfEvent,
            templateId: input.template_id,
            signal: job.signal,
          },
        ).catch((error: unknown) => {
          // The model's reason is the job's error (the screen shows it); anything else is unexpected.
          if (error instanceof LanguageModelError) throw new JobFailedError(error.message, { cause: error });
          throw error;
        });
        await job.log(
          'info',
          `${prompt.title}: ${drafted.origin === 'language-model' ? `drafted by ${drafted.bedrock_model_used}` : 'evidence digest'} from ${drafted.sources.length} passage(s)`,
        );
        return drafted;
      });
      sections.push(section);
    }

    const assembled = await job.step<AssembledReport>(COMPLETE_STEP, async () => {
      const listed = sections.some((section) => section.origin === 'records-list')
        ? null
        : documentsReviewedSection(await documentsReviewed(), {
            title: DOCUMENTS_REVIEWED_TITLE,
            promptId: null,
            templateId: input.template_id,
          });
      const all = listed ? [...sections, listed] : sections;
      return {
        documents_reviewed: listed,
        complete: assembleCompleteReport(all),
        ai_use: describeAiUse(all, {
          provider: ai?.provider ?? null,
          generatedAt: deps.clock(),
          styleDocument: style?.filename ?? null,
          reportTemplate: input.template_name,
          structuredTemplate: input.structured_template_name,
        }),
      };
    });
    if (assembled.documents_reviewed) sections.push(assembled.documents_reviewed);

    const word = await job.step<WordOutcome>(WORD_STEP, async () => {
      const { reportTemplate, structuredTemplate } = await templatesOf(db, job, input);
      const document: DraftReportDocumentInput = {
        jobId: job.id,
        patient,
        reportType: input.report_type,
        expert: { id: job.userId, name: (await repository.userName(job.userId)) ?? '' },
        generatedAt: new Date(assembled.ai_use.generated_at),
        sections,
        reportTemplate,
        structuredTemplate,
        aiUse: assembled.ai_use,
        promptTexts: Object.fromEntries(input.prompts.map((prompt) => [prompt.id, prompt.text])),
      };
      let outcome: WordOutcome;
      try {
        const written = await deps.writer.write(document, job.signal);
        outcome = {
          docx_saved: true,
          docx_s3_key: written.s3_key,
          docx_filename: written.filename,
          docx_error: null,
        };
      } catch (error) {
        if (job.signal.aborted) throw error;
        const reason = (error as Error).message;
        await job.log('error', `The Word document could not be written: ${reason}`);
        outcome = { docx_saved: false, docx_s3_key: null, docx_filename: null, docx_error: reason };
      }
      const aiUse = assembled.ai_use;
      if (aiUse.drafted_sections.length > 0) {
        await recordJobAudit(db, {
          userId: job.userId,
          action: 'draft_report.ai_use',
          patientId,
          details: {
            job_id: job.id,
            model: aiUse.model_info.model,
            provider: aiUse.model_info.provider,
            drafted_sections: aiUse.drafted_sections,
            documents: aiUse.documents,
            docx_s3_key: outcome.docx_s3_key,
          },
        });
      }
      return outcome;
    });

    const result: DraftProcessingResult = {
      results: [...sections, assembled.complete],
      ...word,
      ai_use: assembled.ai_use,
      report_type: input.report_type,
      patient_id: patientId,
    };
    return { processing_result: result };
  });
}

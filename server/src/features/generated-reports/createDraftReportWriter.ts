import { Readable } from 'node:stream';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { isoDateToEnGb, londonEnGbDate, londonIsoDate } from '../bundles/bundleDates.js';
import { safeNamePart } from '../conversations/conversationNames.js';
import { newStorageKey, StoredFileMissingError, type FileStore } from '../../platform/files/FileStore.js';
import { buildCleanDraftReportDocx } from './buildCleanDraftReportDocx.js';
import { buildDraftReportContent } from './buildDraftReportContent.js';
import type { DraftReportDocumentInput, DraftReportWriter, WrittenDraftReport } from './DraftReportWriter.js';
import { createDraftReportRepository } from './draftReportRepository.js';
import { fillReportTemplate, ReportTemplateError } from './fillReportTemplate.js';

export interface DraftReportWriterDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
}

/** `<Surname>_<FirstName>_DraftReport_<YYYY-MM-DD>_<jobId>.docx`, in safe characters, dated as in the UK. */
export function draftReportFileName(
  patient: { firstName: string; surname: string },
  at: Date,
  jobId: number,
) {
  const name = [safeNamePart(patient.surname), safeNamePart(patient.firstName)].filter(Boolean).join('_');
  return `${name || 'Patient'}_DraftReport_${londonIsoDate(at)}_${jobId}.docx`;
}

async function readAll(content: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of content)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * Writes a draft report's Word document (the clean layout, or the user's report template filled keeping its
 * styles), stores it and lists it among the patient's generated documents. The file is stored first and removed
 * again if its row cannot be recorded, so nothing partial is left behind. A job that already has its document (a resumed job) gets that one back, unwritten.
 */
export function createDraftReportWriter(deps: DraftReportWriterDeps): DraftReportWriter {
  const { db, files } = deps;

  async function documentBytes(input: DraftReportDocumentInput): Promise<Buffer> {
    const content = buildDraftReportContent(input);
    if (!input.reportTemplate) return buildCleanDraftReportDocx(content);
    let template: Buffer;
    try {
      template = await readAll(await files.open(input.reportTemplate.storageKey));
    } catch (error) {
      if (error instanceof StoredFileMissingError) {
        throw new ReportTemplateError(
          `The report template "${input.reportTemplate.name}" is no longer stored`,
        );
      }
      throw error;
    }
    const { patient } = input;
    return fillReportTemplate(template, content, {
      patient,
      expertName: input.expert.name,
      dateOfBirth: isoDateToEnGb(patient.dateOfBirth),
      dateOfEvent: patient.dateOfEvent ? isoDateToEnGb(patient.dateOfEvent) : '',
      reportDate: londonEnGbDate(input.generatedAt),
    });
  }

  const answerOf = (stored: {
    storageKey: string;
    filename: string;
    sizeBytes: number;
  }): WrittenDraftReport => ({
    s3_key: stored.storageKey,
    filename: stored.filename,
    size_bytes: stored.sizeBytes,
  });

  return {
    async write(input, signal) {
      const existing = await createDraftReportRepository(db).findByJob(input.jobId);
      if (existing) return answerOf(existing);
      const bytes = await documentBytes(input);
      signal.throwIfAborted();
      const storageKey = newStorageKey();
      const filename = draftReportFileName(input.patient, input.generatedAt, input.jobId);
      await files.put(storageKey, Readable.from([bytes]));
      try {
        const answer = await db.transaction(async (tx) => {
          const reports = createDraftReportRepository(tx);
          const inserted = await reports.insert({
            patientId: input.patient.id,
            jobId: input.jobId,
            storageKey,
            filename,
            sizeBytes: bytes.length,
            reportType: input.reportType,
            createdBy: input.expert.id,
            at: deps.clock(),
          });
          if (inserted) return { s3_key: storageKey, filename, size_bytes: bytes.length };
          // Another run of the same job recorded its document in the meantime: that one stands.
          const written = await reports.findByJob(input.jobId);
          if (!written) throw new Error(`The document of job ${input.jobId} could not be recorded`);
          return answerOf(written);
        });
        if (answer.s3_key !== storageKey) await files.remove(storageKey);
        return answer;
      } catch (error) {
        await files.remove(storageKey);
        throw error;
      }
    },
  };
}

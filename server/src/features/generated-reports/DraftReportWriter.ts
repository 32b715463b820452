import type { AiUseRecord, ReportSection, StructuredTemplateDetail } from '@ewrt/contract';

/** The patient as a draft report's front page names them. */
export interface DraftReportPatient {
  id: number;
  firstName: string;
  surname: string;
  /** ISO dates (YYYY-MM-DD). */
  dateOfBirth: string;
  mrn: string;
  dateOfEvent: string | null;
  solicitorName: string | null;
  solicitorCompany: string | null;
  solicitorReference: string | null;
  ourReference: string | null;
}

/** Everything a draft-report job hands over to be written as its Word document. */
export interface DraftReportDocumentInput {
  jobId: number;
  patient: DraftReportPatient;
  /** The report type (LookupTypeText). */
  reportType: string;
  /** The expert who started the job (the report's author). */
  expert: { id: number; name: string };
  generatedAt: Date;
  /** The prompt sections in prompt order (not the complete report). */
  sections: ReportSection[];
  /** The user's own .docx report template, filled keeping its styles; null for a clean document. */
  reportTemplate: { id: number; name: string; storageKey: string } | null;
  /** Front page, section outline and declaration; null for the defaults. */
  structuredTemplate: StructuredTemplateDetail | null;
  aiUse: AiUseRecord;
  /**
   * The prompts' own text by prompt id: with a structured template, a section goes under the template section whose
   * words it shares most, counting its prompt's text; without it, the section's response stands in.
   */
  promptTexts?: Readonly<Record<number, string>>;
}

export interface WrittenDraftReport {
  s3_key: string;
  filename: string;
  size_bytes: number;
}

/**
 * Writes a draft report's Word document, stores it and lists it among the patient's generated documents. Writing
 * the same job twice (a resumed job) answers the document already written. Rejects when the document cannot be
 * written; the job then reports `docx_error` and keeps its sections.
 */
export interface DraftReportWriter {
  write(input: DraftReportDocumentInput, signal: AbortSignal): Promise<WrittenDraftReport>;
}

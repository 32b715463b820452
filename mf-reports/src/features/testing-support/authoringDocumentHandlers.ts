// Test data for the style document and report template calls.
import type { ExampleDocumentInfo, ReportTemplate } from '@ewrt/contract';
import { HttpResponse } from '@ewrt/shared/testing';

/** An error answer as the server sends it (clients show its `message`). */
export function authoringDocumentApiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

/** An error answer with no message, so the screen falls back to its own words. */
export const bareServerError = () => new HttpResponse(null, { status: 500 });

// Style document

/** The user's style document as the server describes it; override any field. */
export function makeStyleDocumentInfo(overrides: Partial<ExampleDocumentInfo> = {}): ExampleDocumentInfo {
  return {
    has_document: true,
    filename: 'Patel report style 2025.docx',
    file_size: 1_572_864,
    last_modified: '2026-02-03T14:05:00.000Z',
    uploaded_at: '2025-11-20T09:30:00.000Z',
    word_count: 12_480,
    ...overrides,
  };
}

/** What the server says when the user has no style document. */
export const NO_STYLE_DOCUMENT: ExampleDocumentInfo = {
  has_document: false,
  filename: null,
  file_size: null,
  last_modified: null,
  uploaded_at: null,
  word_count: null,
};

// Report templates

/** One of the user's report templates; override any field. */
export function makeReportTemplate(overrides: Partial<ReportTemplate> = {}): ReportTemplate {
  return {
    ID_Template: 7,
    template_name: 'Personal injury (orthopaedic)',
    description: 'Court-style layout with numbered paragraphs',
    filename: 'pi-orthopaedic.docx',
    file_size: 48_128,
    created_at: '2026-01-15T10:20:00.000Z',
    updated_at: '2026-01-15T10:20:00.000Z',
    ...overrides,
  };
}

// Files a user picks

/** A file of this name and type whose reported size is `size` bytes (the content is never read by the screens). */
export function pickedFile(name: string, size = 4096, type = 'application/octet-stream'): File {
  const file = new File(['PK'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** A Word document as a user picks it. */
export const wordFile = (name: string, size = 4096) =>
  pickedFile(name, size, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');

// What a draft-report job hands the writer, made here so the writer and the generated documents calls are tested
// without running the job: a patient of the demo organisation, a finished job row, sections that cite pages.
import assert from 'node:assert/strict';
import {
  JOB_TYPES,
  type AiUseRecord,
  type DraftSource,
  type ReportSection,
  type StructuredTemplateDetail,
} from '@ewrt/contract';
import type { DraftReportDocumentInput } from '../../src/features/generated-reports/DraftReportWriter.js';
import type { TestServer } from './testServer.js';

/** The demo patient and expert behind a job, and a completed draft-report job row of theirs. */
export async function draftReportJobFor(
  server: TestServer,
  mrn: string,
  username: string,
): Promise<Pick<DraftReportDocumentInput, 'jobId' | 'patient' | 'expert'>> {
  const { db } = server.app.ctx;
  const { rows: patients } = await db.query<{
    id: number;
    first_name: string;
    surname: string;
    date_of_birth: string;
    mrn: string;
    date_of_event: string | null;
    solicitor_name: string | null;
    solicitor_company: string | null;
    solicitor_reference: string | null;
    our_reference: string | null;
    group_id: number;
  }>(
    `SELECT id, first_name, surname, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, mrn,
            to_char(date_of_event, 'YYYY-MM-DD') AS date_of_event, solicitor_name, solicitor_company,
            solicitor_reference, our_reference, group_id
       FROM patients WHERE mrn = $1`,
    [mrn],
  );
  const { rows: users } = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM users WHERE username = $1`,
    [username],
  );
  const patient = patients[0];
  const user = users[0];
  assert.ok(patient && user, `no patient ${mrn} or user ${username}`);
  const { rows: jobs } = await db.query<{ id: number }>(
    `INSERT INTO jobs (job_type, status, user_id, group_id, patient_id, created_at, completed_at)
     VALUES ($1, 'completed', $2, $3, $4, $5, $5) RETURNING id`,
    [JOB_TYPES.DRAFT_REPORT, user.id, patient.group_id, patient.id, server.clock.now().toISOString()],
  );
  return {
    jobId: jobs[0]!.id,
    patient: {
      id: patient.id,
      firstName: patient.first_name,
      surname: patient.surname,
      dateOfBirth: patient.date_of_birth,
      mrn: patient.mrn,
      dateOfEvent: patient.date_of_event,
      solicitorName: patient.solicitor_name,
      solicitorCompany: patient.solicitor_company,
      solicitorReference: patient.solicitor_reference,
      ourReference: patient.our_reference,
    },
    expert: { id: user.id, name: user.name },
  };
}

const source = (
  number: number,
  filename: string,
  page: number,
  extra: Partial<DraftSource> = {},
): DraftSource => ({
  number,
  filename,
  s3_key: `key-of-${filename}`,
  page,
  bundle_page: null,
  chunk_id: null,
  source: 'text',
  ocr_confidence: null,
  ...extra,
});

const section = (
  promptId: number,
  title: string,
  response: string,
  sources: DraftSource[],
  drafted = true,
): ReportSection => ({
  title,
  response,
  template_applied: false,
  template_id: null,
  bedrock_comprehensive: drafted,
  bedrock_model_used: drafted ? 'stand-in-model' : null,
  prompt_id: promptId,
  origin: drafted ? 'language-model' : 'evidence-digest',
  sources,
  unsupported_sentences: [],
});

/** Three prompt sections: two drafted by a model, one an evidence digest; one page is cited twice. */
export const DRAFT_SECTIONS: ReportSection[] = [
  section(
    101,
    'Accident circumstances',
    'Mrs Whitfield slipped on a wet supermarket floor on 2 June 2023 [1].\nShe landed on her outstretched right hand [2].',
    [source(1, 'clinic-letter.pdf', 1, { bundle_page: 17 }), source(2, 'ae-notes.pdf', 2)],
  ),
  section(
    102,
    'Past medical history',
    'She had a left knee arthroscopy in 2019 [1].',
    [source(1, 'gp-records.pdf', 3, { source: 'ocr', ocr_confidence: 81.6 })],
    false,
  ),
  section(103, 'Prognosis', 'Her wrist is expected to recover fully within twelve months [1].', [
    source(1, 'clinic-letter.pdf', 1, { bundle_page: 17 }),
  ]),
];

/** What each prompt asked, for placing the sections under a structured template's sections. */
export const PROMPT_TEXTS: Record<number, string> = {
  101: 'Describe the circumstances of the accident and how the injury happened.',
  102: 'Summarise the past medical history recorded before the accident.',
  103: 'Give your opinion on the prognosis.',
};

export const AI_USE: AiUseRecord = {
  model_info: {
    mode: 'language-model',
    model: 'stand-in-model',
    provider: '127.0.0.1',
    label: 'stand-in-model (127.0.0.1)',
  },
  drafted_sections: ['Accident circumstances', 'Prognosis'],
  digest_sections: ['Past medical history'],
  generated_at: '2026-11-20T10:30:00.000Z',
  documents: ['clinic-letter.pdf', 'ae-notes.pdf', 'gp-records.pdf'],
  style_document: 'my-style.docx',
  report_template: null,
  structured_template: 'Personal injury outline',
};

/** Five sections, one under a parent; the examination sections have no prompt to fill them. */
export const STRUCTURED_TEMPLATE: StructuredTemplateDetail = {
  template: {
    ID_Template: 7,
    template_name: 'Personal injury outline',
    description: null,
    is_active: true,
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    owner_name: 'Dr Asha Patel',
    can_edit: true,
  },
  frontpage: {
    title_text: 'Medico-Legal Report on Injury',
    author_info: 'Dr Asha Patel MB ChB FRCS, Consultant Orthopaedic Surgeon',
    include_patient_name: true,
    include_patient_dob: true,
    include_patient_mrn: false,
    include_event_date: true,
    include_report_date: true,
  },
  sections: [
    {
      ID_Section: 11,
      section_title: '1. BACKGROUND AND CIRCUMSTANCES',
      section_description: 'The circumstances of the accident',
      content_type: 'narrative',
      parent_section_id: null,
      order_in_sequence: 1,
    },
    {
      ID_Section: 12,
      section_title: 'Medical history',
      section_description: 'Past medical history before the accident',
      content_type: 'structured_list',
      parent_section_id: null,
      order_in_sequence: 2,
    },
    {
      ID_Section: 13,
      section_title: 'Examination',
      section_description: 'Findings on examination',
      content_type: 'examination',
      parent_section_id: null,
      order_in_sequence: 3,
    },
    {
      ID_Section: 14,
      section_title: 'Cervical spine',
      section_description: 'Range of movement of the neck',
      content_type: 'examination',
      parent_section_id: 13,
      order_in_sequence: 4,
    },
    {
      ID_Section: 15,
      section_title: 'Opinion',
      section_description: 'Opinion on causation and prognosis',
      content_type: 'opinion',
      parent_section_id: null,
      order_in_sequence: 5,
    },
  ],
  endpage: {
    declaration_text: 'I confirm that I have made clear which facts are within my own knowledge.',
    signature_line: 'Signed: Dr Asha Patel, Consultant Orthopaedic Surgeon',
  },
};

/** A whole writer input for the job, a clean document unless `overrides` say otherwise. */
export function draftReportInput(
  job: Pick<DraftReportDocumentInput, 'jobId' | 'patient' | 'expert'>,
  overrides: Partial<DraftReportDocumentInput> = {},
): DraftReportDocumentInput {
  return {
    ...job,
    reportType: 'Orthopaedic Report',
    generatedAt: new Date('2026-11-20T10:30:00.000Z'),
    sections: DRAFT_SECTIONS,
    reportTemplate: null,
    structuredTemplate: null,
    aiUse: AI_USE,
    promptTexts: PROMPT_TEXTS,
    ...overrides,
  };
}

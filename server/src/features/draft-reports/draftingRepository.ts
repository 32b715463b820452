import {
  JOB_TYPES,
  type DraftReportJob,
  type DraftReportPrompt,
  type DraftReportType,
  type JobStatus,
} from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';
import type { DraftReportPatient } from '../generated-reports/DraftReportWriter.js';

interface DraftJobRow {
  id: number;
  status: JobStatus;
  progress_percentage: number;
  current_step_description: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  error_message: string | null;
  patient_id: number | null;
  surname: string | null;
  first_name: string | null;
  report_type: string | null;
}

interface DraftPatientRow {
  id: number;
  first_name: string;
  surname: string;
  date_of_birth: string | null;
  mrn: string;
  date_of_event: string | null;
  solicitor_name: string | null;
  solicitor_company: string | null;
  solicitor_reference: string | null;
  our_reference: string | null;
}

/** "Surname, FirstName", as the Recent Jobs panel names a patient. */
export const listedPatientName = (surname: string, firstName: string) => `${surname}, ${firstName}`;

function draftJobOf(row: DraftJobRow): DraftReportJob {
  return {
    id: row.id,
    job_id: row.id,
    status: row.status,
    progress_percentage: Number(row.progress_percentage),
    current_step_description: row.current_step_description,
    created_at: toIsoDateTime(row.created_at) ?? '',
    completed_at: toIsoDateTime(row.completed_at),
    error_message: row.error_message,
    patient_id: row.patient_id,
    patient_name: row.surname !== null ? listedPatientName(row.surname, row.first_name ?? '') : null,
    report_type: row.report_type,
  };
}

/** What the draft-report calls and job read: report types with prompt counts, prompts, jobs, the patient, the style. */
export function createDraftingRepository(db: Queryable) {
  return {
    /** The group's report types by name, each with how many prompts it has. */
    async typesWithPromptCounts(groupId: number): Promise<DraftReportType[]> {
      const { rows } = await db.query<{ id: number; name: string; prompt_count: number }>(
        `SELECT t.id, t.name, (SELECT count(*)::int FROM lookups l WHERE l.type_id = t.id) AS prompt_count
           FROM lookup_types t
          WHERE t.group_id = $1
          ORDER BY lower(t.name), t.id`,
        [groupId],
      );
      return rows.map((row) => ({
        ID_LookupType: row.id,
        LookupTypeText: row.name,
        prompt_count: Number(row.prompt_count),
      }));
    },

    /**
     * The type's prompts by ID_Lookup: the order in which prompts were added, which is the order of the report's
     * sections (the job drafts them, and the complete report assembles them, in this order).
     */
    async promptsOfType(groupId: number, typeId: number): Promise<DraftReportPrompt[]> {
      const { rows } = await db.query<{ id: number; title: string; text: string; type_id: number }>(
        `SELECT id, title, text, type_id FROM lookups WHERE group_id = $1 AND type_id = $2 ORDER BY id`,
        [groupId, typeId],
      );
      return rows.map((row) => ({
        ID_Lookup: row.id,
        LookupTitle: row.title,
        LookupText: row.text,
        LookupType: row.type_id,
      }));
    },

    /** Who started a job and what kind it is, or null when there is no such job. */
    async jobOwner(
      jobId: number,
    ): Promise<{ userId: number; jobType: string; patientId: number | null } | null> {
      const { rows } = await db.query<{ user_id: number; job_type: string; patient_id: number | null }>(
        `SELECT user_id, job_type, patient_id FROM jobs WHERE id = $1`,
        [jobId],
      );
      const row = rows[0];
      return row ? { userId: row.user_id, jobType: row.job_type, patientId: row.patient_id } : null;
    },

    /** A page of the user's draft-report jobs, newest first, and how many they have in all. */
    async jobsOfUser(
      userId: number,
      page: { limit: number; offset: number },
    ): Promise<{ jobs: DraftReportJob[]; total: number }> {
      const { rows } = await db.query<DraftJobRow>(
        `SELECT j.id, j.status, j.progress_percentage, j.current_step_description, j.created_at, j.completed_at,
                j.error_message, j.patient_id, p.surname, p.first_name, j.input_data->>'report_type' AS report_type
           FROM jobs j
           LEFT JOIN patients p ON p.id = j.patient_id
          WHERE j.user_id = $1 AND j.job_type = $2
          ORDER BY j.created_at DESC, j.id DESC
          LIMIT $3 OFFSET $4`,
        [userId, JOB_TYPES.DRAFT_REPORT, page.limit, page.offset],
      );
      const { rows: counted } = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM jobs WHERE user_id = $1 AND job_type = $2`,
        [userId, JOB_TYPES.DRAFT_REPORT],
      );
      return { jobs: rows.map(draftJobOf), total: Number(counted[0]?.total ?? 0) };
    },

    /** The patient as the report's front page names them, or null when the patient is gone. */
    async reportPatient(patientId: number): Promise<DraftReportPatient | null> {
      const { rows } = await db.query<DraftPatientRow>(
        `SELECT id, first_name, surname, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, mrn,
                to_char(date_of_event, 'YYYY-MM-DD') AS date_of_event, solicitor_name, solicitor_company,
                solicitor_reference, our_reference
           FROM patients WHERE id = $1`,
        [patientId],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        id: row.id,
        firstName: row.first_name,
        surname: row.surname,
        dateOfBirth: row.date_of_birth ?? '',
        mrn: row.mrn,
        dateOfEvent: row.date_of_event,
        solicitorName: row.solicitor_name,
        solicitorCompany: row.solicitor_company,
        solicitorReference: row.solicitor_reference,
        ourReference: row.our_reference,
      };
    },

    async userName(userId: number): Promise<string | null> {
      const { rows } = await db.query<{ name: string }>(`SELECT name FROM users WHERE id = $1`, [userId]);
      return rows[0]?.name ?? null;
    },

    /** The text of the user's style document (what drafting imitates), or null when they have none. */
    async styleDocument(userId: number): Promise<{ filename: string; text: string } | null> {
      const { rows } = await db.query<{ filename: string; text: string }>(
        `SELECT filename, text FROM example_documents WHERE user_id = $1`,
        [userId],
      );
      const row = rows[0];
      return row && row.text.trim() !== '' ? row : null;
    },
  };
}

export type DraftingRepository = ReturnType<typeof createDraftingRepository>;

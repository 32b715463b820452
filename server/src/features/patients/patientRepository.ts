import { PATIENT_ACCESS, type PatientAccessLevel } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';
import type { PatientFields } from './normalisePatientInput.js';
import type { StoredPatient } from './StoredPatient.js';

export interface PatientRow extends Omit<StoredPatient, 'last_accessed' | 'created_at' | 'access_level'> {
  last_accessed: Date | string | null;
  created_at: Date | string;
  access_level: number;
}

/** `$1` is the calling user (their last access and access level); `$2` their group. */
export const PATIENT_SELECT = `
  SELECT p.id AS "ID_Patient", p.first_name AS "FirstName", p.surname AS "Surname",
         to_char(p.date_of_birth, 'YYYY-MM-DD') AS "DateOfBirth", p.mrn AS "MRN",
         to_char(p.date_of_event, 'YYYY-MM-DD') AS "DateofEvent",
         p.solicitor_name AS "Solicitorname", p.solicitor_company AS "Solicitorcompany",
         p.solicitor_reference AS "Solicitorreference", p.our_reference AS "Ourreference",
         ra.last_accessed, creator.name AS created_by_name, p.created_at,
         COALESCE(pa.access_level, 1)::int AS access_level, p.group_id AS "ID_Group"
    FROM patients p
    LEFT JOIN patient_recent_access ra ON ra.patient_id = p.id AND ra.user_id = $1
    LEFT JOIN patient_user_access pa ON pa.patient_id = p.id AND pa.user_id = $1
    LEFT JOIN users creator ON creator.id = p.created_by`;

export const ORDER_BY_NAME = `ORDER BY lower(p.surname), lower(p.first_name), p.id`;

function accessLevelOf(level: number): PatientAccessLevel {
  return level === PATIENT_ACCESS.PAGINATION_ONLY || level === PATIENT_ACCESS.VIEW_ONLY
    ? level
    : PATIENT_ACCESS.FULL;
}

export function toPatient(row: PatientRow): StoredPatient {
  return {
    ...row,
    last_accessed: toIsoDateTime(row.last_accessed),
    created_at: toIsoDateTime(row.created_at) ?? '',
    access_level: accessLevelOf(row.access_level),
  };
}

export interface Caller {
  userId: number;
  groupId: number;
}

/** Every read is scoped to the caller's group: another group's patient does not exist for them. */
export function createPatientRepository(db: Queryable) {
  return {
    async findById(caller: Caller, patientId: number): Promise<StoredPatient | null> {
      const { rows } = await db.query<PatientRow>(`${PATIENT_SELECT} WHERE p.id = $3 AND p.group_id = $2`, [
        caller.userId,
        caller.groupId,
        patientId,
      ]);
      return rows[0] ? toPatient(rows[0]) : null;
    },

    async recent(caller: Caller, limit: number): Promise<StoredPatient[]> {
      const { rows } = await db.query<PatientRow>(
        `${PATIENT_SELECT} WHERE p.group_id = $2 AND ra.last_accessed IS NOT NULL
          ORDER BY ra.last_accessed DESC, p.id DESC LIMIT $3`,
        [caller.userId, caller.groupId, limit],
      );
      return rows.map(toPatient);
    },

    async create(caller: Caller, input: PatientFields): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO patients (group_id, first_name, surname, date_of_birth, mrn, date_of_event, solicitor_name,
                               solicitor_company, solicitor_reference, our_reference, created_by)
         VALUES ($1, $2, $3, $4::date, $5, $6::date, $7, $8, $9, $10, $11) RETURNING id`,
        [
          caller.groupId,
          input.FirstName,
          input.Surname,
          input.DateOfBirth,
          input.MRN,
          input.DateofEvent,
          input.Solicitorname,
          input.Solicitorcompany,
          input.Solicitorreference,
          input.Ourreference,
          caller.userId,
        ],
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('Patient insert returned no id');
      return id;
    },

    async update(caller: Caller, patientId: number, input: PatientFields): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE patients SET first_name = $3, surname = $4, date_of_birth = $5::date, mrn = $6, date_of_event = $7::date,
                solicitor_name = $8, solicitor_company = $9, solicitor_reference = $10, our_reference = $11,
                updated_by = $12, updated_at = now()
          WHERE id = $1 AND group_id = $2 RETURNING id`,
        [
          patientId,
          caller.groupId,
          input.FirstName,
          input.Surname,
          input.DateOfBirth,
          input.MRN,
          input.DateofEvent,
          input.Solicitorname,
          input.Solicitorcompany,
          input.Solicitorreference,
          input.Ourreference,
          caller.userId,
        ],
      );
      return rows.length === 1;
    },

    /** Sets (or with null clears) the Date of Event alone, as the record questions screen edits it. */
    async updateDateOfEvent(caller: Caller, patientId: number, dateOfEvent: string | null): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE patients SET date_of_event = $3::date, updated_by = $4, updated_at = now()
          WHERE id = $1 AND group_id = $2 RETURNING id`,
        [patientId, caller.groupId, dateOfEvent, caller.userId],
      );
      return rows.length === 1;
    },

    async recordAccess(caller: Caller, patientId: number, at: Date): Promise<void> {
      await db.query(
        `INSERT INTO patient_recent_access (user_id, patient_id, last_accessed) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, patient_id) DO UPDATE SET last_accessed = EXCLUDED.last_accessed`,
        [caller.userId, patientId, at],
      );
    },
  };
}

export type PatientRepository = ReturnType<typeof createPatientRepository>;

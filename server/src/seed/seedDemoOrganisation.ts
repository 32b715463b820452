import type { Queryable, Session } from '../db/Database.js';
import { analyzeDatabase } from '../db/analyzeDatabase.js';
import { hashPassword } from '../features/auth/passwords.js';
import {
  DEMO_GROUPS,
  DEMO_PASSWORD,
  DEMO_PATIENT_ACCESS,
  DEMO_PATIENTS,
  DEMO_USERS,
} from './demoOrganisation.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** True when nobody has been set up yet: no user and no group. */
export async function isDatabaseEmpty(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ users: number; groups: number }>(
    `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM groups)::int AS groups`,
  );
  return rows[0]?.users === 0 && rows[0]?.groups === 0;
}

/** Seeds the demo organisation in one transaction, with creation dates spread over the past months. */
export async function seedDemoOrganisation(db: Session, now: Date): Promise<void> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const hashes = new Map<string, string>();
  // One hash per account: each gets its own salt.
  for (const user of DEMO_USERS) hashes.set(user.username, await hashPassword(DEMO_PASSWORD));

  await db.transaction(async (tx) => {
    const groupIds = new Map<string, number>();
    for (const group of DEMO_GROUPS) {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO groups (name, created_at) VALUES ($1, $2) RETURNING id`,
        [group.name, daysAgo(group.createdDaysAgo)],
      );
      groupIds.set(group.key, rows[0]!.id);
    }
    const { rows: levels } = await tx.query<{ id: number; label: string }>(
      `SELECT id, label FROM access_levels`,
    );
    const levelIds = new Map(levels.map((level) => [level.label, level.id]));

    const userIds = new Map<string, number>();
    for (const user of DEMO_USERS) {
      const created = daysAgo(user.createdDaysAgo);
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO users (name, username, email, contact_number, password_hash, group_id, access_level_id,
                            is_administrator, is_group_admin, user_active, date_added, created_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12) RETURNING id`,
        [
          user.name,
          user.username,
          user.email,
          user.contactNumber,
          hashes.get(user.username),
          groupIds.get(user.group),
          levelIds.get(user.level),
          user.administrator,
          user.groupAdmin,
          user.active ? 1 : 0,
          created,
          user.createdBy ? userIds.get(user.createdBy) : null,
        ],
      );
      userIds.set(user.username, rows[0]!.id);
    }

    const patientIds = new Map<string, number>();
    for (const patient of DEMO_PATIENTS) {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO patients (group_id, first_name, surname, date_of_birth, mrn, date_of_event, solicitor_name,
                               solicitor_company, solicitor_reference, our_reference, created_by, created_at)
         VALUES ($1, $2, $3, $4::date, $5, $6::date, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [
          groupIds.get(patient.group),
          patient.firstName,
          patient.surname,
          patient.dateOfBirth,
          patient.mrn,
          patient.dateOfEvent,
          patient.solicitorName,
          patient.solicitorCompany,
          patient.solicitorReference,
          patient.ourReference,
          userIds.get(patient.createdBy),
          daysAgo(patient.createdDaysAgo),
        ],
      );
      patientIds.set(patient.key, rows[0]!.id);
    }

    for (const access of DEMO_PATIENT_ACCESS) {
      await tx.query(
        `INSERT INTO patient_user_access (patient_id, user_id, access_level) VALUES ($1, $2, $3)`,
        [patientIds.get(access.patient), userIds.get(access.username), access.level],
      );
    }
    await tx.query(`INSERT INTO server_settings (key, value) VALUES ('demo_seeded_at', $1)`, [
      now.toISOString(),
    ]);
  });
  await analyzeDatabase(db);
}

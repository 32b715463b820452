import {
  ADVANCED_SEARCH_RESULTS_LIMIT,
  RECENT_PATIENTS_LIMIT,
  SEARCH_PAGE_SIZE,
  type AdvancedSearchFilters,
  type DuplicateCheckRequest,
  type PatientInput,
  type PatientSearchQuery,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { forbidden, notFound } from '../../http/HttpError.js';
import type { AuditFacts, RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { normalisePatientInput, type PatientFields } from './normalisePatientInput.js';
import { createPatientSearch } from './createPatientSearch.js';
import { canCreatePatient, canDeletePatientData, canEditPatient } from './patientPermissions.js';
import { createPatientRepository, type Caller, type PatientRepository } from './patientRepository.js';
import type { StoredPatient } from './StoredPatient.js';
import type { PatientDataPurgers } from './patientDataPurgers.js';
import { purgePatientData } from './purgePatientData.js';

export const PATIENT_MESSAGES = {
  noGroup: 'User group information is not available. Please log in again.',
  notFound: 'Patient not found',
  cannotCreate: 'Your access level does not allow adding patients',
  cannotEdit: 'Your access level does not allow editing this patient',
  cannotDelete: 'Your access level does not allow deleting this patient\u2019s data',
  deleted: 'All patient data has been successfully deleted.',
} as const;

function callerOf(user: AuthenticatedUser): Caller {
  if (user.groupId === null) throw forbidden(PATIENT_MESSAGES.noGroup);
  return { userId: user.id, groupId: user.groupId };
}

const idsOf = (patients: StoredPatient[]) => patients.map((patient) => patient.ID_Patient);

/** The fields an update changes, each with its value before and after, for the audit row. */
function changesBetween(before: StoredPatient, after: PatientFields) {
  const changes: Partial<Record<keyof PatientFields, { before: string | null; after: string | null }>> = {};
  for (const field of Object.keys(after) as (keyof PatientFields)[]) {
    const previous = before[field] ?? null;
    if (previous !== after[field]) changes[field] = { before: previous, after: after[field] };
  }
  return changes;
}

/**
 * The patient calls of PAT-12. Every call is scoped to the caller's group, Administrators included: a patient
 * of another group answers 404 and never appears in a list or a duplicate check. Each call tells `audit` what it
 * touched; changes record it inside their own transaction.
 */
export function createPatientService(deps: {
  db: Database;
  clock: Clock;
  dataDir: string;
  /** Every area's share of "Delete all patient data". */
  purgers: PatientDataPurgers;
  /** The time limit of each search read; SEARCH_TIMEOUT_MS by default. */
  searchTimeoutMs?: number;
}) {
  const { db, clock, dataDir, purgers } = deps;
  const patients = createPatientRepository(db);
  const search = createPatientSearch(db, deps.searchTimeoutMs);

  async function findOr404(caller: Caller, patientId: number): Promise<StoredPatient> {
    const patient = await patients.findById(caller, patientId);
    if (!patient) throw notFound(PATIENT_MESSAGES.notFound);
    return patient;
  }

  return {
    async listRecent(user: AuthenticatedUser, audit: RequestAudit) {
      const list = await patients.recent(callerOf(user), RECENT_PATIENTS_LIMIT);
      audit.describe({ details: { source: 'recent', patient_ids: idsOf(list) } });
      return { patients: list };
    },

    async search(user: AuthenticatedUser, query: PatientSearchQuery, audit: RequestAudit) {
      const caller = callerOf(user);
      const term = (query.term ?? '').trim();
      const page = query.page ?? 1;
      const result =
        term === '' ? { patients: [], total: 0 } : await search.search(caller, term, page, SEARCH_PAGE_SIZE);
      audit.describe({
        details: { source: 'search', term, page, total: result.total, patient_ids: idsOf(result.patients) },
      });
      return result;
    },

    async searchAdvanced(user: AuthenticatedUser, query: AdvancedSearchFilters, audit: RequestAudit) {
      const caller = callerOf(user);
      const filters: AdvancedSearchFilters = Object.fromEntries(
        Object.entries(query)
          .map(([field, value]) => [field, value?.trim() ?? ''])
          .filter(([, value]) => value !== ''),
      );
      const list =
        Object.keys(filters).length === 0
          ? []
          : await search.searchAdvanced(caller, filters, ADVANCED_SEARCH_RESULTS_LIMIT);
      audit.describe({ details: { source: 'search-advanced', filters, patient_ids: idsOf(list) } });
      return { patients: list };
    },

    async checkDuplicate(user: AuthenticatedUser, request: DuplicateCheckRequest, audit: RequestAudit) {
      const ids = await search.findDuplicates(
        callerOf(user),
        {
          FirstName: request.FirstName.trim(),
          Surname: request.Surname.trim(),
          DateOfBirth: request.DateOfBirth,
        },
        request.excludePatientId ?? null,
      );
      audit.describe({ details: { patient_ids: ids } });
      return { isDuplicate: ids.length > 0 };
    },

    async create(user: AuthenticatedUser, input: PatientInput, audit: RequestAudit) {
      const caller = callerOf(user);
      if (!canCreatePatient(user)) throw forbidden(PATIENT_MESSAGES.cannotCreate);
      const fields = normalisePatientInput(input, clock());
      const patientId = await db.transaction(async (tx) => {
        const id = await createPatientRepository(tx).create(caller, fields);
        audit.describe({ patientId: id, details: { fields } });
        await audit.recordWithin(tx);
        return id;
      });
      return { patient: await findOr404(caller, patientId) };
    },

    async get(user: AuthenticatedUser, patientId: number) {
      return findOr404(callerOf(user), patientId);
    },

    async update(user: AuthenticatedUser, patientId: number, input: PatientInput, audit: RequestAudit) {
      const caller = callerOf(user);
      const existing = await findOr404(caller, patientId);
      if (!canEditPatient(user, existing.access_level)) throw forbidden(PATIENT_MESSAGES.cannotEdit);
      const fields = normalisePatientInput(input, clock());
      await updatePatientAudited(db, caller, patientId, audit, {
        write: (repository) => repository.update(caller, patientId, fields),
        facts: (before) => ({ details: { fields, changes: changesBetween(before, fields) } }),
      });
      return { patient: await findOr404(caller, patientId) };
    },

    async recordAccess(user: AuthenticatedUser, patientId: number) {
      const caller = callerOf(user);
      const patient = await findOr404(caller, patientId);
      const at = clock();
      await patients.recordAccess(caller, patient.ID_Patient, at);
      return { success: true, last_accessed: at.toISOString() };
    },

    async deleteAllData(user: AuthenticatedUser, patientId: number, audit: RequestAudit) {
      const caller = callerOf(user);
      const patient = await findOr404(caller, patientId);
      if (!canDeletePatientData(user, patient.access_level)) throw forbidden(PATIENT_MESSAGES.cannotDelete);
      const deleted = await db.transaction(async (tx) => {
        const counts = await purgePatientData(tx, dataDir, patient.ID_Patient, purgers);
        audit.describe({ details: { deleted: counts } });
        await audit.recordWithin(tx);
        return counts;
      });
      return { message: PATIENT_MESSAGES.deleted, deleted };
    },
  };
}

export type PatientService = ReturnType<typeof createPatientService>;

/**
 * Changes a patient and records the audit row, with the values the change replaced, in one transaction. The row is
 * locked before it is read, so "before" is what this change replaces. A patient that is gone answers 404.
 */
export async function updatePatientAudited(
  db: Database,
  caller: Caller,
  patientId: number,
  audit: RequestAudit,
  change: {
    write: (repository: PatientRepository) => Promise<boolean>;
    facts: (before: StoredPatient) => AuditFacts;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT 1 FROM patients WHERE id = $1 AND group_id = $2 FOR UPDATE`, [
      patientId,
      caller.groupId,
    ]);
    const repository = createPatientRepository(tx);
    const before = await repository.findById(caller, patientId);
    if (!before || !(await change.write(repository))) throw notFound(PATIENT_MESSAGES.notFound);
    audit.describe(change.facts(before));
    await audit.recordWithin(tx);
  });
}

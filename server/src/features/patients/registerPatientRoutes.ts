import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/AppContext.js';
import { badRequest, forbidden, notFound } from '../../http/HttpError.js';
import { recordAudit } from '../audit/recordAudit.js';
import { currentUser } from '../auth/authenticateRequest.js';
import { canCreatePatient, canDeletePatientData, canEditPatient } from './patientPermissions.js';
import { createPatientRepository, type Caller } from './patientRepository.js';
import { purgePatientData } from './purgePatientData.js';
import { parseIsoDate, validatePatientInput } from './validatePatientInput.js';

export const SEARCH_PAGE_SIZE = 5;
export const RECENT_PATIENTS_LIMIT = 5;
const ADVANCED_RESULTS_LIMIT = 500;
const MAX_TERM_LENGTH = 200;

/** The advanced-search filters (query parameter = spec field name) and their columns. */
const ADVANCED_FILTER_COLUMNS: Record<string, string> = {
  FirstName: 'first_name',
  Surname: 'surname',
  MRN: 'mrn',
  Solicitorname: 'solicitor_name',
  Solicitorcompany: 'solicitor_company',
  Solicitorreference: 'solicitor_reference',
};

export const PATIENT_ROUTE_MESSAGES = {
  noGroup: 'User group information is not available. Please log in again.',
  notFound: 'Patient not found',
  invalidId: 'Invalid patient id',
  cannotCreate: 'Your access level does not allow adding patients',
  cannotEdit: 'Your access level does not allow editing this patient',
  cannotDelete: 'Your access level does not allow deleting this patient\u2019s data',
  deleted: 'All patient data has been successfully deleted.',
} as const;

function callerOf(request: FastifyRequest): Caller {
  const user = currentUser(request);
  if (user.groupId === null) throw forbidden(PATIENT_ROUTE_MESSAGES.noGroup);
  return { userId: user.id, groupId: user.groupId };
}

function patientIdOf(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id <= 0) throw badRequest(PATIENT_ROUTE_MESSAGES.invalidId);
  return id;
}

function queryText(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`Query parameter ${name} must be given once`);
  if (value.length > MAX_TERM_LENGTH) throw badRequest(`Query parameter ${name} is too long`);
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The patient calls of part 1 §7. Every call is scoped to the caller's group, Administrators included: a patient of
 * another group answers 404 and never appears in a list or a duplicate check.
 */
export function registerPatientRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, config } = ctx;
  const patients = createPatientRepository(db);

  async function loadPatientOr404(caller: Caller, patientId: number) {
    const patient = await patients.findById(caller, patientId);
    if (!patient) throw notFound(PATIENT_ROUTE_MESSAGES.notFound);
    return patient;
  }

  app.get('/api/patients/recent', async (request) => {
    const caller = callerOf(request);
    const list = await patients.recent(caller, RECENT_PATIENTS_LIMIT);
    await recordAudit(db, request, {
      userId: caller.userId,
      action: 'patient.list',
      details: { source: 'recent', patient_ids: list.map((p) => p.ID_Patient) },
    });
    return { patients: list };
  });

  app.get('/api/patients/search', async (request) => {
    const caller = callerOf(request);
    const term = (queryText(request, 'term') ?? '').trim();
    const rawPage = queryText(request, 'page') ?? '1';
    if (!/^\d{1,6}$/.test(rawPage) || Number(rawPage) < 1)
      throw badRequest('Page must be a positive whole number');
    const page = Number(rawPage);
    if (term === '') return { patients: [], total: 0 };
    const result = await patients.search(caller, term, page, SEARCH_PAGE_SIZE);
    await recordAudit(db, request, {
      userId: caller.userId,
      action: 'patient.list',
      details: {
        source: 'search',
        term,
        page,
        total: result.total,
        patient_ids: result.patients.map((p) => p.ID_Patient),
      },
    });
    return result;
  });

  app.get('/api/patients/search-advanced', async (request) => {
    const caller = callerOf(request);
    const filters: Record<string, string> = {};
    for (const field of Object.keys(ADVANCED_FILTER_COLUMNS)) {
      const value = queryText(request, field)?.trim();
      if (value) filters[field] = value;
    }
    if (Object.keys(filters).length === 0) return { patients: [] };
    const list = await patients.searchAdvanced(
      caller,
      filters,
      ADVANCED_FILTER_COLUMNS,
      ADVANCED_RESULTS_LIMIT,
    );
    await recordAudit(db, request, {
      userId: caller.userId,
      action: 'patient.list',
      details: { source: 'search-advanced', filters, patient_ids: list.map((p) => p.ID_Patient) },
    });
    return { patients: list };
  });

  app.post('/api/patients/check-duplicate', async (request) => {
    const caller = callerOf(request);
    const body = request.body;
    if (!isRecord(body)) throw badRequest('Send FirstName, Surname and DateOfBirth');
    const { FirstName, Surname, DateOfBirth, excludePatientId } = body;
    if (typeof FirstName !== 'string' || typeof Surname !== 'string' || typeof DateOfBirth !== 'string') {
      throw badRequest('FirstName, Surname and DateOfBirth are required');
    }
    if (FirstName.trim() === '' || Surname.trim() === '')
      throw badRequest('FirstName, Surname and DateOfBirth are required');
    const dateOfBirth = parseIsoDate(DateOfBirth);
    if (!dateOfBirth) throw badRequest('Date of birth must be a valid date (yyyy-mm-dd)');
    let excludeId: number | null = null;
    if (excludePatientId !== undefined && excludePatientId !== null && excludePatientId !== '') {
      excludeId = Number(excludePatientId);
      if (!Number.isInteger(excludeId) || excludeId <= 0 || excludeId > 2_147_483_647) {
        throw badRequest('excludePatientId must be a patient id');
      }
    }
    const ids = await patients.findDuplicates(
      caller,
      { FirstName: FirstName.trim(), Surname: Surname.trim(), DateOfBirth: dateOfBirth },
      excludeId,
    );
    await recordAudit(db, request, {
      userId: caller.userId,
      action: 'patient.duplicate_check',
      details: { patient_ids: ids },
    });
    return { isDuplicate: ids.length > 0 };
  });

  app.post('/api/patients', async (request, reply) => {
    const caller = callerOf(request);
    if (!canCreatePatient(currentUser(request))) throw forbidden(PATIENT_ROUTE_MESSAGES.cannotCreate);
    const input = validatePatientInput(request.body, clock());
    const patientId = await db.transaction(async (tx) => {
      const id = await createPatientRepository(tx).create(caller, input);
      await recordAudit(tx, request, {
        userId: caller.userId,
        action: 'patient.create',
        patientId: id,
        details: { fields: input },
      });
      return id;
    });
    reply.status(201);
    return { patient: await loadPatientOr404(caller, patientId) };
  });

  app.get('/api/patients/:id', async (request) => {
    const caller = callerOf(request);
    const patient = await loadPatientOr404(caller, patientIdOf(request));
    await recordAudit(db, request, {
      userId: caller.userId,
      action: 'patient.read',
      patientId: patient.ID_Patient,
    });
    return patient;
  });

  app.put('/api/patients/:id', async (request) => {
    const caller = callerOf(request);
    const patientId = patientIdOf(request);
    const existing = await loadPatientOr404(caller, patientId);
    if (!canEditPatient(currentUser(request), existing.access_level))
      throw forbidden(PATIENT_ROUTE_MESSAGES.cannotEdit);
    const input = validatePatientInput(request.body, clock());
    await db.transaction(async (tx) => {
      if (!(await createPatientRepository(tx).update(caller, patientId, input)))
        throw notFound(PATIENT_ROUTE_MESSAGES.notFound);
      await recordAudit(tx, request, {
        userId: caller.userId,
        action: 'patient.update',
        patientId,
        details: { fields: input },
      });
    });
    return { patient: await loadPatientOr404(caller, patientId) };
  });

  app.post('/api/patients/:id/access', async (request) => {
    const caller = callerOf(request);
    const patient = await loadPatientOr404(caller, patientIdOf(request));
    const at = clock();
    await patients.recordAccess(caller, patient.ID_Patient, at);
    await recordAudit(db, request, {
      userId: caller.userId,
      action: 'patient.access',
      patientId: patient.ID_Patient,
    });
    return { success: true, last_accessed: at.toISOString() };
  });

  app.delete('/api/patients/:id/delete-all-data', async (request) => {
    const caller = callerOf(request);
    const patient = await loadPatientOr404(caller, patientIdOf(request));
    if (!canDeletePatientData(currentUser(request), patient.access_level))
      throw forbidden(PATIENT_ROUTE_MESSAGES.cannotDelete);
    const deleted = await db.transaction(async (tx) => {
      const counts = await purgePatientData(tx, config.dataDir, patient.ID_Patient);
      await recordAudit(tx, request, {
        userId: caller.userId,
        action: 'patient.delete_all_data',
        patientId: patient.ID_Patient,
        details: { deleted: counts },
      });
      return counts;
    });
    return { message: PATIENT_ROUTE_MESSAGES.deleted, deleted };
  });
}

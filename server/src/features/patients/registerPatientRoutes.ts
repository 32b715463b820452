import { patientCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import type { PatientService } from './createPatientService.js';

/** The patient calls: each route is its contract declaration, its audit declaration and one service call. */
export function registerPatientRoutes(app: ApiInstance, patients: PatientService): void {
  const list = { audit: { action: 'patient.list', resource: 'patients' } } as const;

  app.route({
    ...patientCalls.listRecentPatients,
    config: list,
    handler: (request) => patients.listRecent(currentUser(request), auditOf(request)),
  });

  app.route({
    ...patientCalls.searchPatients,
    config: list,
    handler: (request) => patients.search(currentUser(request), request.query, auditOf(request)),
  });

  app.route({
    ...patientCalls.searchPatientsAdvanced,
    config: list,
    handler: (request) => patients.searchAdvanced(currentUser(request), request.query, auditOf(request)),
  });

  app.route({
    ...patientCalls.checkDuplicatePatient,
    config: { audit: { action: 'patient.duplicate_check', resource: 'patients' } },
    handler: (request) => patients.checkDuplicate(currentUser(request), request.body, auditOf(request)),
  });

  app.route({
    ...patientCalls.createPatient,
    config: { audit: { action: 'patient.create', resource: 'patient' } },
    handler: async (request, reply) => {
      const created = await patients.create(currentUser(request), request.body, auditOf(request));
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...patientCalls.getPatient,
    config: { audit: { action: 'patient.read', resource: 'patient' } },
    handler: (request) => patients.get(currentUser(request), request.params.id),
  });

  app.route({
    ...patientCalls.updatePatient,
    config: { audit: { action: 'patient.update', resource: 'patient' } },
    handler: (request) =>
      patients.update(currentUser(request), request.params.id, request.body, auditOf(request)),
  });

  app.route({
    ...patientCalls.recordPatientAccess,
    config: { audit: { action: 'patient.access', resource: 'patient' } },
    handler: (request) => patients.recordAccess(currentUser(request), request.params.id),
  });

  app.route({
    ...patientCalls.deleteAllPatientData,
    config: { audit: { action: 'patient.delete_all_data', resource: 'patient' } },
    handler: (request) => patients.deleteAllData(currentUser(request), request.params.id, auditOf(request)),
  });
}

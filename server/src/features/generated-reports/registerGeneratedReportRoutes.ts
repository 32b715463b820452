import { draftReportCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import { originOf } from '../documents/originOf.js';
import type { GeneratedReportService } from './createGeneratedReportService.js';

/** The generated documents calls: each route is its contract declaration, its audit declaration and one service call. */
export function registerGeneratedReportRoutes(
  app: ApiInstance,
  deps: { reports: GeneratedReportService },
): void {
  const { reports } = deps;

  app.route({
    ...draftReportCalls.listGeneratedDocuments,
    config: { audit: { action: 'generated_report.list', resource: 'documents' } },
    handler: (request) => reports.list(currentUser(request), request.params.patientId, auditOf(request)),
  });

  app.route({
    ...draftReportCalls.downloadGeneratedDocument,
    config: { audit: { action: 'generated_report.download_link', resource: 'document' } },
    handler: (request) =>
      reports.downloadLink(
        currentUser(request),
        request.params.patientId,
        request.params.s3_key,
        originOf(request),
        auditOf(request),
      ),
  });

  app.route({
    ...draftReportCalls.deleteGeneratedDocument,
    config: { audit: { action: 'generated_report.delete', resource: 'document' } },
    handler: (request) =>
      reports.delete(currentUser(request), request.params.patientId, request.params.s3_key, auditOf(request)),
  });
}

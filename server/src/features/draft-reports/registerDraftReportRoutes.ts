import { draftReportCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import type { DraftReportService } from './createDraftReportService.js';

export interface DraftReportRouteDeps {
  drafts: DraftReportService;
}

/** The draft-report calls: each route is its contract declaration, its audit declaration and one service call. */
export function registerDraftReportRoutes(app: ApiInstance, deps: DraftReportRouteDeps): void {
  const { drafts } = deps;

  app.route({
    ...draftReportCalls.listDraftReportTypes,
    config: { audit: { action: 'draft_report.type_list', resource: 'prompts' } },
    handler: (request) => drafts.listTypes(currentUser(request), request.params.id),
  });

  app.route({
    ...draftReportCalls.listDraftReportPrompts,
    config: { audit: { action: 'draft_report.prompt_list', resource: 'prompts' } },
    handler: (request) =>
      drafts.listPrompts(
        currentUser(request),
        request.params.userId,
        request.params.lookupTypeId,
        auditOf(request),
      ),
  });

  app.route({
    ...draftReportCalls.generateDraftReport,
    config: { audit: { action: 'draft_report.generate', resource: 'job' } },
    handler: async (request, reply) => {
      const answer = await drafts.generate(currentUser(request), request.body, auditOf(request));
      return reply.status(202).send(answer);
    },
  });

  app.route({
    ...draftReportCalls.getDraftReportStatus,
    config: { audit: { action: 'draft_report.status', resource: 'job' } },
    handler: (request) => drafts.status(currentUser(request), request.params.jobId, auditOf(request)),
  });

  app.route({
    ...draftReportCalls.getDraftReportResults,
    config: { audit: { action: 'draft_report.results', resource: 'job' } },
    handler: (request) => drafts.results(currentUser(request), request.params.jobId, auditOf(request)),
  });

  app.route({
    ...draftReportCalls.listDraftReportJobs,
    config: { audit: { action: 'draft_report.job_list', resource: 'job' } },
    handler: (request) =>
      drafts.listJobs(currentUser(request), request.params.id, request.query, auditOf(request)),
  });
}

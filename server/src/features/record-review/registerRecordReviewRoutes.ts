import { recordReviewCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import { sendWordDocument } from '../../platform/word/sendWordDocument.js';
import type { RecordReviewService } from './createRecordReviewService.js';

/** The record review calls: each route is its contract declaration, its audit declaration and one service call. */
export function registerRecordReviewRoutes(app: ApiInstance, review: RecordReviewService): void {
  app.route({
    ...recordReviewCalls.getCaseOverview,
    config: { audit: { action: 'record_review.overview', resource: 'patient' } },
    handler: (request) => review.overview(currentUser(request), request.params.id, auditOf(request)),
  });
  app.route({
    ...recordReviewCalls.getDuplicateGroups,
    config: { audit: { action: 'record_review.duplicates', resource: 'patient' } },
    handler: (request) => review.duplicates(currentUser(request), request.params.id, auditOf(request)),
  });
  app.route({
    ...recordReviewCalls.setAsideDuplicates,
    config: { audit: { action: 'record_review.set_aside', resource: 'patient' } },
    handler: (request) =>
      review.setAside(currentUser(request), request.params.id, request.body, auditOf(request)),
  });
  app.route({
    ...recordReviewCalls.restoreDuplicate,
    config: { audit: { action: 'record_review.restore', resource: 'patient' } },
    handler: (request) =>
      review.restore(currentUser(request), request.params.id, request.body, auditOf(request)),
  });
  app.route({
    ...recordReviewCalls.getRecordGaps,
    config: { audit: { action: 'record_review.gaps', resource: 'patient' } },
    handler: (request) =>
      review.gaps(currentUser(request), request.params.id, request.query, auditOf(request)),
  });
  app.route({
    ...recordReviewCalls.exportRecordReview,
    config: { audit: { action: 'record_review.export', resource: 'patient' } },
    handler: async (request, reply) =>
      sendWordDocument(
        reply,
        await review.export(currentUser(request), request.params.id, request.query, auditOf(request)),
      ),
  });
}

import { pageViewCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import { originOf } from '../documents/originOf.js';
import type { PageViewService } from './createPageViewService.js';

/** The page view calls: a patient's document page and an opinion document page, each as an image with its words. */
export function registerPageViewRoutes(app: ApiInstance, pageViews: PageViewService): void {
  app.route({
    ...pageViewCalls.getPatientPageImage,
    config: { audit: { action: 'document.page_image', resource: 'patient' } },
    handler: (request) =>
      pageViews.pageImage(
        currentUser(request),
        { kind: 'patient', patientId: request.params.patientId },
        {
          storageKey: request.params.s3_key,
          page: request.params.page,
          dpi: request.query.dpi,
          chunkId: request.query.chunk_id,
        },
        originOf(request),
        auditOf(request),
      ),
  });

  app.route({
    ...pageViewCalls.getOpinionPageImage,
    config: { audit: { action: 'document.page_image', resource: 'opinions' } },
    handler: (request) =>
      pageViews.pageImage(
        currentUser(request),
        { kind: 'opinions' },
        {
          storageKey: request.params.s3_key,
          page: request.params.page,
          dpi: request.query.dpi,
          chunkId: request.query.chunk_id,
        },
        originOf(request),
        auditOf(request),
      ),
  });
}

import { recordBundleCalls } from '@ewrt/contract';
import type { FastifyRequest } from 'fastify';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import type { BundleService } from './createBundleService.js';

/** The API's own origin as the caller reached it, for absolute download links. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The record bundle calls: each route is its contract declaration, its audit declaration and one service call. */
export function registerBundleRoutes(app: ApiInstance, bundles: BundleService): void {
  app.route({
    ...recordBundleCalls.getBundle,
    config: { audit: { action: 'bundle.read', resource: 'patient' } },
    handler: (request) => bundles.state(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...recordBundleCalls.saveBundleOrder,
    config: { audit: { action: 'bundle.order', resource: 'patient' } },
    handler: (request) =>
      bundles.saveOrder(currentUser(request), request.params.id, request.body.s3_keys, auditOf(request)),
  });

  app.route({
    ...recordBundleCalls.saveBundleDescription,
    config: { audit: { action: 'bundle.describe', resource: 'patient' } },
    handler: (request) =>
      bundles.saveDescription(currentUser(request), request.params.id, request.body, auditOf(request)),
  });

  app.route({
    ...recordBundleCalls.generateBundle,
    config: { audit: { action: 'bundle.generate', resource: 'patient' } },
    handler: async (request, reply) => {
      const answer = await bundles.generate(currentUser(request), request.params.id, auditOf(request));
      return reply.status(202).send(answer);
    },
  });

  app.route({
    ...recordBundleCalls.getBundleDownload,
    config: { audit: { action: 'bundle.download_link', resource: 'patient' } },
    handler: (request) =>
      bundles.downloadLink(currentUser(request), request.params.id, originOf(request), auditOf(request)),
  });
}

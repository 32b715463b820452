import { adminCalls, type SystemCapability } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { forbidden } from '../../http/HttpError.js';
import { currentUser } from '../auth/authenticateRequest.js';

export const ONLY_ADMINISTRATORS_SEE_CAPABILITIES = "Only administrators can see the server's capabilities";

/** `GET /api/admin/capabilities`: the readiness report, for administrators. */
export function registerCapabilityRoutes(app: ApiInstance, capabilities: readonly SystemCapability[]): void {
  app.route({
    ...adminCalls.getSystemCapabilities,
    handler: async (request) => {
      if (!currentUser(request).isAdministrator) throw forbidden(ONLY_ADMINISTRATORS_SEE_CAPABILITIES);
      return { capabilities: [...capabilities] };
    },
  });
}

import { authCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { authenticateRequest } from './authenticateRequest.js';
import type { TokenService } from './createTokenService.js';
import type { LoginService } from './createLoginService.js';
import type { UserDirectory } from './userDirectory.js';

/** Sign-in and token refresh: the routes that run without a signed-in user. */
export function registerAuthRoutes(
  app: ApiInstance,
  deps: { login: LoginService; tokens: TokenService; users: UserDirectory },
): void {
  app.route({
    ...authCalls.login,
    config: {
      audit: { action: 'auth.login_succeeded', refusedAction: 'auth.login_failed', resource: 'session' },
    },
    handler: (request) => deps.login.signIn(request.body, { ip: request.ip, audit: auditOf(request) }),
  });

  app.route({
    ...authCalls.refreshToken,
    handler: async (request) => {
      // From the database, not the cache: a deactivated account must not get a new token.
      const user = await authenticateRequest(request, deps.tokens, deps.users, { fresh: true });
      return deps.login.refresh(user);
    },
  });
}

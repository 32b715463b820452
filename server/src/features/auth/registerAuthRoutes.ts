import { authCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { authenticateSession } from './authenticateRequest.js';
import type { AccessTokenClaims, TokenService } from './createTokenService.js';
import type { LoginService } from './createLoginService.js';
import type { UserDirectory } from './userDirectory.js';

/** Sign-in, token refresh and sign-out: the routes that check the token themselves, or need none. */
export function registerAuthRoutes(
  app: ApiInstance,
  deps: {
    login: LoginService;
    tokens: TokenService;
    users: UserDirectory;
    /** Told after a sign-out revoked a token, to end what else that token opened (live connections). */
    onSignedOut: (claims: AccessTokenClaims) => void;
  },
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
    config: { audit: { action: 'auth.token_refreshed', resource: 'session' } },
    handler: async (request) => {
      // From the database, not the cache: a deactivated account must not get a new token.
      const { user, claims } = await authenticateSession(request, deps.tokens, deps.users, { fresh: true });
      return deps.login.refresh(user, claims, auditOf(request));
    },
  });

  app.route({
    ...authCalls.logout,
    config: { audit: { action: 'auth.logout', resource: 'session' } },
    handler: async (request) => {
      const { claims } = await authenticateSession(request, deps.tokens, deps.users);
      const answer = await deps.login.signOut(claims);
      deps.onSignedOut(claims);
      return answer;
    },
  });
}

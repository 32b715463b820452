import { endSessionSockets } from '../../platform/realtime/attachSocketServer.js';
import type { FeatureModule } from '../FeatureModule.js';
import { createLoginService } from './createLoginService.js';
import { registerAuthRoutes } from './registerAuthRoutes.js';

/** Sign-in, its second factor and sign-out: public calls (the authenticated scope is the app's). */
export const authFeature: FeatureModule = {
  name: 'auth',
  publicRoutes: (app, { db, clock, config, loginRateLimiter, passwords, tokens, users, io }) =>
    registerAuthRoutes(app, {
      login: createLoginService({
        db,
        clock,
        challengeTtlSeconds: config.loginChallengeTtlSeconds,
        rateLimiter: loginRateLimiter,
        passwords,
        tokens,
        users,
      }),
      tokens,
      users,
      onSignedOut: (claims) => endSessionSockets(io, claims.jti),
    }),
};

import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/HttpError.js';
import type { AccessTokenClaims, TokenService } from './createTokenService.js';
import type { AuthenticatedUser, UserDirectory } from './userDirectory.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook on every protected route. */
    authUser: AuthenticatedUser | null;
  }
}

export const SESSION_MESSAGES = {
  missing: 'Authentication required',
  invalid: 'Your session is invalid or has expired. Please sign in again.',
} as const;

export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The user behind a token whose session is open (checked in the database on every call), or null. The profile may
 * come from the user cache; whether the user is active never does.
 */
async function userForClaims(
  claims: AccessTokenClaims,
  users: UserDirectory,
  options: { fresh: boolean },
): Promise<AuthenticatedUser | null> {
  let user = options.fresh ? await users.getFresh(claims.userId) : await users.getCached(claims.userId);
  // The session check just found the user active: a cached inactive copy is stale.
  if (user && !user.active && !options.fresh) user = await users.getFresh(claims.userId);
  return user?.active ? user : null;
}

/**
 * The open session of a token, its user and claims: null when the token is bad, expired or revoked, or the user is
 * gone or inactive.
 */
export async function sessionForToken(
  token: string,
  tokens: TokenService,
  users: UserDirectory,
  options: { fresh: boolean },
): Promise<{ user: AuthenticatedUser; claims: AccessTokenClaims } | null> {
  const claims = await tokens.verifyAccessToken(token);
  const user = claims ? await userForClaims(claims, users, options) : null;
  return claims && user ? { user, claims } : null;
}

/**
 * Resolves the bearer token into `request.authUser` and the token's claims, or answers 401. A well-signed token
 * whose session has ended names its user in the request's audit row, so refused attempts say who tried.
 */
export async function authenticateSession(
  request: FastifyRequest,
  tokens: TokenService,
  users: UserDirectory,
  options: { fresh: boolean } = { fresh: false },
): Promise<{ user: AuthenticatedUser; claims: AccessTokenClaims }> {
  const token = bearerTokenOf(request);
  if (!token) throw unauthorized(SESSION_MESSAGES.missing);
  const checked = await tokens.checkAccessToken(token);
  const user = checked?.open ? await userForClaims(checked.claims, users, options) : null;
  if (!checked || !user) {
    if (checked)
      request.audit?.describe({ userId: checked.claims.userId, details: { reason: 'session_ended' } });
    throw unauthorized(SESSION_MESSAGES.invalid);
  }
  request.authUser = user;
  return { user, claims: checked.claims };
}

/** Resolves the bearer token into `request.authUser`, or answers 401. */
export async function authenticateRequest(
  request: FastifyRequest,
  tokens: TokenService,
  users: UserDirectory,
  options: { fresh: boolean } = { fresh: false },
): Promise<AuthenticatedUser> {
  return (await authenticateSession(request, tokens, users, options)).user;
}

export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.authUser) throw unauthorized(SESSION_MESSAGES.missing);
  return request.authUser;
}

import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/HttpError.js';
import type { TokenService } from './createTokenService.js';
import type { AuthenticatedUser, UserDirectory } from './userDirectory.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook on every protected route. */
    authUser: AuthenticatedUser | null;
  }
}

export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The user behind a token: null when the token is bad or expired, or the user is gone or inactive. */
export async function userForToken(
  token: string,
  tokens: TokenService,
  users: UserDirectory,
  options: { fresh: boolean },
): Promise<AuthenticatedUser | null> {
  const claims = await tokens.verifyAccessToken(token);
  if (!claims) return null;
  const user = options.fresh ? await users.getFresh(claims.userId) : await users.getCached(claims.userId);
  return user?.active ? user : null;
}

/** Resolves the bearer token into `request.authUser`, or answers 401. */
export async function authenticateRequest(
  request: FastifyRequest,
  tokens: TokenService,
  users: UserDirectory,
  options: { fresh: boolean } = { fresh: false },
): Promise<AuthenticatedUser> {
  const token = bearerTokenOf(request);
  if (!token) throw unauthorized('Authentication required');
  const user = await userForToken(token, tokens, users, options);
  if (!user) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
  request.authUser = user;
  return user;
}

export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.authUser) throw unauthorized('Authentication required');
  return request.authUser;
}

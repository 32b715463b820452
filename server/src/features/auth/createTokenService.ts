import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Clock } from '../../context/Clock.js';
import type { Queryable } from '../../db/Database.js';

export interface AccessTokenClaims {
  userId: number;
  /** Unique per token: what a sign-out or a rotation revokes. */
  jti: string;
  expiresAt: Date;
  /** The user's session epoch when the token was issued; deactivating the user advances it. */
  sessionEpoch: number;
}

/** A well-signed, unexpired token, and whether its session is still open. */
export interface CheckedAccessToken {
  claims: AccessTokenClaims;
  /** False once revoked, or once its user is inactive or was deactivated after it was issued. */
  open: boolean;
}

export interface TokenService {
  signAccessToken(user: { id: number; sessionEpoch: number }): Promise<string>;
  /** The claims of a valid token whose session is open, or null. */
  verifyAccessToken(token: string): Promise<AccessTokenClaims | null>;
  /** Null for a bad, expired or foreign token; otherwise its claims and whether its session is open. */
  checkAccessToken(token: string): Promise<CheckedAccessToken | null>;
  /** Ends the token's session; false when it had ended already (a parallel sign-out or rotation won). */
  revoke(claims: AccessTokenClaims): Promise<boolean>;
}

const ISSUER = 'ewrt-server';
// Only access tokens are JWTs; the setup and temp tokens of sign-in are opaque and kept server-side.
const ACCESS_TOKEN_TYPE = 'access';

/**
 * HS256 access tokens whose sessions live in the database: every check reads the revocation list and the user's
 * state there (never a process's memory), so a sign-out or a deactivation holds across restarts and instances.
 */
export function createTokenService(options: {
  secret: string;
  ttlSeconds: number;
  clock: Clock;
  db: Queryable;
}): TokenService {
  const { db, clock } = options;
  const key = new TextEncoder().encode(options.secret);

  async function claimsOf(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: clock(),
        requiredClaims: ['exp', 'sub', 'jti'],
      });
      if (payload.typ !== ACCESS_TOKEN_TYPE) return null;
      const userId = Number(payload.sub);
      const sessionEpoch = payload.sep;
      if (!Number.isInteger(userId) || userId <= 0) return null;
      if (typeof sessionEpoch !== 'number' || !Number.isInteger(sessionEpoch)) return null;
      if (typeof payload.jti !== 'string' || payload.exp === undefined) return null;
      return { userId, jti: payload.jti, expiresAt: new Date(payload.exp * 1000), sessionEpoch };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  async function isOpen(claims: AccessTokenClaims): Promise<boolean> {
    const { rows } = await db.query<{ open: boolean }>(
      `SELECT (u.user_active = 1 AND u.session_epoch = $2
               AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $3)) AS open
         FROM users u WHERE u.id = $1`,
      [claims.userId, claims.sessionEpoch, claims.jti],
    );
    return rows[0]?.open === true;
  }

  async function checkAccessToken(token: string): Promise<CheckedAccessToken | null> {
    const claims = await claimsOf(token);
    return claims ? { claims, open: await isOpen(claims) } : null;
  }

  return {
    async signAccessToken(user) {
      const nowSeconds = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ typ: ACCESS_TOKEN_TYPE, sep: user.sessionEpoch })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setJti(randomUUID())
        .setIssuer(ISSUER)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + options.ttlSeconds)
        .sign(key);
    },
    checkAccessToken,
    async verifyAccessToken(token) {
      const checked = await checkAccessToken(token);
      return checked?.open ? checked.claims : null;
    },
    async revoke(claims) {
      const now = clock();
      // A revocation outlives its token by nothing: once the token has expired, its row is dropped.
      await db.query(`DELETE FROM revoked_tokens WHERE expires_at <= $1`, [now]);
      const { rows } = await db.query(
        `INSERT INTO revoked_tokens (jti, user_id, revoked_at, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (jti) DO NOTHING RETURNING jti`,
        [claims.jti, claims.userId, now, claims.expiresAt],
      );
      return rows.length === 1;
    },
  };
}

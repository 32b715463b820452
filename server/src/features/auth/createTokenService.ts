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

/** The token a refresh answers, and whether this refresh made it (false: the same refresh sent again). */
export interface RotatedToken {
  token: string;
  first: boolean;
}

export interface TokenService {
  signAccessToken(user: { id: number; sessionEpoch: number }): Promise<string>;
  /** The claims of a valid token whose session is open, or null. */
  verifyAccessToken(token: string): Promise<AccessTokenClaims | null>;
  /** Null for a bad, expired or foreign token; otherwise its claims and whether its session is open. */
  checkAccessToken(token: string): Promise<CheckedAccessToken | null>;
  /**
   * The token that replaces the presented one. The same refresh sent again within the grace answers the same new
   * token, as long as that token has not been used or revoked; otherwise null (the session has moved on or ended).
   */
  rotate(claims: AccessTokenClaims): Promise<RotatedToken | null>;
  /**
   * Ends the token's session, and the token that replaced it if it is still in its grace; false when it had
   * ended already (a parallel sign-out won).
   */
  revoke(claims: AccessTokenClaims): Promise<boolean>;
}

/**
 * How long a rotated token keeps working, and a refresh with it answers the same new token, while that new token
 * has not been used: long enough for a reload or a second tab that never saw the refresh's answer.
 */
export const REFRESH_GRACE_SECONDS = 30;

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

  /**
   * Whether the token's session is open: its user active in the epoch it was issued in, the token not revoked,
   * and, once rotated, its successor unused and unrevoked within the grace. Presenting a token is using it: the
   * token it replaced stops working (and stops being refreshable) at once.
   */
  async function isOpen(claims: AccessTokenClaims): Promise<boolean> {
    const { rows } = await db.query<{ open: boolean }>(
      `WITH used AS (
         UPDATE token_rotations SET new_used_at = $4 WHERE new_jti = $3 AND new_used_at IS NULL
       )
       SELECT (u.user_active = 1 AND u.session_epoch = $2
               AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $3)
               AND NOT EXISTS (SELECT 1 FROM token_rotations t
                                WHERE t.old_jti = $3
                                  AND (t.new_used_at IS NOT NULL OR t.grace_ends_at <= $4
                                       OR EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = t.new_jti)))
              ) AS open
         FROM users u WHERE u.id = $1`,
      [claims.userId, claims.sessionEpoch, claims.jti, clock()],
    );
    return rows[0]?.open === true;
  }

  function sign(token: {
    userId: number;
    sessionEpoch: number;
    jti: string;
    issuedAt: Date;
    expiresAt: Date;
  }) {
    return new SignJWT({ typ: ACCESS_TOKEN_TYPE, sep: token.sessionEpoch })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(token.userId))
      .setJti(token.jti)
      .setIssuer(ISSUER)
      .setIssuedAt(token.issuedAt.getTime() / 1000)
      .setExpirationTime(token.expiresAt.getTime() / 1000)
      .sign(key);
  }

  /** The moment as the token writes it: whole seconds. */
  const wholeSeconds = (moment: Date) => new Date(Math.floor(moment.getTime() / 1000) * 1000);
  const secondsLater = (moment: Date, seconds: number) => new Date(moment.getTime() + seconds * 1000);

  async function checkAccessToken(token: string): Promise<CheckedAccessToken | null> {
    const claims = await claimsOf(token);
    return claims ? { claims, open: await isOpen(claims) } : null;
  }

  return {
    signAccessToken(user) {
      const issuedAt = wholeSeconds(clock());
      const expiresAt = secondsLater(issuedAt, options.ttlSeconds);
      return sign({
        userId: user.id,
        sessionEpoch: user.sessionEpoch,
        jti: randomUUID(),
        issuedAt,
        expiresAt,
      });
    },
    checkAccessToken,
    async verifyAccessToken(token) {
      const checked = await checkAccessToken(token);
      return checked?.open ? checked.claims : null;
    },
    async rotate(claims) {
      const now = clock();
      await db.query(`DELETE FROM token_rotations WHERE expires_at <= $1`, [now]);
      const issuedAt = wholeSeconds(now);
      const expiresAt = secondsLater(issuedAt, options.ttlSeconds);
      const inserted = await db.query(
        `INSERT INTO token_rotations
           (old_jti, user_id, new_jti, new_issued_at, new_expires_at, grace_ends_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (old_jti) DO NOTHING RETURNING old_jti`,
        [
          claims.jti,
          claims.userId,
          randomUUID(),
          issuedAt,
          expiresAt,
          secondsLater(now, REFRESH_GRACE_SECONDS),
          claims.expiresAt,
        ],
      );
      // Whether this refresh made the rotation or repeats one, the answer is signed from the row: one new token.
      const { rows } = await db.query<{ new_jti: string; new_issued_at: Date; new_expires_at: Date }>(
        `SELECT t.new_jti, t.new_issued_at, t.new_expires_at FROM token_rotations t
          WHERE t.old_jti = $1 AND t.new_used_at IS NULL AND t.grace_ends_at > $2
            AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = t.new_jti)`,
        [claims.jti, now],
      );
      const row = rows[0];
      if (!row) return null;
      const token = await sign({
        userId: claims.userId,
        sessionEpoch: claims.sessionEpoch,
        jti: row.new_jti,
        issuedAt: new Date(row.new_issued_at),
        expiresAt: new Date(row.new_expires_at),
      });
      return { token, first: inserted.rows.length === 1 };
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
      // Signing out with a token in its grace ends the session it was rotated into, which nobody has used yet.
      await db.query(
        `INSERT INTO revoked_tokens (jti, user_id, revoked_at, expires_at)
         SELECT new_jti, user_id, $2, new_expires_at FROM token_rotations WHERE old_jti = $1
         ON CONFLICT (jti) DO NOTHING`,
        [claims.jti, now],
      );
      return rows.length === 1;
    },
  };
}

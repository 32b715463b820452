import type { LoginRequest, LoginResponse, LogoutResponse, RefreshTokenResponse } from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { forbidden, HttpError, unauthorized } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import { usernameKeyOf, type AttemptReservation, type LoginRateLimiter } from './createLoginRateLimiter.js';
import type { AccessTokenClaims, TokenService } from './createTokenService.js';
import {
  consumeLoginChallenge,
  createLoginChallenge,
  findLoginChallenge,
  type ChallengePurpose,
} from './loginChallenges.js';
import type { PasswordVerifier } from './passwords.js';
import { createTotpSecret, matchTotpStep } from './totp.js';
import type { AuthenticatedUser, UserDirectory } from './userDirectory.js';

export const LOGIN_MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  inactive: 'Your account is inactive. Please contact your administrator.',
  invalidCode: 'Invalid verification code',
  codeAlreadyUsed: 'This code has already been used. Please wait for the next code.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  userGone: 'Your session is invalid or has expired. Please sign in again.',
  signedOut: 'You have been signed out.',
} as const;

/** How long to wait, in the words of the 429 message: whole minutes from one minute up, else seconds. */
export function waitPhrase(seconds: number): string {
  if (seconds >= 60) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

interface CredentialRow {
  id: number;
  username: string;
  password_hash: string;
  user_active: number;
  totp_secret: string | null;
}

/** Where a sign-in request comes from: the rate limits count per address as well as per account. */
export interface SignInAttempt {
  ip: string;
  audit: RequestAudit;
}

export interface LoginServiceDeps {
  db: Database;
  clock: Clock;
  challengeTtlSeconds: number;
  rateLimiter: LoginRateLimiter;
  passwords: PasswordVerifier;
  tokens: TokenService;
  users: UserDirectory;
}

/**
 * Sign-in in two steps (AUTH-01): credentials, then a two-factor code, set up on the first sign-in. Every
 * attempt is counted against the account and the address before the password or code is checked (a right one
 * is then released), so the limits hold however many attempts arrive at once; each code and step token works once.
 */
export function createLoginService(deps: LoginServiceDeps) {
  const { db, clock, rateLimiter, passwords, tokens, users } = deps;

  /** Counts the attempt, or refuses it with 429 saying when to try again. */
  async function reserveAttempt(
    usernameKey: string | null,
    userId: number | null,
    attempt: SignInAttempt,
  ): Promise<AttemptReservation> {
    const result = await rateLimiter.reserve(usernameKey, attempt.ip);
    if (result.granted) return result.reservation;
    attempt.audit.describe({
      userId,
      details: { reason: 'too_many_attempts', username: usernameKey, retry_after: result.retryAfterSeconds },
    });
    throw new HttpError(
      429,
      `Too many sign-in attempts. Please wait ${waitPhrase(result.retryAfterSeconds)} and try again.`,
      {},
      { 'Retry-After': String(result.retryAfterSeconds) },
    );
  }

  /** Names the refusal in the audit row (its attempt stays counted); returns the error to throw. */
  function refusal(
    attempt: SignInAttempt,
    usernameKey: string | null,
    userId: number | null,
    reason: string,
    error: HttpError,
  ): HttpError {
    attempt.audit.describe({ userId, details: { reason, username: usernameKey } });
    return error;
  }

  async function issueSession(attempt: SignInAttempt, userId: number, usernameKey: string, method: string) {
    await db.query(`UPDATE users SET last_login = $2 WHERE id = $1`, [userId, clock()]);
    await rateLimiter.recordSignIn(usernameKey, attempt.ip);
    const user = await users.getFresh(userId);
    if (!user) throw unauthorized(LOGIN_MESSAGES.userGone);
    attempt.audit.describe({ userId, details: { method } });
    return { token: await tokens.signAccessToken(user), user: user.response };
  }

  const newChallenge = (userId: number, purpose: ChallengePurpose, pendingTotpSecret: string | null) => {
    const now = clock();
    const expiresAt = new Date(now.getTime() + deps.challengeTtlSeconds * 1000);
    return createLoginChallenge(db, { userId, purpose, pendingTotpSecret, expiresAt, now });
  };

  async function checkPassword(
    username: string,
    password: string,
    attempt: SignInAttempt,
  ): Promise<LoginResponse> {
    const usernameKey = usernameKeyOf(username);
    const reservation = await reserveAttempt(usernameKey, null, attempt);
    const { rows } = await db.query<CredentialRow>(
      `SELECT id, username, password_hash, user_active, totp_secret FROM users WHERE lower(username) = $1`,
      [usernameKey],
    );
    const row = rows[0];
    if (!row) {
      await passwords.verifyAgainstDummy(password);
      throw refusal(
        attempt,
        usernameKey,
        null,
        'unknown_user',
        unauthorized(LOGIN_MESSAGES.invalidCredentials),
      );
    }
    if (!(await passwords.verify(row.password_hash, password))) {
      throw refusal(
        attempt,
        usernameKey,
        row.id,
        'wrong_password',
        unauthorized(LOGIN_MESSAGES.invalidCredentials),
      );
    }
    await reservation.release();
    // Said only after the right password, so the answer never reveals whether an account exists.
    if (Number(row.user_active) !== 1) {
      attempt.audit.describe({ userId: row.id, details: { reason: 'inactive', username: usernameKey } });
      throw forbidden(LOGIN_MESSAGES.inactive);
    }
    // A right password is only a step: the sign-in is recorded when its two-factor code completes it.
    attempt.audit.skipSuccess();
    if (row.totp_secret) {
      return {
        requires_2fa: true,
        temp_token: await newChallenge(row.id, 'verify', null),
        message: 'Enter the 6-digit code from your authenticator app',
      };
    }
    const { secret, uri } = createTotpSecret(row.username);
    return {
      requires_2fa_setup: true,
      setup_token: await newChallenge(row.id, 'setup', secret),
      totp_secret: secret,
      totp_uri: uri,
      user_id: row.id,
      message: 'Set up two-factor authentication to continue',
    };
  }

  async function checkCode(
    purpose: ChallengePurpose,
    token: string,
    code: string,
    attempt: SignInAttempt,
  ): Promise<LoginResponse> {
    const now = clock();
    const challenge = await findLoginChallenge(db, token, purpose, now);
    if (!challenge) {
      await reserveAttempt(null, null, attempt);
      throw refusal(
        attempt,
        null,
        null,
        `unknown_${purpose}_token`,
        unauthorized(LOGIN_MESSAGES.challengeExpired),
      );
    }
    const { rows } = await db.query<CredentialRow>(
      `SELECT id, username, password_hash, user_active, totp_secret FROM users WHERE id = $1`,
      [challenge.userId],
    );
    const row = rows[0];
    if (!row) throw unauthorized(LOGIN_MESSAGES.challengeExpired);
    const usernameKey = usernameKeyOf(row.username);
    attempt.audit.describe({ userId: row.id });
    const reservation = await reserveAttempt(usernameKey, row.id, attempt);
    if (Number(row.user_active) !== 1) {
      await reservation.release();
      throw forbidden(LOGIN_MESSAGES.inactive);
    }

    const secret = purpose === 'setup' ? challenge.pendingTotpSecret : row.totp_secret;
    const step = secret ? matchTotpStep(secret, code.trim(), now) : null;
    if (step === null) {
      throw refusal(attempt, usernameKey, row.id, 'wrong_code', unauthorized(LOGIN_MESSAGES.invalidCode));
    }

    const accepted = await db.transaction(async (tx) => {
      // Each code works once: the step must be later than the last one accepted for this user.
      const stepUpdate =
        purpose === 'setup'
          ? await tx.query(
              `UPDATE users SET totp_secret = $2, totp_last_step = $3 WHERE id = $1 AND totp_secret IS NULL RETURNING id`,
              [row.id, secret, step],
            )
          : await tx.query(
              `UPDATE users SET totp_last_step = $2
                WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
              [row.id, step],
            );
      if (stepUpdate.rows.length !== 1) return false;
      return consumeLoginChallenge(tx, challenge.tokenHash, now);
    });
    if (!accepted) {
      throw purpose === 'setup'
        ? refusal(
            attempt,
            usernameKey,
            row.id,
            'setup_already_completed',
            unauthorized(LOGIN_MESSAGES.challengeExpired),
          )
        : refusal(attempt, usernameKey, row.id, 'code_reused', unauthorized(LOGIN_MESSAGES.codeAlreadyUsed));
    }
    await reservation.release();
    if (purpose === 'setup') attempt.audit.also('auth.two_factor_enabled', { userId: row.id });
    return issueSession(attempt, row.id, usernameKey, purpose === 'setup' ? 'totp_setup' : 'totp');
  }

  return {
    /** One step of the sign-in, chosen by the fields the body carries. */
    signIn(body: LoginRequest, attempt: SignInAttempt): Promise<LoginResponse> {
      if ('setup_token' in body) return checkCode('setup', body.setup_token, body.totp_token, attempt);
      if ('temp_token' in body) return checkCode('verify', body.temp_token, body.totp_token, attempt);
      return checkPassword(body.username, body.password, attempt);
    },

    /**
     * Rotation: a new token for a signed-in user who is still active (read afresh, not from the cache). The same
     * refresh sent again within the grace (parallel, or its answer lost) answers the same new token, and the
     * rotation is audited once.
     */
    async refresh(
      user: AuthenticatedUser,
      presented: AccessTokenClaims,
      audit: RequestAudit,
    ): Promise<RefreshTokenResponse> {
      const rotated = await tokens.rotate(presented);
      if (!rotated) throw unauthorized(LOGIN_MESSAGES.userGone);
      if (!rotated.first) audit.skipSuccess();
      return { user: user.response, token: rotated.token };
    },

    /** Sign-out: the presented token stops working, on every server sharing the database. */
    async signOut(presented: AccessTokenClaims): Promise<LogoutResponse> {
      if (!(await tokens.revoke(presented))) throw unauthorized(LOGIN_MESSAGES.userGone);
      return { message: LOGIN_MESSAGES.signedOut };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;

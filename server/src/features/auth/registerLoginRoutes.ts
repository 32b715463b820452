import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/AppContext.js';
import { badRequest, forbidden, HttpError, unauthorized } from '../../http/HttpError.js';
import { recordAudit } from '../audit/recordAudit.js';
import { authenticateRequest } from './authenticateRequest.js';
import { usernameKeyOf } from './createLoginRateLimiter.js';
import {
  consumeLoginChallenge,
  createLoginChallenge,
  findLoginChallenge,
  type ChallengePurpose,
} from './loginChallenges.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { createTotpSecret, matchTotpStep } from './totp.js';
import type { AuthenticatedUser } from './userDirectory.js';

export const LOGIN_MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  inactive: 'Your account is inactive. Please contact your administrator.',
  malformed: 'Send a username and password, or a two-factor code with its token',
  credentialsRequired: 'Username and password are required',
  codeRequired: 'A two-factor code and its token are required',
  invalidCode: 'Invalid verification code',
  codeAlreadyUsed: 'This code has already been used. Please wait for the next code.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  userGone: 'Your session is invalid or has expired. Please sign in again.',
} as const;

const MAX_USERNAME_LENGTH = 200;
const MAX_PASSWORD_LENGTH = 1024;

interface CredentialRow {
  id: number;
  username: string;
  password_hash: string;
  user_active: number;
  totp_secret: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function registerLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, config, loginRateLimiter } = ctx;

  const tooManyAttempts = () =>
    new HttpError(
      429,
      `Too many sign-in attempts. Please wait ${Math.ceil(loginRateLimiter.windowSeconds / 60)} minutes and try again.`,
    );

  async function guardRate(
    usernameKey: string | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    if (await loginRateLimiter.isBlocked(usernameKey, request.ip)) {
      reply.header('Retry-After', String(loginRateLimiter.windowSeconds));
      throw tooManyAttempts();
    }
  }

  async function fail(
    request: FastifyRequest,
    usernameKey: string | null,
    userId: number | null,
    reason: string,
    error: HttpError,
  ) {
    await loginRateLimiter.recordFailure(usernameKey, request.ip);
    await recordAudit(db, request, {
      userId,
      action: 'auth.login_failed',
      details: { reason, username: usernameKey },
    });
    return error;
  }

  async function issueSession(request: FastifyRequest, userId: number, usernameKey: string, method: string) {
    await db.query(`UPDATE users SET last_login = $2 WHERE id = $1`, [userId, clock()]);
    await loginRateLimiter.clearUser(usernameKey);
    const user = await ctx.users.getFresh(userId);
    if (!user) throw unauthorized(LOGIN_MESSAGES.userGone);
    await recordAudit(db, request, { userId, action: 'auth.login_succeeded', details: { method } });
    return { token: await ctx.tokens.signAccessToken(userId), user: user.response };
  }

  const newChallenge = (userId: number, purpose: ChallengePurpose, pendingTotpSecret: string | null) => {
    const now = clock();
    const expiresAt = new Date(now.getTime() + config.loginChallengeTtlSeconds * 1000);
    return createLoginChallenge(db, { userId, purpose, pendingTotpSecret, expiresAt, now });
  };

  async function signInWithPassword(
    body: Record<string, unknown>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const { username, password } = body;
    if (
      typeof username !== 'string' ||
      typeof password !== 'string' ||
      username.trim() === '' ||
      password === ''
    ) {
      throw badRequest(LOGIN_MESSAGES.credentialsRequired);
    }
    if (username.length > MAX_USERNAME_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
      throw badRequest('Username or password is too long');
    }
    const usernameKey = usernameKeyOf(username);
    await guardRate(usernameKey, request, reply);
    const { rows } = await db.query<CredentialRow>(
      `SELECT id, username, password_hash, user_active, totp_secret FROM users WHERE lower(username) = $1`,
      [usernameKey],
    );
    const row = rows[0];
    if (!row) {
      await verifyAgainstDummy(password);
      throw await fail(
        request,
        usernameKey,
        null,
        'unknown_user',
        unauthorized(LOGIN_MESSAGES.invalidCredentials),
      );
    }
    if (!(await verifyPassword(row.password_hash, password))) {
      throw await fail(
        request,
        usernameKey,
        row.id,
        'wrong_password',
        unauthorized(LOGIN_MESSAGES.invalidCredentials),
      );
    }
    // Said only after the right password, so the answer never reveals whether an account exists.
    if (Number(row.user_active) !== 1) throw forbidden(LOGIN_MESSAGES.inactive);

    if (row.totp_secret) {
      const tempToken = await newChallenge(row.id, 'verify', null);
      return {
        requires_2fa: true,
        temp_token: tempToken,
        message: 'Enter the 6-digit code from your authenticator app',
      };
    }
    const { secret, uri } = createTotpSecret(row.username);
    const setupToken = await newChallenge(row.id, 'setup', secret);
    return {
      requires_2fa_setup: true,
      setup_token: setupToken,
      totp_secret: secret,
      totp_uri: uri,
      user_id: row.id,
      message: 'Set up two-factor authentication to continue',
    };
  }

  async function signInWithCode(
    purpose: ChallengePurpose,
    token: unknown,
    code: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (typeof token !== 'string' || token === '' || typeof code !== 'string')
      throw badRequest(LOGIN_MESSAGES.codeRequired);
    const now = clock();
    const challenge = await findLoginChallenge(db, token, purpose, now);
    if (!challenge) {
      await guardRate(null, request, reply);
      throw await fail(
        request,
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
    await guardRate(usernameKey, request, reply);
    if (Number(row.user_active) !== 1) throw forbidden(LOGIN_MESSAGES.inactive);

    const secret = purpose === 'setup' ? challenge.pendingTotpSecret : row.totp_secret;
    const step = secret ? matchTotpStep(secret, code.trim(), now) : null;
    if (step === null) {
      throw await fail(request, usernameKey, row.id, 'wrong_code', unauthorized(LOGIN_MESSAGES.invalidCode));
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
      if (purpose === 'setup') {
        throw await fail(
          request,
          usernameKey,
          row.id,
          'setup_already_completed',
          unauthorized(LOGIN_MESSAGES.challengeExpired),
        );
      }
      throw await fail(
        request,
        usernameKey,
        row.id,
        'code_reused',
        unauthorized(LOGIN_MESSAGES.codeAlreadyUsed),
      );
    }
    if (purpose === 'setup') {
      await recordAudit(db, request, { userId: row.id, action: 'auth.two_factor_enabled' });
    }
    return issueSession(request, row.id, usernameKey, purpose === 'setup' ? 'totp_setup' : 'totp');
  }

  app.post('/api/login', async (request, reply) => {
    const body = request.body;
    if (!isRecord(body)) throw badRequest(LOGIN_MESSAGES.malformed);
    if ('setup_token' in body)
      return signInWithCode('setup', body.setup_token, body.totp_token, request, reply);
    if ('temp_token' in body)
      return signInWithCode('verify', body.temp_token, body.totp_token, request, reply);
    if ('username' in body || 'password' in body) return signInWithPassword(body, request, reply);
    throw badRequest(LOGIN_MESSAGES.malformed);
  });

  app.post('/api/refresh-token', async (request) => {
    // Read from the database, not the cache: a deactivated account must not get a new token.
    const user: AuthenticatedUser = await authenticateRequest(request, ctx.tokens, ctx.users, {
      fresh: true,
    });
    return { user: user.response, token: await ctx.tokens.signAccessToken(user.id) };
  });
}

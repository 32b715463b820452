import type { Clock } from '../../context/Clock.js';
import type { Database, Queryable } from '../../db/Database.js';

/** One reserved attempt, counted before the password or code is checked. */
export interface AttemptReservation {
  /** The attempt was right: it stops counting against the account, the address and their pair. */
  release(): Promise<void>;
}

export type ReservationResult =
  { granted: true; reservation: AttemptReservation } | { granted: false; retryAfterSeconds: number };

export interface LoginRateLimiter {
  /**
   * Counts one attempt on the account (null when it is not known yet: an unknown sign-in token) from the
   * address, or refuses it, in one transaction whose row locks make parallel attempts queue: no more attempts
   * than the limits allow ever reach the password or code check.
   */
  reserve(accountKey: string | null, address: string): Promise<ReservationResult>;
  /** A completed sign-in: the pair's delay is forgotten and the address becomes known for the account. */
  recordSignIn(accountKey: string, address: string): Promise<void>;
}

export interface LoginRateLimits {
  /** Attempts on one account from addresses it has not signed in from, per window. */
  perAccount: number;
  /** Attempts from one address on accounts that have not signed in from it, per window. */
  perAddress: number;
  windowSeconds: number;
  /** Attempts on one account from one address before each further one waits 1 s, 2 s, 4 s ... */
  freeAttemptsPerAddress: number;
  /** How long an address where the account signed in stays exempt from the account and address ceilings. */
  knownAddressSeconds: number;
}

export function usernameKeyOf(username: string): string {
  return username.trim().toLowerCase();
}

/** The empty key stands for "any": the account row has no address, the address row no account. */
const ANY = '';

class Refused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('sign-in attempt refused');
  }
}

const secondsUntil = (moment: Date | string, now: Date) =>
  Math.max(1, Math.ceil((new Date(moment).getTime() - now.getTime()) / 1000));

/**
 * Sign-in attempts counted in the database before anything is checked, so the limits hold in parallel, across
 * restarts and across servers sharing one PostgreSQL. Three counters:
 * - the account and address pair: a few free attempts, then a delay that doubles with each attempt (capped at the
 *   window), so guessing from one place slows to a crawl without refusing anyone else;
 * - the account: a ceiling over every address that expires with the window, against guessing from many places;
 * - the address: a ceiling over every account, against one place trying many accounts.
 * An address where the account signed in recently skips both ceilings, so a stranger can neither lock the owner
 * out of their usual place nor lock out everyone behind a shared address who signed in there before.
 */
export function createLoginRateLimiter(
  db: Database,
  options: LoginRateLimits & { clock: Clock },
): LoginRateLimiter {
  const { perAccount, perAddress, windowSeconds, freeAttemptsPerAddress, knownAddressSeconds, clock } =
    options;
  const windowStartOf = (now: Date) => new Date(now.getTime() - windowSeconds * 1000);

  /** The attempt number after this one, restarting at 1 once the row's window has passed. */
  const nextCount = `CASE WHEN a.window_started_at <= $4 THEN 1 ELSE a.attempts + 1 END`;
  const delayAfter = (count: string) =>
    `make_interval(secs => CASE WHEN ${count} < $5 THEN 0 ELSE least($6, power(2, ${count} - $5)) END)`;

  async function reservePair(tx: Queryable, accountKey: string, address: string, now: Date) {
    const { rows } = await tx.query<{ last_success_at: Date | string | null }>(
      `INSERT INTO login_attempts AS a (account_key, address, attempts, window_started_at, next_attempt_at)
       VALUES ($1, $2, 1, $3, $3::timestamptz + ${delayAfter('1')})
       ON CONFLICT (account_key, address) DO UPDATE SET
         attempts = ${nextCount},
         window_started_at = CASE WHEN a.window_started_at <= $4 THEN $3 ELSE a.window_started_at END,
         next_attempt_at = $3::timestamptz + ${delayAfter(nextCount)}
       WHERE a.next_attempt_at IS NULL OR a.next_attempt_at <= $3
       RETURNING a.last_success_at`,
      [accountKey, address, now, windowStartOf(now), freeAttemptsPerAddress, windowSeconds],
    );
    const row = rows[0];
    if (!row) {
      const waiting = await tx.query<{ next_attempt_at: Date | string }>(
        `SELECT next_attempt_at FROM login_attempts WHERE account_key = $1 AND address = $2`,
        [accountKey, address],
      );
      throw new Refused(secondsUntil(waiting.rows[0]?.next_attempt_at ?? now, now));
    }
    const knownSince = now.getTime() - knownAddressSeconds * 1000;
    return row.last_success_at !== null && new Date(row.last_success_at).getTime() > knownSince;
  }

  async function reserveUnderCeiling(
    tx: Queryable,
    accountKey: string,
    address: string,
    limit: number,
    now: Date,
  ) {
    const { rows } = await tx.query(
      `INSERT INTO login_attempts AS a (account_key, address, attempts, window_started_at)
       VALUES ($1, $2, 1, $3)
       ON CONFLICT (account_key, address) DO UPDATE SET
         attempts = ${nextCount},
         window_started_at = CASE WHEN a.window_started_at <= $4 THEN $3 ELSE a.window_started_at END
       WHERE a.window_started_at <= $4 OR a.attempts < $5
       RETURNING a.attempts`,
      [accountKey, address, now, windowStartOf(now), limit],
    );
    if (rows.length === 0) {
      const waiting = await tx.query<{ window_started_at: Date | string }>(
        `SELECT window_started_at FROM login_attempts WHERE account_key = $1 AND address = $2`,
        [accountKey, address],
      );
      const started = waiting.rows[0]?.window_started_at ?? now;
      throw new Refused(secondsUntil(new Date(new Date(started).getTime() + windowSeconds * 1000), now));
    }
  }

  return {
    async reserve(accountKey, address) {
      const now = clock();
      try {
        // Always in the same order (pair, account, address), so parallel attempts queue and never deadlock.
        const taken = await db.transaction(async (tx) => {
          const rows: [string, string][] = [];
          let known = false;
          if (accountKey !== null) {
            known = await reservePair(tx, accountKey, address, now);
            rows.push([accountKey, address]);
          }
          if (!known) {
            if (accountKey !== null) {
              await reserveUnderCeiling(tx, accountKey, ANY, perAccount, now);
              rows.push([accountKey, ANY]);
            }
            await reserveUnderCeiling(tx, ANY, address, perAddress, now);
            rows.push([ANY, address]);
          }
          return rows;
        });
        return { granted: true, reservation: { release: () => release(taken) } };
      } catch (error) {
        if (error instanceof Refused) return { granted: false, retryAfterSeconds: error.retryAfterSeconds };
        throw error;
      }
    },

    async recordSignIn(accountKey, address) {
      const now = clock();
      await db.query(
        `INSERT INTO login_attempts AS a
           (account_key, address, attempts, window_started_at, next_attempt_at, last_success_at)
         VALUES ($1, $2, 0, $3, $3, $3)
         ON CONFLICT (account_key, address) DO UPDATE SET
           attempts = 0, window_started_at = $3, next_attempt_at = $3, last_success_at = $3`,
        [accountKey, address, now],
      );
      // Rows whose window, delay and known address have all lapsed say nothing any more.
      await db.query(
        `DELETE FROM login_attempts
          WHERE window_started_at <= $1 AND (next_attempt_at IS NULL OR next_attempt_at <= $2)
            AND (last_success_at IS NULL OR last_success_at <= $3)`,
        [windowStartOf(now), now, new Date(now.getTime() - knownAddressSeconds * 1000)],
      );
    },
  };

  async function release(rows: [string, string][]): Promise<void> {
    const now = clock();
    for (const [accountKey, address] of rows) {
      await db.query(
        `UPDATE login_attempts
            SET attempts = greatest(attempts - 1, 0),
                next_attempt_at = CASE WHEN next_attempt_at IS NOT NULL AND attempts - 1 < $3 THEN $4
                                     ELSE next_attempt_at END
          WHERE account_key = $1 AND address = $2`,
        [accountKey, address, freeAttemptsPerAddress, now],
      );
    }
  }
}

import type { Queryable } from '../../db/Database.js';
import type { Clock } from '../../context/Clock.js';

export interface LoginRateLimiter {
  /** True when the username or the address has used up its failed attempts in the current window. */
  isBlocked(usernameKey: string | null, ip: string): Promise<boolean>;
  recordFailure(usernameKey: string | null, ip: string): Promise<void>;
  /** A completed sign-in forgives the account's earlier failures (not the address's). */
  clearUser(usernameKey: string): Promise<void>;
  readonly windowSeconds: number;
}

export function usernameKeyOf(username: string): string {
  return username.trim().toLowerCase();
}

/** Failed sign-in attempts counted in the database, so the limits hold across restarts. */
export function createLoginRateLimiter(
  db: Queryable,
  options: { perUser: number; perIp: number; windowSeconds: number; clock: Clock },
): LoginRateLimiter {
  const windowStart = () => new Date(options.clock().getTime() - options.windowSeconds * 1000);
  return {
    windowSeconds: options.windowSeconds,
    async isBlocked(usernameKey, ip) {
      const { rows } = await db.query<{ user_failures: number; ip_failures: number }>(
        `SELECT count(*) FILTER (WHERE username_key = $1)::int AS user_failures,
                count(*) FILTER (WHERE ip = $2)::int AS ip_failures
           FROM login_failures
          WHERE attempted_at > $3 AND (username_key = $1 OR ip = $2)`,
        [usernameKey, ip, windowStart()],
      );
      const counts = rows[0] ?? { user_failures: 0, ip_failures: 0 };
      return (
        (usernameKey !== null && counts.user_failures >= options.perUser) ||
        counts.ip_failures >= options.perIp
      );
    },
    async recordFailure(usernameKey, ip) {
      await db.query(`DELETE FROM login_failures WHERE attempted_at <= $1`, [windowStart()]);
      await db.query(`INSERT INTO login_failures (username_key, ip, attempted_at) VALUES ($1, $2, $3)`, [
        usernameKey,
        ip,
        options.clock(),
      ]);
    },
    async clearUser(usernameKey) {
      await db.query(`DELETE FROM login_failures WHERE username_key = $1`, [usernameKey]);
    },
  };
}

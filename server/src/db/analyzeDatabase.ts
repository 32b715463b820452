import type { Queryable } from './Database.js';

/** Refreshes the planner's statistics of every table: after migrations, bulk changes and on a timer. */
export async function analyzeDatabase(db: Queryable): Promise<void> {
  await db.execute('ANALYZE');
}

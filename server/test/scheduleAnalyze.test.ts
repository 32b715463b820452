import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Queryable, QueryResult } from '../src/db/Database.js';
import { scheduleAnalyze } from '../src/db/scheduleAnalyze.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(5);
  }
}

/** A database whose write-ahead log position moves with every ANALYZE and every write the test makes. */
function createFakeDatabase() {
  let position = 100;
  const analyzed: number[] = [];
  const db: Queryable = {
    async query<T>(): Promise<QueryResult<T>> {
      return { rows: [{ position: `0/${position}` } as T], rowCount: 1 };
    },
    async execute(sql: string) {
      assert.equal(sql, 'ANALYZE');
      analyzed.push(position);
      position += 1;
    },
  };
  return {
    db,
    analyzed,
    write() {
      position += 10;
    },
  };
}

describe('the periodic ANALYZE of the embedded database', () => {
  it('runs on the first tick, then only after something was written, and never after it is stopped', async () => {
    const fake = createFakeDatabase();
    const errors: unknown[] = [];
    const stop = scheduleAnalyze(fake.db, 10, (error) => errors.push(error));
    try {
      await waitFor(() => fake.analyzed.length === 1, 'the first ANALYZE');
      await sleep(80);
      assert.equal(fake.analyzed.length, 1, 'nothing was written since: no second ANALYZE');
      fake.write();
      await waitFor(() => fake.analyzed.length === 2, 'the ANALYZE after a write');
    } finally {
      stop();
    }
    const count = fake.analyzed.length;
    fake.write();
    await sleep(80);
    assert.equal(fake.analyzed.length, count);
    assert.deepEqual(errors, []);
  });

  it('reports a failed ANALYZE and tries again at the next tick', async () => {
    const errors: unknown[] = [];
    let attempts = 0;
    const failing: Queryable = {
      query: async <T>() => ({ rows: [{ position: '0/1' } as T], rowCount: 1 }),
      execute: async () => {
        attempts += 1;
        throw new Error('disk full');
      },
    };
    const stop = scheduleAnalyze(failing, 10, (error) => errors.push(error));
    try {
      await waitFor(() => attempts >= 2, 'a second attempt');
    } finally {
      stop();
    }
    assert.match(String(errors[0]), /disk full/);
  });
});

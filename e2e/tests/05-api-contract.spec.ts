import { createRequire } from 'node:module';
import { apiGet } from '../support/api';
import { DEMO_USERS } from '../support/demoAccounts';
import { expect, test } from '../support/fixtures';

// @ewrt/shared is TypeScript source in a package without "type": "module": an ES module test can load it only as
// CommonJS, which Playwright's require hook compiles.
const { ACCESS_LEVELS } = createRequire(import.meta.url)('@ewrt/shared') as typeof import('@ewrt/shared');

interface AccessLevelRow {
  ID_Access_level: number;
  txt_access_level: string;
}

test('GET /api/access-levels returns exactly the access levels the shared package defines', async () => {
  const answer = await apiGet<{ access_levels: AccessLevelRow[] }>(
    '/api/access-levels',
    DEMO_USERS.admin.username,
  );
  expect(answer.status).toBe(200);
  const fromServer = answer.body.access_levels
    .map((row) => ({ id: row.ID_Access_level, label: row.txt_access_level }))
    .sort((a, b) => a.id - b.id);
  const fromShared = ACCESS_LEVELS.map((level) => ({ id: level.id, label: level.label })).sort(
    (a, b) => a.id - b.id,
  );
  expect(fromServer).toEqual(fromShared);
});

import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { apiCalls, CALL_GROUPS, type CallDefinition } from '@ewrt/contract';

// Browsers take each call's method and path from contract/src/callRoutes.ts, without the schemas (TypeBox stays
// out of their bundles). That table is written from the contract here: WRITE_CALL_ROUTES=1 rewrites it.

const ROUTES_FILE = fileURLToPath(new URL('../../contract/src/callRoutes.ts', import.meta.url));

async function renderCallRoutes(): Promise<string> {
  const entries = Object.entries(apiCalls as Record<string, CallDefinition>).map(
    ([name, call]) => `  ${name}: { method: '${call.method}', url: '${call.url}' },`,
  );
  const text = `// Written by server/test/callRoutes.test.ts from the contract's calls (WRITE_CALL_ROUTES=1 rewrites it).
// Browsers take each call's method and path from here and its types from the contract: no TypeBox in their bundles.
import type { ApiCallName, ApiCalls } from './apiCalls.js';
import type { HttpMethod } from './defineCall.js';

export interface CallRoute {
  method: HttpMethod;
  /** Fastify's path syntax: \`/api/patients/:id\`. */
  url: string;
}

export const CALL_ROUTES = {
${entries.join('\n')}
} as const satisfies { [Name in ApiCallName]: Pick<ApiCalls[Name], 'method' | 'url'> };
`;
  return format(text, { ...(await resolveConfig(ROUTES_FILE)), filepath: ROUTES_FILE });
}

describe('the call names', () => {
  it('name every call of every module once', () => {
    const all = Object.values(CALL_GROUPS).flatMap((group) => Object.keys(group));
    const repeated = all.filter((name, index) => all.indexOf(name) !== index);
    assert.deepEqual(repeated, []);
    assert.equal(Object.keys(apiCalls).length, all.length);
  });

  it("give the browsers' route table exactly the contract's methods and paths", async () => {
    const expected = await renderCallRoutes();
    if (process.env.WRITE_CALL_ROUTES === '1') await writeFile(ROUTES_FILE, expected);
    const actual = await readFile(ROUTES_FILE, 'utf8').catch(() => '');
    assert.equal(
      actual,
      expected,
      'contract/src/callRoutes.ts is out of date: rerun this test with WRITE_CALL_ROUTES=1',
    );
  });
});

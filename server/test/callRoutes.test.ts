import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { apiCalls, CALL_GROUPS, type CallDefinition } from '@ewrt/contract';

// Browsers take each call's method and path from contract/src/callRoutes.ts, without the schemas (TypeBox stays
// out of their bundles). That table is written from the contract here: WRITE_CALL_ROUTES=1 rewrites it.

const ROUTES_FILE = fileURLToPath(new URL('../../contract/src/callRoutes.ts', import.meta.url));

/** The one 2xx status the call declares; a file download declares none and answers 200. */
function successStatusOf(call: CallDefinition): number {
  const statuses = Object.keys(call.schema.response).map(Number);
  const success = statuses.filter((status) => status >= 200 && status < 300);
  assert.ok(success.length <= 1, `${call.method} ${call.url} declares more than one success status`);
  return success[0] ?? 200;
}

async function renderCallRoutes(): Promise<string> {
  const calls = Object.entries(apiCalls as Record<string, CallDefinition>);
  const entries = calls.map(([name, call]) => `  ${name}: { method: '${call.method}', url: '${call.url}' },`);
  const statuses = calls.map(([name, call]) => `  ${name}: ${successStatusOf(call)},`);
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

/** Each call's success status (200 for a file download): test answers send it. Unused by the apps, so not bundled. */
export const CALL_SUCCESS_STATUSES = {
${statuses.join('\n')}
} as const satisfies { [Name in ApiCallName]: number };
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

  it("give the browsers' route table exactly the contract's methods, paths and success statuses", async () => {
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

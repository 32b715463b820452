import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiCalls, type CallDefinition } from '@ewrt/contract';
import { createTestServer, signIn, type TestServer } from './support/testServer.js';

interface ParamSchema {
  type?: string;
}

// Every call of the contract: a call added there with an id in its path is covered here without being listed.
const CALLS: [string, CallDefinition][] = Object.entries(apiCalls as Record<string, CallDefinition>);

const pathParamsOf = (call: CallDefinition) => [...call.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
const paramSchemaOf = (call: CallDefinition, name: string) =>
  (call.schema.params as { properties?: Record<string, ParamSchema> } | undefined)?.properties?.[name];

const ID_CALLS = CALLS.filter(([, call]) =>
  pathParamsOf(call).some((name) => paramSchemaOf(call, name)?.type === 'integer'),
);

/** Written as a path carries them (percent-encoded where a character needs it), with what each one is. */
const NOT_IDS: [string, string][] = [
  ['1.5', 'a fraction'],
  ['1e3', 'an exponent'],
  ['0x10', 'a hexadecimal number'],
  ['01', 'a leading zero'],
  ['%2B1', 'a plus sign'],
  ['%201', 'a leading space'],
  ['1%20', 'a trailing space'],
  ['0', 'zero'],
  ['-1', 'a negative number'],
  ['2147483648', 'beyond the largest id'],
  ['99999999999999999999', 'beyond the largest safe integer'],
  ['true', 'a boolean'],
];

/** A valid-looking value for a path parameter that is not the one under test (text ones are keys or tokens). */
const otherValue = (schema: ParamSchema | undefined) =>
  schema?.type === 'integer' ? '1' : 'abcdefghijklmnop0123';

let server: TestServer;
let token: string;

before(async () => {
  server = await createTestServer({ API_RATE_LIMIT_PER_MINUTE: '0' });
  token = await signIn(server, 'admin');
});
after(() => server.close());

async function send(call: CallDefinition, params: Record<string, string>) {
  const url = call.url.replace(/:(\w+)/g, (_match, name: string) => params[name]!);
  return server.app.inject({ method: call.method, url, headers: { authorization: `Bearer ${token}` } });
}

describe('path ids', () => {
  it('every path parameter of every call is declared, and every id among them is an integer', () => {
    assert.ok(ID_CALLS.length >= 40, `only ${ID_CALLS.length} calls with an id found`);
    for (const [name, call] of CALLS) {
      for (const param of pathParamsOf(call)) {
        const schema = paramSchemaOf(call, param);
        assert.ok(schema, `${name}: :${param} is not declared in its params`);
        if (/(^id$|Id$)/.test(param)) assert.equal(schema.type, 'integer', `${name}: :${param} is an id`);
      }
    }
  });

  for (const [name, call] of ID_CALLS) {
    it(`${call.method} ${call.url} (${name}) answers 400 with a message for anything but canonical digits`, async () => {
      const params = pathParamsOf(call);
      for (const param of params.filter((each) => paramSchemaOf(call, each)?.type === 'integer')) {
        const others = Object.fromEntries(
          params.map((each) => [each, otherValue(paramSchemaOf(call, each))]),
        );
        const refusals = new Set<string>();
        for (const [text, kind] of NOT_IDS) {
          const response = await send(call, { ...others, [param]: text });
          assert.equal(response.statusCode, 400, `:${param} as ${kind} (${text}): ${response.body}`);
          const { message } = response.json() as { message?: unknown };
          assert.ok(typeof message === 'string' && message.length > 0, `:${param} as ${kind}: no message`);
          refusals.add(message);
        }
        // The same path with a real id gets past the check (it may still be refused for another reason).
        const valid = await send(call, others);
        assert.ok(
          valid.statusCode !== 400 || !refusals.has((valid.json() as { message?: string }).message ?? ''),
          `:${param} as 1 is refused like a malformed id: ${valid.body}`,
        );
      }
    });
  }
});

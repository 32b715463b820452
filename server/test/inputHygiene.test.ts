import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { authCalls, directoryCalls, healthCalls, patientCalls, type CallDefinition } from '@ewrt/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

// Every part-1 call, as the contract declares it: a call added there is covered here, or this test says what
// it is missing.
const CALLS: Record<string, CallDefinition> = {
  ...authCalls,
  ...patientCalls,
  ...directoryCalls,
  ...healthCalls,
};

/** A valid request of one call (one per form for a body that is a union, like sign-in's three steps). */
interface RequestForm {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/**
 * The fields that are names or identifiers (control and invisible characters refused), by call. Every other
 * text field must still refuse NUL and unpaired surrogates and never fail with a 500.
 */
const PATIENT_FORM_TEXT_FIELDS = [
  'FirstName',
  'Surname',
  'MRN',
  'Solicitorname',
  'Solicitorcompany',
  'Solicitorreference',
  'Ourreference',
] as const;
const NAMES_AND_IDENTIFIERS: Record<string, readonly string[]> = {
  createPatient: PATIENT_FORM_TEXT_FIELDS,
  updatePatient: PATIENT_FORM_TEXT_FIELDS,
  checkDuplicatePatient: ['FirstName', 'Surname'],
};

type Location = 'body' | 'query' | 'params';

interface BadValue {
  kind: string;
  /** As a JSON string value (sent escaped by JSON.stringify, so a lone surrogate travels as `\ud800`). */
  json: string;
  /** As it goes into a URL, percent-encoded; a lone surrogate has no UTF-8 form, so its CESU-8 bytes stand in. */
  url: string;
  /** Whether `url` still carries the character once decoded (invalid UTF-8 decodes to something else). */
  urlCarriesIt: boolean;
  /** Refused with 400 naming the field, in every text field ('all'), in names and identifiers, or neither. */
  refusedIn: 'all' | 'names' | 'none';
}

const BAD_TEXT: BadValue[] = [
  { kind: 'a NUL byte', json: 'Ann\u0000e', url: 'Ann%00e', urlCarriesIt: true, refusedIn: 'all' },
  {
    kind: 'a lone high surrogate',
    json: 'Ann\ud800e',
    url: 'Ann%ED%A0%80e',
    urlCarriesIt: false,
    refusedIn: 'all',
  },
  {
    kind: 'a lone low surrogate',
    json: '\udc00Ann',
    url: '%ED%B0%80Ann',
    urlCarriesIt: false,
    refusedIn: 'all',
  },
  { kind: 'a control character', json: 'Ann\u0007e', url: 'Ann%07e', urlCarriesIt: true, refusedIn: 'names' },
  { kind: 'a line break', json: 'Ann\ne', url: 'Ann%0Ae', urlCarriesIt: true, refusedIn: 'names' },
  {
    kind: 'a zero-width space',
    json: 'Ann\u200be',
    url: 'Ann%E2%80%8Be',
    urlCarriesIt: true,
    refusedIn: 'names',
  },
  {
    kind: 'a right-to-left override',
    json: 'Ann\u202ee',
    url: 'Ann%E2%80%AEe',
    urlCarriesIt: true,
    refusedIn: 'names',
  },
  {
    kind: 'a byte-order mark',
    json: '\ufeffAnn',
    url: '%EF%BB%BFAnn',
    urlCarriesIt: true,
    refusedIn: 'names',
  },
  {
    kind: 'an over-long value',
    json: 'x'.repeat(20_000),
    url: 'x'.repeat(5_000),
    urlCarriesIt: true,
    refusedIn: 'none',
  },
  { kind: 'malformed UTF-8', json: 'Ann', url: 'Ann%C0%AF', urlCarriesIt: false, refusedIn: 'none' },
];

/** Values of the wrong JSON type for every body field (no field takes a fraction): refused with 400. */
const WRONG_TYPES: unknown[] = [12.5, ['Ann'], { nested: 'Ann' }, true];

interface SchemaNode {
  type?: string;
  title?: string;
  format?: string;
  anyOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
}

const acceptsText = (schema: SchemaNode): boolean =>
  schema.type === 'string' || (schema.anyOf ?? []).some(acceptsText);

const objectVariants = (schema: SchemaNode | undefined): SchemaNode[] =>
  schema === undefined ? [] : schema.anyOf ? schema.anyOf : [schema];

const schemaParts = (call: CallDefinition) => ({
  params: call.schema.params as SchemaNode | undefined,
  querystring: call.schema.querystring as SchemaNode | undefined,
  body: call.schema.body as SchemaNode | undefined,
});

/** Of a body that is a union, the variant a form fills in (all its required fields present). */
function variantOf(schema: SchemaNode, body: Record<string, unknown>): SchemaNode | undefined {
  return objectVariants(schema).find((variant) => (variant.required ?? []).every((name) => name in body));
}

let server: TestServer;
let token: string;
let forms: Record<string, RequestForm[]>;
let remoteAddress = 0;

before(async () => {
  // No general rate limit: this test sends a few hundred requests from one address on purpose.
  server = await createTestServer({ API_RATE_LIMIT_PER_MINUTE: '0' });
  token = await signIn(server, 'dr.patel');
  const patientId = String(await patientIdByMrn(server, 'DEMO-1001'));
  const patientForm = {
    FirstName: 'Ann',
    Surname: 'Hygiene',
    DateOfBirth: '1980-01-01',
    MRN: 'DEMO-9901',
    DateofEvent: '2020-05-06',
    Solicitorname: 'Kay Law',
    Solicitorcompany: 'Law & Co',
    Solicitorreference: 'SR-1',
    Ourreference: 'OR-1',
  };
  forms = {
    login: [
      { body: { username: 'no.such.user', password: 'not-the-password' } },
      { body: { setup_token: 'not-a-setup-token', totp_token: '123456' } },
      { body: { temp_token: 'not-a-temp-token', totp_token: '123456' } },
    ],
    searchPatients: [{ query: { term: 'Ann', page: '1' } }],
    searchPatientsAdvanced: [
      {
        query: {
          FirstName: 'Ann',
          Surname: 'Hy',
          MRN: 'DEMO',
          Solicitorname: 'Kay',
          Solicitorcompany: 'Law',
          Solicitorreference: 'SR',
        },
      },
    ],
    checkDuplicatePatient: [
      { body: { FirstName: 'Ann', Surname: 'Hygiene', DateOfBirth: '1980-01-01', excludePatientId: 1 } },
    ],
    createPatient: [{ body: patientForm }],
    getPatient: [{ params: { id: patientId } }],
    updatePatient: [{ params: { id: patientId }, body: patientForm }],
    recordPatientAccess: [{ params: { id: patientId } }],
    deleteAllPatientData: [{ params: { id: patientId } }],
    getUserName: [{ params: { id: '1' } }],
  };
});
after(() => server.close());

function urlOf(call: CallDefinition, params: Record<string, string>, query: Record<string, string>): string {
  const path = call.url.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? '');
  const search = Object.entries(query)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

const encodeQuery = (query: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(query).map(([name, value]) => [name, encodeURIComponent(value)]));

async function send(
  call: CallDefinition,
  parts: { params?: Record<string, string>; query?: Record<string, string>; payload?: string },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  remoteAddress += 1;
  return server.app.inject({
    method: call.method,
    url: urlOf(call, parts.params ?? {}, parts.query ?? {}),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    // A fresh address for every request, so the sign-in limits of one address never answer instead.
    remoteAddress: `10.9.${Math.floor(remoteAddress / 250)}.${(remoteAddress % 250) + 1}`,
    ...(parts.payload === undefined ? {} : { payload: parts.payload as InjectOptions['payload'] }),
  });
}

/** Never a server error, and a failure is `{ message }` (plus `errors`) without framework internals. */
function assertClientAnswer(response: LightMyRequestResponse, what: string): { message?: string } {
  assert.ok(response.statusCode < 500, `${what}: ${response.statusCode} ${response.body}`);
  if (response.statusCode < 400) return {};
  const answer = response.json() as Record<string, unknown>;
  assert.equal(typeof answer.message, 'string', `${what}: ${response.body}`);
  for (const key of Object.keys(answer)) assert.ok(['message', 'errors'].includes(key), `${what}: ${key}`);
  return answer as { message: string };
}

function assertRefusedNaming(response: LightMyRequestResponse, labels: string[], what: string): void {
  const { message } = assertClientAnswer(response, what);
  assert.equal(response.statusCode, 400, `${what}: ${response.body}`);
  assert.ok(
    labels.some((label) => message!.toLowerCase().includes(label.toLowerCase())),
    `${what}: "${message}" names none of ${labels.join(', ')}`,
  );
}

describe('every text field of every part-1 call', () => {
  it('has a valid request form here, one for each body a call takes', () => {
    for (const [name, call] of Object.entries(CALLS)) {
      const { params, querystring, body } = schemaParts(call);
      if (!params && !querystring && !body) continue;
      const callForms = forms[name];
      assert.ok(callForms?.length, `no request form for ${name}`);
      for (const variant of objectVariants(body)) {
        const filled = callForms.some(
          (form) => form.body !== undefined && variantOf(body!, form.body) === variant,
        );
        assert.ok(filled, `no form of ${name} fills ${Object.keys(variant.properties ?? {}).join(', ')}`);
      }
    }
  });

  it('refuses NUL and unpaired surrogates, and control and invisible characters in names, naming the field; nothing answers 500', async () => {
    let checked = 0;
    for (const [name, call] of Object.entries(CALLS)) {
      const schemas = schemaParts(call);
      for (const form of forms[name] ?? []) {
        const targets: { location: Location; field: string; schema: SchemaNode }[] = [];
        const bodySchema = form.body && schemas.body ? variantOf(schemas.body, form.body) : undefined;
        for (const [field, schema] of Object.entries(bodySchema?.properties ?? {})) {
          targets.push({ location: 'body', field, schema });
        }
        for (const [field, schema] of Object.entries(schemas.querystring?.properties ?? {})) {
          targets.push({ location: 'query', field, schema });
        }
        for (const [field, schema] of Object.entries(schemas.params?.properties ?? {})) {
          targets.push({ location: 'params', field, schema });
        }
        for (const { location, field, schema } of targets) {
          const labels = [field, schema.title ?? field, ...(schema.anyOf ?? []).map((v) => v.title ?? field)];
          const isName = NAMES_AND_IDENTIFIERS[name]?.includes(field) ?? false;
          for (const bad of BAD_TEXT) {
            const what = `${name} ${location}.${field} with ${bad.kind}`;
            let response: LightMyRequestResponse;
            if (location === 'body') {
              const body = { ...form.body, [field]: bad.json };
              response = await send(call, { params: form.params, payload: JSON.stringify(body) });
            } else {
              const query = {
                ...encodeQuery(form.query),
                ...(location === 'query' ? { [field]: bad.url } : {}),
              };
              const params = { ...form.params, ...(location === 'params' ? { [field]: bad.url } : {}) };
              response = await send(call, {
                params,
                query,
                payload: form.body && JSON.stringify(form.body),
              });
            }
            checked += 1;
            const refused =
              acceptsText(schema) &&
              (location === 'body' || bad.urlCarriesIt) &&
              (bad.refusedIn === 'all' || (bad.refusedIn === 'names' && isName));
            assertClientAnswer(response, what);
            if (location === 'params') {
              // Path parameters are ids: anything else is refused, by the id's rule or as a malformed URL.
              assert.equal(response.statusCode, 400, `${what}: ${response.body}`);
            } else if (refused) {
              assertRefusedNaming(response, labels, what);
            }
            if (bad.kind === 'an over-long value' && acceptsText(schema)) {
              assert.equal(response.statusCode, 400, `${what}: ${response.body}`);
            }
          }
          if (location === 'body') {
            for (const wrong of WRONG_TYPES) {
              const what = `${name} body.${field} as ${JSON.stringify(wrong)}`;
              const body = { ...form.body, [field]: wrong };
              const response = await send(call, { params: form.params, payload: JSON.stringify(body) });
              assertClientAnswer(response, what);
              assert.equal(response.statusCode, 400, `${what}: ${response.body}`);
              checked += 1;
            }
          }
        }
      }
    }
    assert.ok(checked > 400, `only ${checked} requests were checked`);
  });

  it('takes dates only as real calendar dates written yyyy-mm-dd', async () => {
    const notDates = [
      '1980-02-30',
      '1981-02-29',
      '1980-01-01T99:99:99Z',
      '1980-01-01T00:00:00Z',
      '1980-01-01\n',
      ' 1980-01-01',
      '1980-1-1',
      '19800101',
      '+01980-01-01',
      '1799-12-31',
      '١٩٨٠-٠١-٠١',
    ];
    const dateFields: [string, string, string][] = [
      ['createPatient', 'DateOfBirth', 'Date of birth'],
      ['createPatient', 'DateofEvent', 'Date of event'],
      ['updatePatient', 'DateOfBirth', 'Date of birth'],
      ['checkDuplicatePatient', 'DateOfBirth', 'Date of birth'],
    ];
    for (const [name, field, label] of dateFields) {
      const form = forms[name]![0]!;
      for (const value of notDates) {
        const what = `${name} ${field} ${JSON.stringify(value)}`;
        const response = await send(CALLS[name]!, {
          params: form.params,
          payload: JSON.stringify({ ...form.body, [field]: value }),
        });
        assert.equal(response.statusCode, 400, `${what}: ${response.body}`);
        assert.equal(response.json().message, `${label} must be a valid date (yyyy-mm-dd)`, what);
      }
    }
    const leapDay = await send(patientCalls.checkDuplicatePatient, {
      payload: JSON.stringify({ FirstName: 'Ann', Surname: 'Leap', DateOfBirth: '2000-02-29' }),
    });
    assert.equal(leapDay.statusCode, 200, leapDay.body);
  });

  it('answers a bad JSON body, a wrong content type and a huge body with 4xx and a message', async () => {
    const bodies: [string, string, number][] = [
      ['malformed JSON', '{"FirstName": "Ann",', 400],
      ['a JSON array', '["Ann"]', 400],
      ['a JSON string', '"Ann"', 400],
      ['a JSON number', '42', 400],
      ['JSON null', 'null', 400],
      ['a prototype-poisoning key', '{"__proto__": {"admin": true}, "FirstName": "Ann"}', 400],
      ['deep nesting', `{"FirstName": ${'['.repeat(50_000)}${']'.repeat(50_000)}}`, 400],
      ['a body over the limit', JSON.stringify({ FirstName: 'x'.repeat(2 * 1024 * 1024) }), 413],
    ];
    const deeplyNested = `${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}`;
    for (const [name, call] of Object.entries(CALLS)) {
      if (!call.schema.body) continue;
      const form = forms[name]![0]!;
      // A valid request plus an unknown field: no schema speaks for it, the walk over every text does.
      const validWith = (extra: string) => `${JSON.stringify(form.body).slice(0, -1)}, ${extra}}`;
      for (const [kind, payload, status] of [
        ...bodies,
        ['a NUL in an unknown field', validWith('"Extra": "a\\u0000b"'), 400] as const,
        ['a lone surrogate in an unknown key', validWith('"\\ud800": 1'), 400] as const,
        ['a NUL nested deep in an unknown field', validWith(`"Extra": ${deeplyNested}`), 400] as const,
      ]) {
        const what = `${name} with ${kind}`;
        const response = await send(call, { params: form.params, payload });
        assertClientAnswer(response, what);
        assert.equal(response.statusCode, status, `${what}: ${response.body}`);
      }
      const asText = await send(
        call,
        { params: form.params, payload: JSON.stringify(form.body) },
        { 'content-type': 'text/plain' },
      );
      assertClientAnswer(asText, `${name} as text/plain`);
      assert.equal(asText.statusCode, 415, `${name} as text/plain: ${asText.body}`);
    }
  });

  it('answers a garbled path and a garbled bearer token with 4xx and a message', async () => {
    for (const url of ['/api/patients/%C0', '/api/user/%ED%A0%80/name', `/api/patients/${'9'.repeat(500)}`]) {
      const response = await server.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      assertClientAnswer(response, url);
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
    }
    const garbled = [
      'Bearer \u0000',
      'Bearer a\u0007b',
      `Bearer ${'x'.repeat(20_000)}`,
      'Bearer',
      'Basic YTpi',
    ];
    for (const [name, call] of Object.entries(CALLS)) {
      // The calls a load balancer or a visitor makes before signing in take no token.
      const open: CallDefinition[] = [
        authCalls.login,
        healthCalls.getHealth,
        healthCalls.getLiveness,
        healthCalls.getReadiness,
      ];
      if (open.includes(call)) continue;
      const form = forms[name]?.[0] ?? {};
      for (const authorization of garbled) {
        const what = `${name} with Authorization ${JSON.stringify(authorization.slice(0, 20))}`;
        const response = await send(
          call,
          {
            params: form.params,
            query: encodeQuery(form.query),
            payload: form.body && JSON.stringify(form.body),
          },
          { authorization },
        );
        assertClientAnswer(response, what);
        assert.equal(response.statusCode, 401, `${what}: ${response.body}`);
      }
    }
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  DefaultLookup,
  DefaultLookupType,
  DefaultsImportResponse,
  Lookup,
  LookupType,
} from '@ewrt/contract';
import type { AuthenticatedUser } from '../src/features/auth/userDirectory.js';
import { canEditPrompt } from '../src/features/prompts/promptPermissions.js';
import { asUser, createTestServer, signIn, type TestServer, setAccessLevel } from './support/testServer.js';

// Reading what drives draft reports needs the generative-ai feature; changing it, the advanced tools.
const NO_ACCESS = /^Your access level does not include (draft reports|the report authoring tools)$/;

type Username = 'admin' | 'groupadmin' | 'dr.patel' | 's.hughes' | 'dr.okafor' | 't.reid' | 'r.viewer';
const USERNAMES: readonly Username[] = [
  'admin',
  'groupadmin',
  'dr.patel',
  's.hughes',
  'dr.okafor',
  't.reid',
  'r.viewer',
];

let server: TestServer;
const clients = {} as Record<Username, ReturnType<typeof asUser>>;
const userIds = {} as Record<Username, number>;
let northgate: number;
let riverside: number;
/** A report type in each demo group, made for the ownership table. */
const tableType = {} as Record<'northgate' | 'riverside', number>;

async function one<T>(sql: string, params: unknown[]): Promise<T> {
  const { rows } = await server.app.ctx.db.query<T>(sql, params);
  assert.ok(rows[0], `no row for ${sql}`);
  return rows[0];
}

const countOf = async (sql: string, params: unknown[]) => (await one<{ count: number }>(sql, params)).count;

const groupOf = (username: Username) => (username === 'dr.okafor' ? riverside : northgate);
const typeOfGroup = (groupId: number) => (groupId === riverside ? tableType.riverside : tableType.northgate);

async function createType(username: Username, name: string): Promise<LookupType> {
  const response = await clients[username].post('/api/lookup-types', { LookupTypeText: name });
  assert.equal(response.statusCode, 201, response.body);
  assert.equal(response.json().message, 'Prompt type created successfully');
  return response.json().lookupType;
}

/** A prompt of `username`'s own, in their group. */
async function createPrompt(username: Username, title: string): Promise<Lookup> {
  const groupId = groupOf(username);
  const response = await clients[username].post('/api/lookups', {
    LookupTitle: title,
    LookupText: `Instruction written by ${username}`,
    LookupType: typeOfGroup(groupId),
    ID_User: userIds[username],
    ID_Group: groupId,
  });
  assert.equal(response.statusCode, 201, response.body);
  assert.equal(response.json().message, 'Prompt added successfully');
  return response.json().lookup;
}

async function listLookups(username: Username): Promise<Lookup[]> {
  const response = await clients[username].get('/api/lookups');
  assert.equal(response.statusCode, 200, response.body);
  return response.json().lookups;
}

async function listTypes(username: Username): Promise<LookupType[]> {
  const response = await clients[username].get('/api/lookup-types');
  assert.equal(response.statusCode, 200, response.body);
  return response.json().lookupTypes;
}

const storedTitleOf = async (id: number) =>
  (await one<{ title: string }>(`SELECT title FROM lookups WHERE id = $1`, [id])).title;

before(async () => {
  server = await createTestServer();
  // s.hughes (a Standard practitioner in the demo) stands here for an ordinary colleague with the authoring tools.
  await setAccessLevel(server, 's.hughes', 'Full Access');
  for (const username of USERNAMES) {
    clients[username] = asUser(server, await signIn(server, username));
    userIds[username] = (
      await one<{ id: number }>(`SELECT id FROM users WHERE username = $1`, [username])
    ).id;
  }
  northgate = (await one<{ group_id: number }>(`SELECT group_id FROM users WHERE username = 'dr.patel'`, []))
    .group_id;
  riverside = (await one<{ group_id: number }>(`SELECT group_id FROM users WHERE username = 'dr.okafor'`, []))
    .group_id;
  tableType.northgate = (await createType('dr.patel', 'Ownership table')).ID_LookupType;
  tableType.riverside = (await createType('dr.okafor', 'Ownership table')).ID_LookupType;
});

after(async () => {
  await server?.close();
});

describe('who may see, edit and delete a prompt (TPL-03)', () => {
  /**
   * Each row: a prompt the owner adds in their own group, then what the actor sees of it and may do with it.
   * `listed: false` means the actor's list leaves it out (another group's); can_edit is then not seen.
   */
  const TABLE: {
    actor: Username;
    owner: Username;
    listed: boolean;
    canEdit?: boolean;
    put: number;
    del: number;
  }[] = [
    { actor: 'admin', owner: 'admin', listed: true, canEdit: true, put: 200, del: 200 },
    { actor: 'admin', owner: 'dr.patel', listed: true, canEdit: true, put: 200, del: 200 },
    { actor: 'admin', owner: 'dr.okafor', listed: false, put: 200, del: 200 },
    { actor: 'groupadmin', owner: 'groupadmin', listed: true, canEdit: true, put: 200, del: 200 },
    { actor: 'groupadmin', owner: 'dr.patel', listed: true, canEdit: true, put: 200, del: 200 },
    { actor: 'groupadmin', owner: 'dr.okafor', listed: false, put: 404, del: 404 },
    { actor: 'dr.patel', owner: 'dr.patel', listed: true, canEdit: true, put: 200, del: 200 },
    { actor: 'dr.patel', owner: 's.hughes', listed: true, canEdit: false, put: 403, del: 403 },
    { actor: 'dr.patel', owner: 'groupadmin', listed: true, canEdit: false, put: 403, del: 403 },
    { actor: 'dr.patel', owner: 'dr.okafor', listed: false, put: 404, del: 404 },
    { actor: 's.hughes', owner: 's.hughes', listed: true, canEdit: true, put: 200, del: 200 },
    { actor: 's.hughes', owner: 'dr.patel', listed: true, canEdit: false, put: 403, del: 403 },
    { actor: 's.hughes', owner: 'dr.okafor', listed: false, put: 404, del: 404 },
    { actor: 'dr.okafor', owner: 'dr.okafor', listed: true, canEdit: true, put: 200, del: 200 },
    { actor: 'dr.okafor', owner: 'dr.patel', listed: false, put: 404, del: 404 },
    { actor: 'dr.okafor', owner: 'admin', listed: false, put: 404, del: 404 },
  ];

  for (const row of TABLE) {
    const relation =
      row.actor === row.owner
        ? 'their own prompt'
        : `a prompt of ${row.owner}${row.listed ? '' : ' (other group)'}`;
    it(`${row.actor} on ${relation}: ${row.listed ? 'listed' : 'not listed'}, PUT ${row.put}, DELETE ${row.del}`, async () => {
      const title = `${row.owner}'s prompt for ${row.actor}`;
      const prompt = await createPrompt(row.owner, title);

      const seen = (await listLookups(row.actor)).find((lookup) => lookup.ID_Lookup === prompt.ID_Lookup);
      assert.equal(seen !== undefined, row.listed);
      if (seen) {
        assert.equal(seen.can_edit, row.canEdit);
        assert.equal(
          seen.owner_name,
          (await one<{ name: string }>(`SELECT name FROM users WHERE id = $1`, [userIds[row.owner]])).name,
        );
      }

      const edited = await clients[row.actor].put(`/api/lookups/${prompt.ID_Lookup}`, {
        LookupTitle: `${title}, edited`,
        LookupText: 'Edited instruction',
        LookupType: prompt.LookupType,
        ID_User: userIds[row.actor],
        ID_Group: prompt.ID_Group,
      });
      assert.equal(edited.statusCode, row.put, edited.body);
      if (row.put === 200) {
        assert.equal(edited.json().message, 'Prompt updated successfully');
        assert.equal(edited.json().lookup.LookupTitle, `${title}, edited`);
        // Editing never takes the prompt over: it stays its owner's.
        assert.equal(edited.json().lookup.ID_User, userIds[row.owner]);
      } else {
        assert.equal(await storedTitleOf(prompt.ID_Lookup), title);
      }
      if (row.put === 404) assert.equal(edited.json().message, 'Prompt not found');

      const deleted = await clients[row.actor].delete(`/api/lookups/${prompt.ID_Lookup}`);
      assert.equal(deleted.statusCode, row.del, deleted.body);
      const remaining = await countOf(`SELECT count(*)::int AS count FROM lookups WHERE id = $1`, [
        prompt.ID_Lookup,
      ]);
      assert.equal(remaining, row.del === 200 ? 0 : 1);
      if (row.del === 200) assert.equal(deleted.json().message, 'Prompt deleted successfully');
    });
  }

  it('lists only the caller’s group, types by name and prompts by type name then title', async () => {
    const zeta = await createType('s.hughes', 'Zeta report');
    const alpha = await createType('s.hughes', 'alpha report');
    const save = (title: string, type: LookupType) =>
      clients['s.hughes'].post('/api/lookups', {
        LookupTitle: title,
        LookupText: 'Text',
        LookupType: type.ID_LookupType,
        ID_User: userIds['s.hughes'],
        ID_Group: northgate,
      });
    for (const [title, type] of [
      ['b prompt', zeta],
      ['A prompt', zeta],
      ['c prompt', alpha],
    ] as const) {
      assert.equal((await save(title, type)).statusCode, 201);
    }
    const typeNames = (await listTypes('dr.patel')).map((type) => type.LookupTypeText);
    assert.deepEqual(
      typeNames,
      [...typeNames].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    assert.ok(typeNames.includes('Zeta report') && typeNames.includes('alpha report'));
    assert.ok(!(await listTypes('dr.okafor')).some((type) => type.LookupTypeText === 'Zeta report'));

    const ordered = (await listLookups('dr.patel'))
      .filter((lookup) => [zeta.ID_LookupType, alpha.ID_LookupType].includes(lookup.LookupType))
      .map((lookup) => lookup.LookupTitle);
    assert.deepEqual(ordered, ['c prompt', 'A prompt', 'b prompt']);
    assert.ok((await listLookups('dr.okafor')).every((lookup) => lookup.ID_Group === riverside));
  });
});

describe('canEditPrompt, the one rule behind can_edit and the refusals', () => {
  const someone = (overrides: Partial<AuthenticatedUser>) =>
    ({ id: 7, groupId: 1, isAdministrator: false, isGroupAdmin: false, ...overrides }) as AuthenticatedUser;

  it('lets a group admin change the prompts of their own group only', () => {
    const groupAdmin = someone({ isGroupAdmin: true });
    assert.equal(canEditPrompt(groupAdmin, { groupId: 1, userId: 99 }), true);
    assert.equal(canEditPrompt(groupAdmin, { groupId: 2, userId: 99 }), false);
  });

  it('lets an administrator change any prompt, and an owner their own, even once its owner is gone', () => {
    assert.equal(canEditPrompt(someone({ isAdministrator: true }), { groupId: 2, userId: null }), true);
    assert.equal(canEditPrompt(someone({}), { groupId: 1, userId: 7 }), true);
    assert.equal(canEditPrompt(someone({}), { groupId: 1, userId: null }), false);
  });
});

describe('saving a prompt: who it is for and where it goes', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    LookupTitle: 'Causation',
    LookupText: 'Give the opinion on causation.',
    LookupType: tableType.northgate,
    ID_User: userIds['dr.patel'],
    ID_Group: northgate,
    ...overrides,
  });

  it('refuses a prompt saved under someone else’s user id (403), on adding and on editing', async () => {
    const forged = await clients['dr.patel'].post('/api/lookups', body({ ID_User: userIds['s.hughes'] }));
    assert.equal(forged.statusCode, 403);
    assert.equal(forged.json().message, 'Prompts can only be saved under your own user id');

    const own = await createPrompt('dr.patel', 'Forgery target');
    const forgedEdit = await clients['dr.patel'].put(
      `/api/lookups/${own.ID_Lookup}`,
      body({ ID_User: userIds['s.hughes'], LookupTitle: 'Taken over' }),
    );
    assert.equal(forgedEdit.statusCode, 403);
    assert.equal(await storedTitleOf(own.ID_Lookup), 'Forgery target');
  });

  it('an edit by an administrator or the group admin keeps the owner, who can still edit and delete it', async () => {
    const prompt = await createPrompt('dr.patel', 'Owned by Patel');
    const edits: [Username, Username][] = [
      // The screen sends the owner's id; an older one sent the editor's: either way the owner stays.
      ['admin', 'dr.patel'],
      ['groupadmin', 'groupadmin'],
    ];
    for (const [editor, named] of edits) {
      const edited = await clients[editor].put(
        `/api/lookups/${prompt.ID_Lookup}`,
        body({ LookupTitle: `Edited by ${editor}`, ID_User: userIds[named] }),
      );
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(edited.json().lookup.ID_User, userIds['dr.patel']);
      assert.equal(edited.json().lookup.ID_Group, northgate);
      const audit = await one<{ user_id: number; details: { owner_id: number; editor_id: number } }>(
        `SELECT user_id, details FROM audit_log WHERE action = 'prompt.update' AND details ->> 'prompt_id' = $1
          ORDER BY id DESC LIMIT 1`,
        [String(prompt.ID_Lookup)],
      );
      assert.deepEqual(
        [audit.user_id, audit.details.editor_id, audit.details.owner_id],
        [userIds[editor], userIds[editor], userIds['dr.patel']],
      );
    }

    const mine = (await listLookups('dr.patel')).find((lookup) => lookup.ID_Lookup === prompt.ID_Lookup);
    assert.equal(mine?.can_edit, true);
    const byOwner = await clients['dr.patel'].put(
      `/api/lookups/${prompt.ID_Lookup}`,
      body({ LookupTitle: 'Edited by Patel again' }),
    );
    assert.equal(byOwner.statusCode, 200, byOwner.body);
    assert.equal((await clients['dr.patel'].delete(`/api/lookups/${prompt.ID_Lookup}`)).statusCode, 200);
  });

  it('refuses an edit that would give the prompt to a third user, even by an administrator', async () => {
    const prompt = await createPrompt('dr.patel', 'Not to be given away');
    const given = await clients.admin.put(
      `/api/lookups/${prompt.ID_Lookup}`,
      body({ LookupTitle: 'Given away', ID_User: userIds['s.hughes'] }),
    );
    assert.equal(given.statusCode, 403);
    assert.equal(
      given.json().message,
      "A prompt keeps its owner: it cannot be saved under another user's id",
    );
    assert.equal(await storedTitleOf(prompt.ID_Lookup), 'Not to be given away');
  });

  it('keeps a user to their own group; an administrator may name any group that exists', async () => {
    const elsewhere = await clients['dr.patel'].post(
      '/api/lookups',
      body({ ID_Group: riverside, LookupType: tableType.riverside }),
    );
    assert.equal(elsewhere.statusCode, 403);
    assert.equal(elsewhere.json().message, 'Prompts can only be saved in your own group');

    const byAdmin = await clients.admin.post(
      '/api/lookups',
      body({ ID_User: userIds.admin, ID_Group: riverside, LookupType: tableType.riverside }),
    );
    assert.equal(byAdmin.statusCode, 201, byAdmin.body);
    assert.equal(byAdmin.json().lookup.ID_Group, riverside);
    assert.ok(
      (await listLookups('dr.okafor')).some((lookup) => lookup.ID_Lookup === byAdmin.json().lookup.ID_Lookup),
    );

    const noSuchGroup = await clients.admin.post(
      '/api/lookups',
      body({ ID_User: userIds.admin, ID_Group: 999_999 }),
    );
    assert.equal(noSuchGroup.statusCode, 404);
    assert.equal(noSuchGroup.json().message, 'Group not found');
  });

  it('refuses a type of another group, and moving a prompt to another group', async () => {
    const foreignType = await clients['dr.patel'].post(
      '/api/lookups',
      body({ LookupType: tableType.riverside }),
    );
    assert.equal(foreignType.statusCode, 400);
    assert.equal(foreignType.json().message, 'Unknown prompt type');

    const prompt = await createPrompt('dr.patel', 'Stays in Northgate');
    const moved = await clients.admin.put(
      `/api/lookups/${prompt.ID_Lookup}`,
      body({ ID_User: userIds.admin, ID_Group: riverside, LookupType: tableType.riverside }),
    );
    assert.equal(moved.statusCode, 400);
    assert.equal(moved.json().message, 'A prompt cannot be moved to another group');
    assert.equal(
      (await one<{ group_id: number }>(`SELECT group_id FROM lookups WHERE id = $1`, [prompt.ID_Lookup]))
        .group_id,
      northgate,
    );
  });

  it('answers the contract’s messages for missing fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ LookupTitle: '   ' }, 'Title is required'],
      [{ LookupText: '' }, 'Prompt Content is required'],
      [{ LookupType: 0 }, 'Type is required'],
    ];
    for (const [overrides, message] of cases) {
      const response = await clients['dr.patel'].post('/api/lookups', body(overrides));
      assert.equal(response.statusCode, 400, JSON.stringify(overrides));
      assert.equal(response.json().message, message);
    }
    const blankType = await clients['dr.patel'].post('/api/lookup-types', { LookupTypeText: ' ' });
    assert.equal(blankType.statusCode, 400);
    assert.equal(blankType.json().message, 'Type name is required');
  });

  it('refuses a type name the group already has, in any case, but not one another group has', async () => {
    await createType('dr.patel', 'Orthopaedic');
    const again = await clients['s.hughes'].post('/api/lookup-types', { LookupTypeText: '  ORTHOPAEDIC ' });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, 'A prompt type with this name already exists');
    assert.equal(
      await countOf(
        `SELECT count(*)::int AS count FROM lookup_types WHERE group_id = $1 AND lower(name) = 'orthopaedic'`,
        [northgate],
      ),
      1,
    );
    await createType('dr.okafor', 'Orthopaedic');
  });
});

describe('the generative-ai feature and the group', () => {
  const CALLS: [method: 'get' | 'post' | 'put' | 'delete', url: string, payload?: unknown][] = [
    ['get', '/api/lookups'],
    ['get', '/api/lookup-types'],
    ['post', '/api/lookups', { LookupTitle: 'T', LookupText: 'X', LookupType: 1, ID_User: 1, ID_Group: 1 }],
    ['put', '/api/lookups/1', { LookupTitle: 'T', LookupText: 'X', LookupType: 1, ID_User: 1, ID_Group: 1 }],
    ['delete', '/api/lookups/1'],
    ['post', '/api/lookup-types', { LookupTypeText: 'Refused' }],
    ['get', '/api/defaults/available'],
    ['get', '/api/defaults/lookup-types'],
    ['get', '/api/defaults/lookups'],
    ['post', '/api/defaults/import', { lookupTypeIds: [1], lookupIds: [] }],
  ];

  for (const username of ['t.reid', 'r.viewer'] as const) {
    it(`refuses ${username} (no generative-ai) every prompt call with 403`, async () => {
      for (const [method, url, payload] of CALLS) {
        const response = await clients[username][method](url, payload);
        assert.equal(response.statusCode, 403, `${method} ${url}`);
        assert.match(response.json().message, NO_ACCESS);
      }
      assert.equal(
        await countOf(`SELECT count(*)::int AS count FROM lookup_types WHERE name = 'Refused'`, []),
        0,
      );
    });
  }

  it('refuses a user without a group', async () => {
    await server.app.ctx.db.query(`UPDATE users SET group_id = NULL WHERE username = 's.hughes'`);
    server.app.ctx.users.invalidate(userIds['s.hughes']);
    try {
      const response = await clients['s.hughes'].get('/api/lookups');
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().message, 'User group information is not available. Please log in again.');
    } finally {
      await server.app.ctx.db.query(`UPDATE users SET group_id = $1 WHERE username = 's.hughes'`, [
        northgate,
      ]);
      server.app.ctx.users.invalidate(userIds['s.hughes']);
    }
  });
});

describe('the default prompt set and its import', () => {
  let defaultTypes: DefaultLookupType[];
  let defaultLookups: DefaultLookup[];

  const importAs = (username: Username, lookupTypeIds: number[], lookupIds: number[]) =>
    clients[username].post('/api/defaults/import', { lookupTypeIds, lookupIds });

  const groupCounts = async (groupId: number) => ({
    types: await countOf(`SELECT count(*)::int AS count FROM lookup_types WHERE group_id = $1`, [groupId]),
    prompts: await countOf(`SELECT count(*)::int AS count FROM lookups WHERE group_id = $1`, [groupId]),
  });

  before(async () => {
    const available = await clients['dr.patel'].get('/api/defaults/available');
    assert.deepEqual(available.json(), { available: true });
    defaultTypes = (await clients['dr.patel'].get('/api/defaults/lookup-types')).json().lookup_types;
    defaultLookups = (await clients['dr.patel'].get('/api/defaults/lookups')).json().lookups;
  });

  it('serves a real set: the three medico-legal report types, each with its sections', () => {
    assert.deepEqual(
      defaultTypes.map((type) => type.LookupTypeText),
      ['Personal Injury', 'Clinical Negligence', 'Condition and Prognosis'],
    );
    for (const type of defaultTypes) {
      assert.ok(type.description.length > 40, type.LookupTypeText);
      const titles = defaultLookups
        .filter((lookup) => lookup.LookupType === type.ID_LookupType)
        .map((l) => l.LookupTitle);
      for (const section of ['Documents Reviewed', 'Range of Opinion', 'Summary of Conclusions']) {
        assert.ok(titles.includes(section), `${type.LookupTypeText} lacks ${section}`);
      }
    }
    const clinicalNegligence = defaultTypes.find((type) => type.LookupTypeText === 'Clinical Negligence')!;
    const breach = defaultLookups.find(
      (lookup) =>
        lookup.LookupType === clinicalNegligence.ID_LookupType && lookup.LookupTitle === 'Breach of Duty',
    );
    assert.ok(breach);
    assert.equal(new Set(defaultLookups.map((lookup) => lookup.ID_Lookup)).size, defaultLookups.length);
    for (const lookup of defaultLookups) {
      assert.match(lookup.LookupText, /file name and page/);
      assert.match(lookup.LookupText, /Do not invent/);
    }
  });

  it('imports everything once; importing again copies nothing and says what was skipped', async () => {
    const before = await groupCounts(northgate);
    const first = await importAs(
      's.hughes',
      defaultTypes.map((type) => type.ID_LookupType),
      defaultLookups.map((lookup) => lookup.ID_Lookup),
    );
    assert.equal(first.statusCode, 200, first.body);
    const counts: DefaultsImportResponse = first.json();
    assert.equal(counts.imported_types, 3);
    assert.equal(counts.imported_lookups, defaultLookups.length);
    assert.equal(counts.message, `Imported 3 report types and ${defaultLookups.length} prompts`);
    const afterFirst = await groupCounts(northgate);
    assert.deepEqual(afterFirst, {
      types: before.types + 3,
      prompts: before.prompts + defaultLookups.length,
    });

    const second = await importAs(
      'dr.patel',
      defaultTypes.map((type) => type.ID_LookupType),
      defaultLookups.map((lookup) => lookup.ID_Lookup),
    );
    assert.equal(second.statusCode, 200);
    assert.deepEqual(second.json(), {
      message: `Imported 0 report types and 0 prompts; 3 report types and ${defaultLookups.length} prompts your group already had were not copied again`,
      imported_types: 0,
      imported_lookups: 0,
      skipped_types: 3,
      skipped_lookups: defaultLookups.length,
    });
    assert.deepEqual(await groupCounts(northgate), afterFirst);

    // The importer owns the copies, so they may edit them; a colleague may not.
    const personalInjury = (await listTypes('s.hughes')).find(
      (type) => type.LookupTypeText === 'Personal Injury',
    )!;
    const imported = (await listLookups('s.hughes')).filter(
      (l) => l.LookupType === personalInjury.ID_LookupType,
    );
    assert.ok(
      imported.length > 0 &&
        imported.every((lookup) => lookup.can_edit && lookup.ID_User === userIds['s.hughes']),
    );
    assert.ok(
      (await listLookups('dr.patel'))
        .filter((lookup) => lookup.LookupType === personalInjury.ID_LookupType)
        .every((lookup) => !lookup.can_edit),
    );
    const audit = await one<{ details: { imported_lookups: number } }>(
      `SELECT details FROM audit_log WHERE action = 'prompt.defaults_import' AND details ->> 'outcome' = 'succeeded'
        ORDER BY id LIMIT 1`,
      [],
    );
    assert.equal(audit.details.imported_lookups, defaultLookups.length);
  });

  it('brings a prompt’s type when the type was not chosen, and reuses a type the group has', async () => {
    const [documentsReviewed, ...rest] = defaultLookups.filter(
      (lookup) => lookup.LookupType === defaultTypes[1]!.ID_LookupType,
    );
    assert.ok(documentsReviewed);
    const start = await groupCounts(riverside);

    const alone = await importAs('dr.okafor', [], [documentsReviewed.ID_Lookup]);
    assert.equal(alone.statusCode, 200, alone.body);
    assert.equal(alone.json().imported_types, 1);
    assert.equal(alone.json().imported_lookups, 1);
    assert.equal(alone.json().message, 'Imported 1 report type and 1 prompt');
    const type = (await listTypes('dr.okafor')).find(
      (t) => t.LookupTypeText === defaultTypes[1]!.LookupTypeText,
    );
    assert.ok(type, 'the prompt brought its type');

    // A prompt the group has already, whatever its case, is not copied again.
    const renamed = rest[0]!;
    const existing = await clients['dr.okafor'].post('/api/lookups', {
      LookupTitle: renamed.LookupTitle.toUpperCase(),
      LookupText: 'Our own wording',
      LookupType: type.ID_LookupType,
      ID_User: userIds['dr.okafor'],
      ID_Group: riverside,
    });
    assert.equal(existing.statusCode, 201);

    const whole = await importAs(
      'dr.okafor',
      [defaultTypes[1]!.ID_LookupType],
      [documentsReviewed.ID_Lookup, ...rest.map((lookup) => lookup.ID_Lookup)],
    );
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.json().imported_types, 0);
    assert.equal(whole.json().skipped_types, 1);
    assert.equal(whole.json().imported_lookups, rest.length - 1);
    assert.equal(whole.json().skipped_lookups, 2);
    assert.deepEqual(await groupCounts(riverside), {
      types: start.types + 1,
      prompts: start.prompts + 1 + 1 + rest.length - 1,
    });
  });

  it('refuses unknown default ids and an empty selection, copying nothing', async () => {
    const start = await groupCounts(riverside);
    const unknownType = await importAs('dr.okafor', [999], []);
    assert.equal(unknownType.statusCode, 400);
    assert.equal(unknownType.json().message, 'Unknown default report type id 999');
    const unknownPrompt = await importAs(
      'dr.okafor',
      [defaultTypes[0]!.ID_LookupType],
      [defaultLookups[0]!.ID_Lookup, 998],
    );
    assert.equal(unknownPrompt.statusCode, 400);
    assert.equal(unknownPrompt.json().message, 'Unknown default prompt id 998');
    const empty = await importAs('dr.okafor', [], []);
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json().message, 'Please select at least one item to import.');
    assert.deepEqual(await groupCounts(riverside), start);
  });
});

describe('a Standard practitioner drafts with the group’s prompts but does not change them', () => {
  it('reads the prompts and types, may edit none of them, and is refused every change', async () => {
    const ownPrompt = await createPrompt('s.hughes', 'Written before the level changed');
    await setAccessLevel(server, 's.hughes', 'Standard');
    try {
      const client = clients['s.hughes'];
      const list = await client.get('/api/lookups');
      assert.equal(list.statusCode, 200, list.body);
      const lookups = list.json().lookups as {
        ID_Lookup: number;
        ID_User: number | null;
        can_edit: boolean;
      }[];
      const own = lookups.find((lookup) => lookup.ID_Lookup === ownPrompt.ID_Lookup);
      assert.ok(own);
      assert.ok(lookups.every((lookup) => !lookup.can_edit));
      const types = await client.get('/api/lookup-types');
      assert.equal(types.statusCode, 200, types.body);
      const defaults = await client.get('/api/defaults/lookups');
      assert.equal(defaults.statusCode, 200, defaults.body);
      const prompt = {
        LookupTitle: 'Refused',
        LookupText: 'X',
        LookupType: tableType.northgate,
        ID_User: userIds['s.hughes'],
        ID_Group: northgate,
      };
      for (const response of [
        await client.post('/api/lookups', prompt),
        await client.put(`/api/lookups/${own.ID_Lookup}`, prompt),
        await client.delete(`/api/lookups/${own.ID_Lookup}`),
        await client.post('/api/lookup-types', { LookupTypeText: 'Refused' }),
        await client.post('/api/defaults/import', { lookupTypeIds: [1], lookupIds: [] }),
      ]) {
        assert.equal(response.statusCode, 403, response.body);
        assert.equal(
          response.json().message,
          'Your access level does not include the report authoring tools',
        );
      }
    } finally {
      await setAccessLevel(server, 's.hughes', 'Full Access');
    }
  });
});

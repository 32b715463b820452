import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DEFAULT_EXPERT_DECLARATION,
  type StructuredTemplateDetail,
  type StructuredTemplateListItem,
  type StructuredTemplatePreviewResponse,
  type StructuredTemplateSaveRequest,
  type TemplateSectionInput,
} from '@ewrt/contract';
import { asUser, createTestServer, signIn, type TestServer, setAccessLevel } from './support/testServer.js';

// Reading what drives draft reports needs the generative-ai feature; changing it, the advanced tools.
const NO_ACCESS = /^Your access level does not include (draft reports|the report authoring tools)$/;

type Client = ReturnType<typeof asUser>;
type Actor = 'patel' | 'groupadmin' | 'hughes' | 'okafor' | 'treid' | 'viewer' | 'admin';

const TEMPLATES = '/api/structured-templates/structured-templates';

let server: TestServer;
const clients = {} as Record<Actor, Client>;

const frontpage = {
  title_text: 'Medico-Legal Report on Injuries',
  author_info: 'Dr Asha Patel, FRCS (Orth)',
  include_patient_name: true,
  include_patient_dob: true,
  include_patient_mrn: false,
  include_event_date: true,
  include_report_date: false,
};
const endpage = { declaration_text: DEFAULT_EXPERT_DECLARATION, signature_line: 'Signed: Dr Asha Patel' };

const input = (
  id: number,
  title: string,
  order: number,
  parent: number | null = null,
): TemplateSectionInput => ({
  ID_Section: id,
  section_title: title,
  section_description: `Describe the ${title.toLowerCase()}`,
  content_type: title === 'Opinion' ? 'opinion' : 'narrative',
  parent_section_id: parent,
  order_in_sequence: order,
});

function templateBody(overrides: Partial<StructuredTemplateSaveRequest> = {}): StructuredTemplateSaveRequest {
  return {
    template_name: 'Personal injury (orthopaedic)',
    description: 'Road traffic and workplace injuries',
    frontpage,
    // Given out of order, with gaps in the numbering and a child named by the client's number for its parent.
    sections: [
      input(-3, 'Opinion', 40),
      input(-1, 'Background', 10),
      input(-4, 'Spine', 30, -2),
      input(-2, 'Examination', 20),
    ],
    endpage,
    ...overrides,
  };
}

async function create(client: Client, body: StructuredTemplateSaveRequest = templateBody()): Promise<number> {
  const response = await client.post(TEMPLATES, body);
  assert.equal(response.statusCode, 201, response.body);
  const answer = response.json();
  assert.equal(answer.success, true);
  assert.equal(answer.message, 'Template created successfully!');
  return answer.template_id as number;
}

async function detail(client: Client, templateId: number): Promise<StructuredTemplateDetail> {
  const response = await client.get(`${TEMPLATES}/${templateId}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

async function listed(client: Client): Promise<StructuredTemplateListItem[]> {
  const response = await client.get(TEMPLATES);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().templates;
}

async function storedSectionCount(templateId: number): Promise<number> {
  const { rows } = await server.app.ctx.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM structured_template_sections WHERE template_id = $1`,
    [templateId],
  );
  return rows[0]!.count;
}

/** Title, 1-based order and the parent's title of each section, as read back. */
function outline(sections: StructuredTemplateDetail['sections']) {
  const titleOf = new Map(sections.map((section) => [section.ID_Section, section.section_title]));
  return sections.map((section) => [
    section.section_title,
    section.order_in_sequence,
    section.parent_section_id === null ? null : titleOf.get(section.parent_section_id),
  ]);
}

before(async () => {
  server = await createTestServer();
  // s.hughes (a Standard practitioner in the demo) stands here for an ordinary colleague with the authoring tools.
  await setAccessLevel(server, 's.hughes', 'Full Access');
  const usernames: Record<Actor, string> = {
    patel: 'dr.patel',
    groupadmin: 'groupadmin',
    hughes: 's.hughes',
    okafor: 'dr.okafor',
    treid: 't.reid',
    viewer: 'r.viewer',
    admin: 'admin',
  };
  for (const [actor, username] of Object.entries(usernames) as [Actor, string][]) {
    clients[actor] = asUser(server, await signIn(server, username));
  }
});

after(async () => {
  await server?.close();
});

describe('structured templates: round trip', () => {
  let templateId: number;
  let created: StructuredTemplateDetail;

  it('creates a template and reads its sections back in order, parents mapped to stored ids', async () => {
    templateId = await create(clients.patel);
    created = await detail(clients.patel, templateId);
    assert.equal(created.template.template_name, 'Personal injury (orthopaedic)');
    assert.equal(created.template.description, 'Road traffic and workplace injuries');
    assert.equal(created.template.is_active, true);
    assert.equal(created.template.owner_name, 'Dr Asha Patel');
    assert.equal(created.template.can_edit, true);
    assert.deepEqual(created.frontpage, frontpage);
    assert.deepEqual(created.endpage, endpage);
    assert.deepEqual(outline(created.sections), [
      ['Background', 1, null],
      ['Examination', 2, null],
      ['Spine', 3, 'Examination'],
      ['Opinion', 4, null],
    ]);
    const examination = created.sections.find((section) => section.section_title === 'Examination')!;
    assert.ok(examination.ID_Section > 0, 'the parent is a stored section, not the client number');
    assert.equal(created.sections[2]!.parent_section_id, examination.ID_Section);
    assert.equal(created.sections[3]!.content_type, 'opinion');
  });

  it('lists it with its section count, owner and edit right', async () => {
    const item = (await listed(clients.patel)).find((each) => each.ID_Template === templateId);
    assert.ok(item);
    assert.equal(item.section_count, 4);
    assert.equal(item.owner_name, 'Dr Asha Patel');
    assert.equal(item.can_edit, true);
    assert.equal(item.is_active, true);
  });

  it('previews the frontpage, the numbered sections and the endpage', async () => {
    const response = await clients.patel.get(`${TEMPLATES}/${templateId}/preview`);
    assert.equal(response.statusCode, 200, response.body);
    const { preview } = response.json() as StructuredTemplatePreviewResponse;
    assert.equal(preview.template_name, 'Personal injury (orthopaedic)');
    assert.deepEqual(preview.sections[0], {
      type: 'frontpage',
      title: 'Medico-Legal Report on Injuries',
      author: 'Dr Asha Patel, FRCS (Orth)',
      patient_fields: ['Patient name', 'Date of birth', 'Date of event'],
    });
    assert.deepEqual(
      preview.sections.flatMap((part) => (part.type === 'section' ? [[part.number, part.title]] : [])),
      [
        ['1', 'Background'],
        ['2', 'Examination'],
        ['2.1', 'Spine'],
        ['3', 'Opinion'],
      ],
    );
    assert.deepEqual(preview.sections.at(-1), {
      type: 'endpage',
      declaration: DEFAULT_EXPERT_DECLARATION,
      signature: 'Signed: Dr Asha Patel',
    });
  });

  it('updates: kept sections keep their ids and parents, removed ones go, new ones are added', async () => {
    const idOf = (title: string) =>
      created.sections.find((section) => section.section_title === title)!.ID_Section;
    const response = await clients.patel.put(
      `${TEMPLATES}/${templateId}`,
      templateBody({
        template_name: 'Personal injury (revised)',
        is_active: false,
        sections: [
          input(idOf('Examination'), 'Examination', 3),
          input(idOf('Spine'), 'Spine', 4, idOf('Examination')),
          input(idOf('Opinion'), 'Opinion', 1),
          input(-9, 'Prognosis', 2, idOf('Opinion')),
        ],
      }),
    );
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), {
      success: true,
      message: 'Template updated successfully!',
      template_id: templateId,
    });
    const updated = await detail(clients.patel, templateId);
    assert.equal(updated.template.template_name, 'Personal injury (revised)');
    assert.equal(updated.template.is_active, false);
    assert.deepEqual(outline(updated.sections), [
      ['Opinion', 1, null],
      ['Prognosis', 2, 'Opinion'],
      ['Examination', 3, null],
      ['Spine', 4, 'Examination'],
    ]);
    const updatedId = (title: string) =>
      updated.sections.find((section) => section.section_title === title)!.ID_Section;
    for (const kept of ['Opinion', 'Examination', 'Spine']) assert.equal(updatedId(kept), idOf(kept), kept);
    assert.ok(!updated.sections.some((section) => section.ID_Section === idOf('Background')));
    assert.equal(await storedSectionCount(templateId), 4);
  });

  it('keeps is_active as it was when an update does not give it', async () => {
    const current = await detail(clients.patel, templateId);
    const response = await clients.patel.put(
      `${TEMPLATES}/${templateId}`,
      templateBody({
        template_name: current.template.template_name,
        sections: current.sections.map((section) => ({ ...section })),
      }),
    );
    assert.equal(response.statusCode, 200, response.body);
    const after = await detail(clients.patel, templateId);
    assert.equal(after.template.is_active, false);
    assert.deepEqual(after.sections, current.sections);
  });

  it('copies by reading and creating: the copy is independent of the original', async () => {
    const original = await detail(clients.groupadmin, templateId);
    const copyId = await create(
      clients.groupadmin,
      templateBody({
        template_name: `${original.template.template_name} (Copy)`,
        description: original.template.description,
        is_active: original.template.is_active,
        frontpage: original.frontpage,
        sections: original.sections,
        endpage: original.endpage,
      }),
    );
    assert.notEqual(copyId, templateId);
    const copy = await detail(clients.groupadmin, copyId);
    assert.equal(copy.template.owner_name, 'Dr Grace Lead');
    assert.equal(copy.template.can_edit, true);
    assert.deepEqual(outline(copy.sections), outline(original.sections));
    const originalIds = new Set(original.sections.map((section) => section.ID_Section));
    assert.ok(
      copy.sections.every((section) => !originalIds.has(section.ID_Section)),
      'the copy has its own sections',
    );

    const deleted = await clients.patel.delete(`${TEMPLATES}/${templateId}`);
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.deepEqual(deleted.json(), { message: 'Template deleted successfully' });
    assert.equal((await clients.patel.get(`${TEMPLATES}/${templateId}`)).statusCode, 404);
    assert.equal(await storedSectionCount(templateId), 0);
    assert.deepEqual(
      outline((await detail(clients.groupadmin, copyId)).sections),
      outline(original.sections),
    );
  });

  it('records each change in the audit log', async () => {
    const { rows } = await server.app.ctx.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action LIKE 'structured_template.%' AND details->>'outcome' = 'succeeded'`,
    );
    const actions = new Set(rows.map((row) => row.action));
    for (const action of ['create', 'read', 'preview', 'update', 'delete', 'list']) {
      assert.ok(actions.has(`structured_template.${action}`), action);
    }
  });
});

describe('structured templates: who may do what', () => {
  let patelTemplate: number;
  let okaforTemplate: number;

  before(async () => {
    patelTemplate = await create(clients.patel, templateBody({ template_name: 'Condition and prognosis' }));
    okaforTemplate = await create(
      clients.okafor,
      templateBody({ template_name: 'Riverside clinical negligence' }),
    );
  });

  it('lets the group open, preview and list a colleague’s template, read-only', async () => {
    for (const actor of ['groupadmin', 'hughes'] as const) {
      const read = await detail(clients[actor], patelTemplate);
      assert.equal(read.template.can_edit, false, actor);
      assert.equal(
        (await clients[actor].get(`${TEMPLATES}/${patelTemplate}/preview`)).statusCode,
        200,
        actor,
      );
      const item = (await listed(clients[actor])).find((each) => each.ID_Template === patelTemplate);
      assert.equal(item?.can_edit, false, actor);
    }
  });

  it('refuses a colleague’s change or delete with 403, and leaves the template as it was', async () => {
    const before = await detail(clients.patel, patelTemplate);
    for (const actor of ['groupadmin', 'hughes', 'admin'] as const) {
      const put = await clients[actor].put(
        `${TEMPLATES}/${patelTemplate}`,
        templateBody({ template_name: 'Taken' }),
      );
      assert.equal(put.statusCode, 403, `${actor}: ${put.body}`);
      assert.equal(put.json().message, "Only the template's owner can change it");
      const del = await clients[actor].delete(`${TEMPLATES}/${patelTemplate}`);
      assert.equal(del.statusCode, 403, actor);
      assert.equal(del.json().message, "Only the template's owner can change it");
    }
    assert.deepEqual(await detail(clients.patel, patelTemplate), before);
  });

  it('hides another group’s template: 404 for every call, and not in the list', async () => {
    const okafor = clients.okafor;
    assert.ok(!(await listed(okafor)).some((each) => each.ID_Template === patelTemplate));
    for (const response of [
      await okafor.get(`${TEMPLATES}/${patelTemplate}`),
      await okafor.get(`${TEMPLATES}/${patelTemplate}/preview`),
      await okafor.put(`${TEMPLATES}/${patelTemplate}`, templateBody()),
      await okafor.delete(`${TEMPLATES}/${patelTemplate}`),
    ]) {
      assert.equal(response.statusCode, 404, response.body);
      assert.equal(response.json().message, 'Template not found');
    }
    assert.ok(!(await listed(clients.patel)).some((each) => each.ID_Template === okaforTemplate));
  });

  it('lets an administrator open any group’s template but change only their own', async () => {
    const read = await detail(clients.admin, okaforTemplate);
    assert.equal(read.template.owner_name, 'Dr Chidi Okafor');
    assert.equal(read.template.can_edit, false);
    const put = await clients.admin.put(`${TEMPLATES}/${okaforTemplate}`, templateBody());
    assert.equal(put.statusCode, 403, put.body);
    const own = await create(clients.admin, templateBody({ template_name: 'Administrator’s own' }));
    const del = await clients.admin.delete(`${TEMPLATES}/${own}`);
    assert.equal(del.statusCode, 200, del.body);
  });

  it('refuses every call to a user whose level lacks generative AI', async () => {
    for (const actor of ['treid', 'viewer'] as const) {
      const client = clients[actor];
      for (const response of [
        await client.get(TEMPLATES),
        await client.get(`${TEMPLATES}/${patelTemplate}`),
        await client.get(`${TEMPLATES}/${patelTemplate}/preview`),
        await client.post(TEMPLATES, templateBody()),
        await client.put(`${TEMPLATES}/${patelTemplate}`, templateBody()),
        await client.delete(`${TEMPLATES}/${patelTemplate}`),
        await client.post('/api/cache/structured-templates/invalidate'),
      ]) {
        assert.equal(response.statusCode, 403, `${actor}: ${response.body}`);
        assert.match(response.json().message, NO_ACCESS);
      }
    }
  });

  it('answers the cache call: nothing is cached', async () => {
    const response = await clients.patel.post('/api/cache/structured-templates/invalidate');
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), {
      success: true,
      message: 'Nothing is cached: templates are read afresh',
    });
  });
});

describe('structured templates: refused bodies', () => {
  async function refused(body: StructuredTemplateSaveRequest, message: string) {
    const { rows } = await server.app.ctx.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM structured_templates`,
    );
    const response = await clients.patel.post(TEMPLATES, body);
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(response.json().message, message);
    const after = await server.app.ctx.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM structured_templates`,
    );
    assert.equal(after.rows[0]!.count, rows[0]!.count, 'nothing was stored');
  }

  it('refuses a blank name', async () => {
    await refused(templateBody({ template_name: '   ' }), 'Template name is required');
  });

  it('refuses a template without sections', async () => {
    await refused(templateBody({ sections: [] }), 'A template needs at least one section');
  });

  it('refuses a section without a title, naming what is wrong', async () => {
    await refused(
      templateBody({
        sections: [input(-1, 'Background', 1), { ...input(-2, 'History', 2), section_title: ' ' }],
      }),
      'Section title is required',
    );
  });

  it('refuses a parent that is not in the body', async () => {
    await refused(
      templateBody({ sections: [input(-1, 'Background', 1), input(-2, 'History', 2, -7)] }),
      'The parent section of "History" is not a section of this template',
    );
  });

  it('refuses parent links that go round in a loop', async () => {
    await refused(
      templateBody({ sections: [input(-1, 'Background', 1, -2), input(-2, 'History', 2, -1)] }),
      'Section "Background" cannot be its own parent or ancestor',
    );
  });

  it('refuses a parent placed after its child, on update as on create', async () => {
    const body = templateBody({ sections: [input(-1, 'Spine', 1, -2), input(-2, 'Examination', 2)] });
    const message =
      'Section "Spine" comes before its parent section "Examination": a parent section must come first';
    await refused(body, message);
    const templateId = await create(clients.patel);
    const before = await detail(clients.patel, templateId);
    const response = await clients.patel.put(`${TEMPLATES}/${templateId}`, body);
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(response.json().message, message);
    assert.deepEqual(await detail(clients.patel, templateId), before);
  });
});

describe('a Standard practitioner', () => {
  it('opens the group’s templates to draft with, may edit none, and is refused every change', async () => {
    const own = await create(
      clients.hughes,
      templateBody({ template_name: 'Made with the authoring tools' }),
    );
    await setAccessLevel(server, 's.hughes', 'Standard');
    try {
      const list = await clients.hughes.get(TEMPLATES);
      assert.equal(list.statusCode, 200, list.body);
      const templates = list.json().templates as { ID_Template: number; can_edit: boolean }[];
      assert.ok(templates.some((template) => template.ID_Template === own));
      assert.ok(templates.every((template) => !template.can_edit));
      assert.equal((await clients.hughes.get(`${TEMPLATES}/${own}/preview`)).statusCode, 200);
      for (const response of [
        await clients.hughes.post(TEMPLATES, templateBody()),
        await clients.hughes.put(`${TEMPLATES}/${own}`, templateBody()),
        await clients.hughes.delete(`${TEMPLATES}/${own}`),
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

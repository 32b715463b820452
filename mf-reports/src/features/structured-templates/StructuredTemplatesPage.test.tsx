import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StructuredTemplateListItem, StructuredTemplateSaveRequest } from '@ewrt/contract';
import {
  HttpResponse,
  makeUser,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import { ReportsApp } from '../../app/ReportsApp';
import {
  invalidateStructuredTemplateCacheHandler,
  makeStructuredTemplateDetail,
  makeStructuredTemplateListItem,
  makeStructuredTemplatePreview,
  makeTemplateSection,
  structuredTemplateApiError,
} from '../testing-support/structuredTemplateHandlers';

jest.setTimeout(60_000);
const slow = { timeout: 10_000 };

const MINE = makeStructuredTemplateListItem({
  ID_Template: 31,
  template_name: 'Personal injury report',
  description: 'Road traffic and workplace injury claims',
  is_active: true,
  created_at: '2026-02-03T09:30:00.000Z',
  section_count: 3,
});
const COLLEAGUES = makeStructuredTemplateListItem({
  ID_Template: 32,
  template_name: 'Clinical negligence',
  description: null,
  is_active: false,
  created_at: '2025-12-24T16:00:00.000Z',
  section_count: 1,
  owner_name: 'Dr Sam Hughes',
  can_edit: false,
});

let listed: StructuredTemplateListItem[] = [];
let listCalls = 0;

const server = setupApiServer(
  answerCallWith('listStructuredTemplates', () => {
    listCalls += 1;
    return HttpResponse.json({ templates: listed });
  }),
  invalidateStructuredTemplateCacheHandler(),
);

beforeEach(() => {
  listed = [MINE, COLLEAGUES];
  listCalls = 0;
});

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<ReportsApp />, { route: '/structured-templates', user: makeUser() });
  return user;
}

const card = (name: string) => screen.findByRole('article', { name }, slow);

describe('StructuredTemplatesPage', () => {
  it('shows each template as a card with its badge, description, date, sections and owner', async () => {
    renderPage();

    const mine = await card('Personal injury report');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Structured Report Templates' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New Template' })).toBeInTheDocument();
    const grid = screen.getByRole('list', { name: 'Structured templates' });
    expect(within(grid).getAllByRole('article')).toHaveLength(2);

    expect(within(mine).getByText('Active')).toBeInTheDocument();
    expect(within(mine).getByText('Road traffic and workplace injury claims')).toBeInTheDocument();
    expect(within(mine).getByText('Created 03/02/2026 · 3 sections')).toBeInTheDocument();
    expect(within(mine).queryByText(/Owner:/)).not.toBeInTheDocument();

    const colleagues = await card('Clinical negligence');
    expect(within(colleagues).getByText('Inactive')).toBeInTheDocument();
    expect(within(colleagues).getByText('No description provided')).toBeInTheDocument();
    expect(within(colleagues).getByText('Created 24/12/2025 · 1 section')).toBeInTheDocument();
    expect(within(colleagues).getByText('Owner: Dr Sam Hughes')).toBeInTheDocument();
  });

  it('offers Edit and Delete only on templates the user may change', async () => {
    renderPage();

    const mine = await card('Personal injury report');
    for (const action of ['Preview', 'Edit', 'Copy', 'Delete']) {
      expect(within(mine).getByRole('button', { name: `${action} Personal injury report` })).toBeEnabled();
    }
    const colleagues = await card('Clinical negligence');
    expect(within(colleagues).getByRole('button', { name: 'Preview Clinical negligence' })).toBeEnabled();
    expect(within(colleagues).getByRole('button', { name: 'Copy Clinical negligence' })).toBeEnabled();
    expect(
      within(colleagues).queryByRole('button', { name: 'Edit Clinical negligence' }),
    ).not.toBeInTheDocument();
    expect(
      within(colleagues).queryByRole('button', { name: 'Delete Clinical negligence' }),
    ).not.toBeInTheDocument();
  });

  it('filters the cards by name and description and counts what it shows', async () => {
    const user = renderPage();
    await card('Personal injury report');
    expect(screen.getByText('Showing 2 of 2 templates')).toBeInTheDocument();

    const search = screen.getByRole('textbox', { name: 'Search templates' });
    await user.type(search, 'WORKPLACE');
    expect(screen.getByText('Showing 1 of 2 templates')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Personal injury report' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Clinical negligence' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'orthodontic');
    expect(screen.getByText('Showing 0 of 2 templates')).toBeInTheDocument();
    expect(screen.getByText('No templates match your search')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('invites the user to create a first template when there is none', async () => {
    listed = [];
    renderPage();

    expect(await screen.findByText('No Structured Templates Yet', {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Your First Template' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Search templates' })).not.toBeInTheDocument();
  });

  it('says when the templates cannot be loaded, preferring the server message, and retries', async () => {
    server.use(
      answerCallWith('listStructuredTemplates', () =>
        structuredTemplateApiError(500, 'Database unavailable'),
      ),
    );
    const user = renderPage();

    expect(await screen.findByText('Failed to load templates', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card('Personal injury report')).toBeInTheDocument();
  });

  it('deletes a template only after the browser confirmation, then reloads the list', async () => {
    const deleted: string[] = [];
    server.use(
      answerCallWith('deleteStructuredTemplate', ({ params }) => {
        deleted.push(String(params.id));
        listed = [COLLEAGUES];
        return HttpResponse.json({ message: 'Template deleted' });
      }),
    );
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = renderPage();
    const mine = await card('Personal injury report');

    await user.click(within(mine).getByRole('button', { name: 'Delete Personal injury report' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Personal injury report'));
    expect(deleted).toEqual([]);

    await user.click(within(mine).getByRole('button', { name: 'Delete Personal injury report' }));
    expect(await screen.findByText('Template deleted successfully', {}, slow)).toBeInTheDocument();
    expect(deleted).toEqual(['31']);
    await waitFor(
      () => expect(screen.queryByRole('article', { name: 'Personal injury report' })).not.toBeInTheDocument(),
      slow,
    );
    expect(listCalls).toBe(2);
  });

  it('says when a deletion fails and keeps the card', async () => {
    server.use(answerCallWith('deleteStructuredTemplate', () => HttpResponse.json({}, { status: 500 })));
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = renderPage();

    await user.click(
      within(await card('Personal injury report')).getByRole('button', {
        name: 'Delete Personal injury report',
      }),
    );

    expect(await screen.findByText('Failed to delete template', {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Personal injury report' })).toBeInTheDocument();
  });

  it("duplicates a template as '<name> (Copy)' with its sections and their parents", async () => {
    const created: StructuredTemplateSaveRequest[] = [];
    server.use(
      answerCallWith(
        'getStructuredTemplate',
        makeStructuredTemplateDetail({
          template: { ID_Template: 32, template_name: 'Clinical negligence', can_edit: false },
          sections: [
            makeTemplateSection({ ID_Section: 501, section_title: '1. BREACH', order_in_sequence: 0 }),
            makeTemplateSection({
              ID_Section: 502,
              section_title: '1.1 Standard of care',
              parent_section_id: 501,
              order_in_sequence: 1,
            }),
          ],
        }),
      ),
      answerCallWith('createStructuredTemplate', async ({ request }) => {
        const body = (await request.json()) as StructuredTemplateSaveRequest;
        created.push(body);
        listed = [
          ...listed,
          makeStructuredTemplateListItem({ ID_Template: 40, template_name: body.template_name }),
        ];
        return HttpResponse.json(
          { success: true, message: 'Template created', template_id: 40 },
          { status: 201 },
        );
      }),
    );
    const user = renderPage();

    await user.click(
      within(await card('Clinical negligence')).getByRole('button', { name: 'Copy Clinical negligence' }),
    );

    expect(await screen.findByText('Template duplicated successfully!', {}, slow)).toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(created[0]!.template_name).toBe('Clinical negligence (Copy)');
    expect(created[0]!.sections).toEqual([
      expect.objectContaining({ ID_Section: 501, section_title: '1. BREACH', parent_section_id: null }),
      expect.objectContaining({
        ID_Section: 502,
        section_title: '1.1 Standard of care',
        parent_section_id: 501,
      }),
    ]);
    expect(await card('Clinical negligence (Copy)')).toBeInTheDocument();
  });

  it('says when a duplication fails', async () => {
    server.use(answerCallWith('getStructuredTemplate', () => HttpResponse.json({}, { status: 500 })));
    const user = renderPage();

    await user.click(
      within(await card('Personal injury report')).getByRole('button', {
        name: 'Copy Personal injury report',
      }),
    );

    expect(await screen.findByText('Failed to duplicate template', {}, slow)).toBeInTheDocument();
  });

  it('previews a template: frontpage, numbered and indented sections with their types, then the endpage', async () => {
    server.use(answerCallWith('previewStructuredTemplate', { preview: makeStructuredTemplatePreview() }));
    const user = renderPage();

    await user.click(
      within(await card('Personal injury report')).getByRole('button', {
        name: 'Preview Personal injury report',
      }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Personal injury report' }, slow);
    const frontpage = await within(dialog).findByRole('region', { name: 'Frontpage' }, slow);
    expect(frontpage).toHaveTextContent('Expert Medical Report');
    expect(frontpage).toHaveTextContent('Dr Priya Patel MB ChB FRCS (Orth)');
    expect(frontpage).toHaveTextContent('Patient name, Date of birth, Date of event, Report date');

    const sections = within(within(dialog).getByRole('region', { name: 'Report Sections' })).getAllByRole(
      'listitem',
    );
    expect(sections.map((section) => section.textContent)).toEqual([
      expect.stringMatching(/^1\. BACKGROUND AND CIRCUMSTANCESNarrative Text/),
      expect.stringMatching(/^2\. EXAMINATIONExamination Findings/),
      expect.stringMatching(/^2\.1 Cervical spineClinical Assessment/),
    ]);
    expect(sections[2]).toHaveTextContent('Range of movement and tenderness of the neck.');
    expect(sections[2]).toHaveStyle({ marginInlineStart: '24px' });
    expect(sections[1]).not.toHaveStyle({ marginInlineStart: '24px' });

    const endpage = within(dialog).getByRole('region', { name: 'Endpage' });
    expect(endpage).toHaveTextContent('I understand that my overriding duty is to the court.');
    expect(endpage).toHaveTextContent('Signed: ____________________ Date: ____________');
  });

  it('says when a preview cannot be loaded', async () => {
    server.use(answerCallWith('previewStructuredTemplate', () => HttpResponse.json({}, { status: 500 })));
    const user = renderPage();

    await user.click(
      within(await card('Personal injury report')).getByRole('button', {
        name: 'Preview Personal injury report',
      }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Personal injury report' }, slow);
    expect(await within(dialog).findByText('Failed to load template preview', {}, slow)).toBeInTheDocument();
  });

  it('opens the create form from the empty state and closes it on Cancel', async () => {
    listed = [];
    const user = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Create Your First Template' }, slow));
    const form = await screen.findByRole('dialog', { name: 'Create New Template' }, slow);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow);
  });

  it('opens the edit form of the chosen template', async () => {
    const loaded: string[] = [];
    server.use(
      answerCallWith('getStructuredTemplate', ({ params }) => {
        loaded.push(String(params.id));
        return HttpResponse.json(makeStructuredTemplateDetail());
      }),
    );
    const user = renderPage();

    await user.click(
      within(await card('Personal injury report')).getByRole('button', {
        name: 'Edit Personal injury report',
      }),
    );

    expect(await screen.findByRole('dialog', { name: /Personal injury report/ }, slow)).toBeInTheDocument();
    expect(loaded).toEqual(['31']);
  });

  it('asks a visitor who is not signed in to log in', async () => {
    renderWithProviders(<ReportsApp />, { route: '/structured-templates' });

    expect(
      await screen.findByText('Please log in to access structured templates.', {}, slow),
    ).toBeInTheDocument();
    expect(listCalls).toBe(0);
  });
});

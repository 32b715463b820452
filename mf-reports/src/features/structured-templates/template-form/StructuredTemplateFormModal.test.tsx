import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StructuredTemplateSaveRequest } from '@ewrt/contract';
import {
  DEFAULT_EXPERT_DECLARATION,
  DEFAULT_FRONTPAGE_TITLE,
  PD35_STATEMENT_OF_TRUTH,
} from '@ewrt/contract/limits';
import {
  HttpResponse,
  makeUser,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import {
  invalidateStructuredTemplateCacheHandler,
  makeStructuredTemplateDetail,
} from '../../testing-support/structuredTemplateHandlers';
import { StructuredTemplateFormModal } from './StructuredTemplateFormModal';

jest.setTimeout(30_000);
const slow = { timeout: 10_000 };

let cacheInvalidations = 0;
const server = setupApiServer(invalidateStructuredTemplateCacheHandler());

beforeEach(() => {
  cacheInvalidations = 0;
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/api/cache/structured-templates/invalidate')) cacheInvalidations += 1;
  });
});
afterEach(() => server.events.removeAllListeners());

function renderModal(props: { mode: 'create' } | { mode: 'edit'; templateId: number }) {
  const user = userEvent.setup({ delay: null });
  const onSaved = jest.fn();
  const onCancel = jest.fn();
  renderWithProviders(
    <StructuredTemplateFormModal
      open
      mode={props.mode}
      templateId={props.mode === 'edit' ? props.templateId : undefined}
      onSaved={onSaved}
      onCancel={onCancel}
    />,
    { user: makeUser() },
  );
  return { user, onSaved, onCancel };
}

const sectionList = () => screen.getByRole('list', { name: 'Report sections' });
const sectionTitles = () =>
  within(sectionList())
    .getAllByRole('textbox', { name: 'Title' })
    .map((input) => (input as HTMLInputElement).value);
const sectionGroup = (position: number) => screen.getByRole('group', { name: `Section ${position}` });

/** Records the bodies the create or update call receives. */
function recordSaves(kind: 'create' | 'update', failure?: { status: number; message?: string }) {
  const bodies: StructuredTemplateSaveRequest[] = [];
  const call = kind === 'create' ? 'createStructuredTemplate' : 'updateStructuredTemplate';
  server.use(
    answerCallWith(call, async ({ request }) => {
      bodies.push((await request.json()) as StructuredTemplateSaveRequest);
      if (failure) return HttpResponse.json({ message: failure.message }, { status: failure.status });
      return HttpResponse.json(
        { success: true, message: 'Saved', template_id: 31 },
        { status: kind === 'create' ? 201 : 200 },
      );
    }),
  );
  return bodies;
}

/** Presses the save button and confirms in the save dialog; `preview` is checked in the dialog first. */
async function saveAndConfirm(
  user: ReturnType<typeof userEvent.setup>,
  label: 'Create Template' | 'Update Template',
  preview?: RegExp,
) {
  const form = screen.getByRole('form');
  await user.click(within(form).getByRole('button', { name: label }));
  // antd gives every dialog's title the same id under test, so the confirmation is found by its title text.
  const [title] = await screen.findAllByText(
    `${label === 'Create Template' ? 'Create' : 'Update'} this template?`,
    {},
    slow,
  );
  const confirmation = title!.closest<HTMLElement>('[role="dialog"]')!;
  if (preview) expect(within(confirmation).getByText(preview)).toBeInTheDocument();
  await user.click(within(confirmation).getByRole('button', { name: label }));
}

describe('creating a template', () => {
  it('opens titled Create New Template with the defaults of a new template', async () => {
    renderModal({ mode: 'create' });
    expect(await screen.findByRole('dialog', { name: 'Create New Template' }, slow)).toBeInTheDocument();
    for (const block of [
      'Template Information',
      'Frontpage Configuration',
      'Report Sections',
      'Endpage Configuration',
    ]) {
      expect(screen.getByRole('region', { name: block })).toBeInTheDocument();
    }
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Report title' })).toHaveValue(DEFAULT_FRONTPAGE_TITLE);
    for (const detail of ['Patient name', 'Date of birth', 'MRN', 'Date of event', 'Report date']) {
      expect(screen.getByRole('checkbox', { name: detail })).toBeChecked();
    }
    expect(sectionTitles()).toEqual(['1. BACKGROUND AND CIRCUMSTANCES']);
    expect(within(sectionGroup(1)).getByRole('combobox', { name: 'Content type' })).toBeInTheDocument();
    expect(within(sectionGroup(1)).getByText('Narrative Text')).toBeInTheDocument();
    const declaration = screen.getByRole('textbox', { name: 'Declaration' });
    expect(declaration).toHaveValue(DEFAULT_EXPERT_DECLARATION);
    expect(declaration).toHaveAttribute('rows', '12');
  });

  it('requires a name: Create Template stays disabled and the message shows once the name is cleared', async () => {
    const { user } = renderModal({ mode: 'create' });
    const save = await screen.findByRole('button', { name: 'Create Template' }, slow);
    expect(save).toBeDisabled();
    const name = screen.getByRole('textbox', { name: 'Template name' });
    await fill(user, name, 'Personal injury');
    expect(save).toBeEnabled();
    await user.clear(name);
    expect(save).toBeDisabled();
    expect(screen.getByText('Template name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, '   ');
    expect(save).toBeDisabled();
  });

  it('adds, duplicates, moves and deletes sections, renumbering after a move or delete', async () => {
    const { user } = renderModal({ mode: 'create' });
    const add = await screen.findByRole('button', { name: 'Add Section' }, slow);
    // The only section can be neither moved nor deleted.
    expect(screen.getByRole('button', { name: 'Delete 1. BACKGROUND AND CIRCUMSTANCES' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move up 1. BACKGROUND AND CIRCUMSTANCES' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down 1. BACKGROUND AND CIRCUMSTANCES' })).toBeDisabled();

    await user.click(add);
    await user.click(add);
    expect(sectionTitles()).toEqual(['1. BACKGROUND AND CIRCUMSTANCES', '2. NEW SECTION', '3. NEW SECTION']);
    // The new section's title takes the focus, ready to be named.
    await waitFor(() =>
      expect(within(sectionGroup(3)).getByRole('textbox', { name: 'Title' })).toHaveFocus(),
    );

    const second = within(sectionGroup(2)).getByRole('textbox', { name: 'Title' });
    await fill(user, second, '2. EXAMINATION');
    await user.click(screen.getByRole('button', { name: 'Duplicate 2. EXAMINATION' }));
    expect(sectionTitles()).toEqual([
      '1. BACKGROUND AND CIRCUMSTANCES',
      '2. EXAMINATION',
      '2. EXAMINATION (Copy)',
      '3. NEW SECTION',
    ]);

    await user.click(screen.getByRole('button', { name: 'Move up 3. NEW SECTION' }));
    expect(sectionTitles()).toEqual([
      '1. BACKGROUND AND CIRCUMSTANCES',
      '2. EXAMINATION',
      '3. NEW SECTION',
      '4. EXAMINATION (Copy)',
    ]);
    expect(screen.getByRole('button', { name: 'Move down 4. EXAMINATION (Copy)' })).toBeDisabled();
    expect(screen.getByText('3. NEW SECTION moved to position 3 of 4')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete 1. BACKGROUND AND CIRCUMSTANCES' }));
    expect(sectionTitles()).toEqual(['1. EXAMINATION', '2. NEW SECTION', '3. EXAMINATION (Copy)']);
    expect(screen.getByRole('button', { name: 'Move up 1. EXAMINATION' })).toBeDisabled();
  });

  it('sends the whole template with dense order and parent ids, then says so and closes', async () => {
    const bodies = recordSaves('create');
    const { user, onSaved } = renderModal({ mode: 'create' });
    await fill(
      user,
      await screen.findByRole('textbox', { name: 'Template name' }, slow),
      '  Clinical negligence ',
    );
    const information = screen.getByRole('region', { name: 'Template Information' });
    await fill(
      user,
      within(information).getByRole('textbox', { name: 'Description' }),
      'Breach and causation',
    );
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('checkbox', { name: 'MRN' }));
    await fill(user, screen.getByRole('textbox', { name: 'Signature line' }), 'Dr Priya Patel');
    await user.click(screen.getByRole('button', { name: 'Add Section' }));
    await user.click(screen.getByRole('button', { name: 'Add Section' }));
    await chooseOption(
      user,
      within(sectionGroup(3)).getByRole('combobox', { name: 'Parent section' }),
      '2. NEW SECTION',
    );
    await chooseOption(
      user,
      within(sectionGroup(2)).getByRole('combobox', { name: 'Content type' }),
      'Medical Opinion',
    );

    await saveAndConfirm(user, 'Create Template', /Clinical negligence: 3 sections/);

    expect(await screen.findByText('Template created successfully!', {}, slow)).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(bodies).toHaveLength(1);
    const [body] = bodies;
    expect(body).toMatchObject({
      template_name: 'Clinical negligence',
      description: 'Breach and causation',
      is_active: false,
      frontpage: {
        title_text: DEFAULT_FRONTPAGE_TITLE,
        include_patient_mrn: false,
        include_patient_name: true,
      },
      endpage: { declaration_text: DEFAULT_EXPERT_DECLARATION, signature_line: 'Dr Priya Patel' },
    });
    const [first, second, third] = body!.sections;
    expect(body!.sections.map((section) => section.order_in_sequence)).toEqual([0, 1, 2]);
    expect(second).toMatchObject({
      section_title: '2. NEW SECTION',
      content_type: 'opinion',
      parent_section_id: null,
    });
    expect(third!.parent_section_id).toBe(second!.ID_Section);
    expect(new Set([first!.ID_Section, second!.ID_Section, third!.ID_Section]).size).toBe(3);
    expect(body!.sections.every((section) => (section.ID_Section ?? 0) < 0)).toBe(true);
    await waitFor(() => expect(cacheInvalidations).toBe(1));
  });

  it("shows the server's message when creating fails, else 'Failed to create template', and keeps the form", async () => {
    recordSaves('create', { status: 409, message: 'You already have a template of that name' });
    const { user, onSaved } = renderModal({ mode: 'create' });
    await fill(user, await screen.findByRole('textbox', { name: 'Template name' }, slow), 'Personal injury');
    await saveAndConfirm(user, 'Create Template');
    expect(await screen.findByText('You already have a template of that name', {}, slow)).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveValue('Personal injury');

    recordSaves('create', { status: 500 });
    await saveAndConfirm(user, 'Create Template');
    expect(await screen.findByText('Failed to create template', {}, slow)).toBeInTheDocument();
  });
});

describe('the CPR 35 check', () => {
  it('counts what the template covers and adds a missing section in one click, live', async () => {
    const { user } = renderModal({ mode: 'create' });
    const panel = await screen.findByRole('region', { name: 'CPR 35 check' }, slow);
    expect(within(panel).getByText('2 of 10 covered')).toBeInTheDocument();
    const requirements = within(panel).getByRole('list', { name: 'PD 35 requirements' });
    const conclusions = within(requirements)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('A summary of the conclusions reached'))!;
    expect(within(conclusions).getByText('Missing')).toBeInTheDocument();

    await user.click(
      within(conclusions).getByRole('button', { name: 'Add section: A summary of the conclusions reached' }),
    );
    expect(sectionTitles()).toEqual(['1. BACKGROUND AND CIRCUMSTANCES', '2. SUMMARY OF CONCLUSIONS']);
    expect(within(panel).getByText('3 of 10 covered')).toBeInTheDocument();
    expect(within(conclusions).getByText('Covered by: 2. SUMMARY OF CONCLUSIONS')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(sectionGroup(2)).getByRole('textbox', { name: 'Title' })).toHaveFocus(),
    );

    // Typing a heading the check recognises covers a requirement too.
    const first = within(sectionGroup(1)).getByRole('textbox', { name: 'Title' });
    await fill(user, first, '1. INSTRUCTIONS');
    expect(within(panel).getByText('4 of 10 covered')).toBeInTheDocument();
  });

  it('flags a declaration without the statement of truth and puts it back', async () => {
    const { user } = renderModal({ mode: 'create' });
    const declaration = await screen.findByRole('textbox', { name: 'Declaration' }, slow);
    await fill(user, declaration, 'I understand my duty to the court under Part 35.');
    const panel = screen.getByRole('region', { name: 'CPR 35 check' });
    expect(within(panel).getByText('1 of 10 covered')).toBeInTheDocument();

    await user.click(
      within(panel).getByRole('button', {
        name: 'Add the statement of truth: The statement of truth in its prescribed wording',
      }),
    );
    expect((declaration as HTMLTextAreaElement).value).toContain(PD35_STATEMENT_OF_TRUTH);
    expect(within(panel).getByText('2 of 10 covered')).toBeInTheDocument();
  });
});

describe('editing a template', () => {
  it('loads the template, titles the dialog with its name and sends the update with parents kept', async () => {
    server.use(answerCallWith('getStructuredTemplate', makeStructuredTemplateDetail()));
    const bodies = recordSaves('update');
    const { user, onSaved } = renderModal({ mode: 'edit', templateId: 31 });
    expect(
      await screen.findByRole('dialog', { name: 'Edit Template: Personal injury report' }, slow),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveValue('Personal injury report');
    expect(sectionTitles()).toEqual([
      '1. BACKGROUND AND CIRCUMSTANCES',
      '2. EXAMINATION',
      '2.1 Cervical spine',
    ]);

    await user.click(screen.getByRole('button', { name: 'Move up 2. EXAMINATION' }));
    expect(sectionTitles()).toEqual([
      '1. EXAMINATION',
      '2. BACKGROUND AND CIRCUMSTANCES',
      '1.1 Cervical spine',
    ]);

    await saveAndConfirm(user, 'Update Template');
    expect(await screen.findByText('Template updated successfully!', {}, slow)).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(bodies[0]!.sections).toEqual([
      expect.objectContaining({ ID_Section: 302, order_in_sequence: 0, parent_section_id: null }),
      expect.objectContaining({ ID_Section: 301, order_in_sequence: 1, parent_section_id: null }),
      expect.objectContaining({ ID_Section: 303, order_in_sequence: 2, parent_section_id: 302 }),
    ]);
  });

  it("shows 'Failed to update template' or the server's message when the update fails", async () => {
    server.use(answerCallWith('getStructuredTemplate', makeStructuredTemplateDetail()));
    recordSaves('update', { status: 500 });
    const { user, onSaved } = renderModal({ mode: 'edit', templateId: 31 });
    await screen.findByRole('dialog', { name: 'Edit Template: Personal injury report' }, slow);
    await saveAndConfirm(user, 'Update Template');
    expect(await screen.findByText('Failed to update template', {}, slow)).toBeInTheDocument();

    recordSaves('update', { status: 403, message: 'Only the owner may change this template' });
    await saveAndConfirm(user, 'Update Template');
    expect(await screen.findByText('Only the owner may change this template', {}, slow)).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows 'Failed to load template for editing' when the template cannot be loaded", async () => {
    server.use(answerCallWith('getStructuredTemplate', () => new HttpResponse(null, { status: 500 })));
    const { user, onCancel } = renderModal({ mode: 'edit', templateId: 31 });
    expect(await screen.findByText('Failed to load template for editing', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    // The dialog's own close cross is named Close too; this is the button under the message.
    const closeButton = screen
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.textContent === 'Close');
    await user.click(closeButton!);
    expect(onCancel).toHaveBeenCalled();
  });
});

/** Replaces a field's text in one input event (typing long text key by key re-renders the form each time). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** Opens an antd Select and picks the option with that label. */
async function chooseOption(user: ReturnType<typeof userEvent.setup>, select: HTMLElement, option: string) {
  await user.click(select);
  const item = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find(
      (candidate) => candidate.getAttribute('title') === option,
    );
    if (!found) throw new Error(`No option "${option}"`);
    return found;
  });
  await user.click(item);
}

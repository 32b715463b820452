import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerCall, makeUser, renderWithProviders, setupApiServer } from '@ewrt/shared/testing';
import { ReportsApp } from '../../app/ReportsApp';
import {
  createPromptBackend,
  promptApiError,
  promptHandlers,
  requestsTo,
  resetPromptBackend,
} from '../testing-support/promptHandlers';

jest.setTimeout(120_000);
const slow = { timeout: 10_000 };

const backend = createPromptBackend();
const server = setupApiServer(...promptHandlers(backend));

beforeEach(() => resetPromptBackend(backend));

function renderPage() {
  renderWithProviders(<ReportsApp />, { route: '/prompt-edit', user: makeUser() });
  // No pause between keystrokes: the prompts are long and the machines running the suite are slow.
  return userEvent.setup({ delay: null });
}

/** Puts text into a field at once (typing a long prompt key by key is slow and proves nothing more). */
async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const promptsTable = () => screen.findByRole('table', { name: 'Draft report prompts' }, slow);

/** The titles in the table's rows, top to bottom (the current page only). */
async function shownTitles(): Promise<string[]> {
  const table = await promptsTable();
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1), slow);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, control: HTMLElement, option: string) {
  await user.click(control);
  const item = await waitFor(() => {
    // Only the open list: a list opened earlier stays in the document, hidden.
    const open = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';
    const found = [...document.querySelectorAll<HTMLElement>(open)].find(
      (element) => element.getAttribute('title') === option,
    );
    if (!found) throw new Error(`No option "${option}"`);
    return found;
  });
  await user.click(item);
}

describe('the prompt table', () => {
  it('shows the title, type, a 100-character preview, owner, date and five rows a page', async () => {
    const user = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Draft Report Prompts' }, slow),
    ).toBeVisible();
    expect(await shownTitles()).toEqual([
      'History of the index event',
      'Present condition',
      'Prognosis',
      'Breach of duty',
      'Causation',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 7 of 7 prompts');

    const table = await promptsTable();
    const present = within(table).getByRole('row', { name: /Present condition/ });
    const cells = within(present).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('Personal Injury');
    const preview = cells[2]?.textContent ?? '';
    expect(preview.endsWith('…')).toBe(true);
    expect(preview).toHaveLength(101);
    expect(preview.startsWith("Describe the claimant's present symptoms")).toBe(true);
    expect(cells[3]).toHaveTextContent('Dr Asha Patel');
    expect(cells[4]).toHaveTextContent('03/02/2026');
    const breach = within(table).getByRole('row', { name: /Breach of duty/ });
    expect(within(breach).getAllByRole('cell')[1]).toHaveTextContent('Clinical Negligence');

    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(await shownTitles()).toEqual(['Examination findings', 'Appendix 10 documents reviewed']);
    const orphan = within(await promptsTable()).getByRole('row', { name: /Appendix 10/ });
    expect(within(orphan).getAllByRole('cell')[3]).toHaveTextContent('No owner');
  });

  it('offers Edit and Delete only on the prompts the user may change', async () => {
    renderPage();
    const table = await promptsTable();
    await shownTitles();
    const own = within(table).getByRole('row', { name: /History of the index event/ });
    expect(within(own).getByRole('button', { name: 'View History of the index event' })).toBeVisible();
    expect(within(own).getByRole('button', { name: 'Edit History of the index event' })).toBeVisible();
    expect(within(own).getByRole('button', { name: 'Delete History of the index event' })).toBeVisible();
    const others = within(table).getByRole('row', { name: /Prognosis/ });
    expect(within(others).getByRole('button', { name: 'View Prognosis' })).toBeVisible();
    expect(within(others).queryByRole('button', { name: 'Edit Prognosis' })).not.toBeInTheDocument();
    expect(within(others).queryByRole('button', { name: 'Delete Prognosis' })).not.toBeInTheDocument();
  });

  it('searches titles and texts, filters by type and clears the search', async () => {
    const user = renderPage();
    await shownTitles();
    await user.type(screen.getByLabelText('Search prompts'), 'bolam');
    expect(await shownTitles()).toEqual(['Breach of duty']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1 of 7 prompts');

    await user.type(screen.getByLabelText('Search prompts'), 'xyz');
    expect(
      await within(await promptsTable()).findByText('No prompts match the search and type filter.'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await chooseOption(user, screen.getByLabelText('Filter by type'), 'Clinical Negligence');
    expect(await shownTitles()).toEqual(['Breach of duty', 'Causation']);
    await user.type(screen.getByLabelText('Search prompts'), 'records');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 0 of 7 prompts');
  });

  it('sorts by title both ways from the column header', async () => {
    const user = renderPage();
    await shownTitles();
    const header = screen.getByRole('columnheader', { name: /Title/ });
    await user.click(header);
    expect(await shownTitles()).toEqual([
      'Appendix 10 documents reviewed',
      'Breach of duty',
      'Causation',
      'Examination findings',
      'History of the index event',
    ]);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(header);
    expect(await shownTitles()).toEqual([
      'Prognosis',
      'Present condition',
      'History of the index event',
      'Examination findings',
      'Causation',
    ]);
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows the full prompt in View', async () => {
    const user = renderPage();
    await shownTitles();
    await user.click(screen.getByRole('button', { name: 'View Present condition' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prompt Details' });
    const full = backend.prompts.find((prompt) => prompt.ID_Lookup === 102)?.LookupText ?? '';
    const content = within(dialog).getByText(
      (_content, element) =>
        element?.classList.contains('ant-typography') === true && element.textContent === full,
    );
    expect(content).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(within(dialog).getByText('Present condition')).toBeInTheDocument();
    expect(within(dialog).getByText('Personal Injury')).toBeInTheDocument();
    expect(within(dialog).getByText('Dr Asha Patel')).toBeInTheDocument();
    expect(within(dialog).getByText('03/02/2026')).toBeInTheDocument();
  });

  it('shows the server message when the prompts cannot be loaded, else Failed to load prompts', async () => {
    server.use(
      answerCall('listLookups', () =>
        promptApiError(403, 'Your access level does not include draft reports and prompts'),
      ),
    );
    const user = renderPage();
    expect(
      await screen.findByText('Your access level does not include draft reports and prompts', {}, slow),
    ).toBeVisible();
    server.use(answerCall('listLookups', () => new Response(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Failed to load prompts', {}, slow)).toBeVisible();
  });

  it('points a group without prompts at Import Defaults and Add Prompt', async () => {
    backend.prompts = [];
    renderPage();
    expect(await screen.findByText(/Your group has no prompts yet/, {}, slow)).toHaveTextContent(
      'Your group has no prompts yet. Choose Import Defaults to copy in report types and prompts written for medico-legal reports, or Add Prompt to write your own.',
    );
    expect(screen.queryByRole('table', { name: 'Draft report prompts' })).not.toBeInTheDocument();
  });
});

describe('adding, editing and deleting prompts', () => {
  it('says what is missing, then adds the prompt as the user in their group', async () => {
    const user = renderPage();
    await shownTitles();
    await user.click(screen.getByRole('button', { name: 'Add Prompt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Prompt' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Prompt' }));
    expect(within(dialog).getByText('Title is required')).toBeVisible();
    expect(within(dialog).getByText('Type is required')).toBeVisible();
    expect(within(dialog).getByText('Prompt Content is required')).toBeVisible();
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
    expect(within(dialog).getByLabelText('Title')).toHaveAccessibleDescription('Title is required');
    expect(requestsTo(backend, 'POST', '/api/lookups')).toEqual([]);

    await enter(user, within(dialog).getByLabelText('Title'), 'Care and future needs');
    await chooseOption(user, within(dialog).getByLabelText('Type'), 'Personal Injury');
    await enter(
      user,
      within(dialog).getByLabelText('Prompt Content'),
      'List the care needed, past and future.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add Prompt' }));

    expect(await screen.findByText('Prompt added successfully', {}, slow)).toBeVisible();
    expect(requestsTo(backend, 'POST', '/api/lookups').map((request) => request.body)).toEqual([
      {
        LookupTitle: 'Care and future needs',
        LookupText: 'List the care needed, past and future.',
        LookupType: 11,
        ID_User: 3,
        ID_Group: 1,
      },
    ]);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 8 of 8 prompts'), slow);
  });

  it("shows the server's reason when adding fails, else Failed to add prompt, and keeps what was typed", async () => {
    server.use(answerCall('createLookup', () => promptApiError(400, 'Unknown prompt type')));
    const user = renderPage();
    await shownTitles();
    await user.click(screen.getByRole('button', { name: 'Add Prompt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Prompt' });
    await enter(user, within(dialog).getByLabelText('Title'), 'Care');
    await chooseOption(user, within(dialog).getByLabelText('Type'), 'Personal Injury');
    await enter(user, within(dialog).getByLabelText('Prompt Content'), 'Text');
    await user.click(within(dialog).getByRole('button', { name: 'Add Prompt' }));
    expect(await within(dialog).findByText('Unknown prompt type', {}, slow)).toBeVisible();

    server.use(answerCall('createLookup', () => new Response(null, { status: 500 })));
    await user.click(within(dialog).getByRole('button', { name: 'Add Prompt' }));
    expect(await within(dialog).findByText('Failed to add prompt', {}, slow)).toBeVisible();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Care');
  });

  it('edits a prompt from its own values and keeps it in its group', async () => {
    const user = renderPage();
    await shownTitles();
    await user.click(screen.getByRole('button', { name: 'Edit Breach of duty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Prompt' });
    const title = within(dialog).getByLabelText('Title');
    expect(title).toHaveValue('Breach of duty');
    expect(within(dialog).getByLabelText('Prompt Content')).toHaveValue(
      'Assess the care given against the Bolam standard, with the Bolitho qualification.',
    );
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText('Title is required')).toBeVisible();
    await enter(user, title, 'Breach of duty (Bolam and Bolitho)');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Prompt updated successfully', {}, slow)).toBeVisible();
    expect(requestsTo(backend, 'PUT', '/api/lookups/104').map((request) => request.body)).toEqual([
      {
        LookupTitle: 'Breach of duty (Bolam and Bolitho)',
        LookupText: 'Assess the care given against the Bolam standard, with the Bolitho qualification.',
        LookupType: 12,
        ID_User: 3,
        ID_Group: 1,
      },
    ]);
    expect(
      await screen.findByRole('row', { name: /Breach of duty \(Bolam and Bolitho\)/ }, slow),
    ).toBeVisible();
  });

  it("shows the server's reason when an update fails, else Failed to update prompt", async () => {
    server.use(
      answerCall('updateLookup', () =>
        promptApiError(
          403,
          'You can only change your own prompts, unless you are an administrator or the group admin',
        ),
      ),
    );
    const user = renderPage();
    await shownTitles();
    await user.click(screen.getByRole('button', { name: 'Edit Breach of duty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Prompt' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText(
        'You can only change your own prompts, unless you are an administrator or the group admin',
        {},
        slow,
      ),
    ).toBeVisible();
    server.use(answerCall('updateLookup', () => new Response(null, { status: 500 })));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Failed to update prompt', {}, slow)).toBeVisible();
  });

  it('deletes a prompt after the confirmation', async () => {
    const user = renderPage();
    await shownTitles();
    await user.click(screen.getByRole('button', { name: 'Delete History of the index event' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    expect(confirm).toHaveTextContent('Delete the prompt History of the index event?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete Prompt' }));
    expect(await screen.findByText('Prompt deleted successfully', {}, slow)).toBeVisible();
    expect(requestsTo(backend, 'DELETE', '/api/lookups/101')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 6 of 6 prompts'), slow);
    expect(screen.queryByRole('row', { name: /History of the index event/ })).not.toBeInTheDocument();
  });

  it("shows the server's reason when a deletion fails, else Failed to delete prompt", async () => {
    server.use(answerCall('deleteLookup', () => promptApiError(404, 'Prompt not found')));
    const user = renderPage();
    await shownTitles();
    await user.click(screen.getByRole('button', { name: 'Delete Breach of duty' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Prompt' }));
    expect(await within(confirm).findByText('Prompt not found', {}, slow)).toBeVisible();
    server.use(answerCall('deleteLookup', () => new Response(null, { status: 500 })));
    await user.click(within(confirm).getByRole('button', { name: 'Delete Prompt' }));
    expect(await within(confirm).findByText('Failed to delete prompt', {}, slow)).toBeVisible();
  });
});

describe('prompt types', () => {
  it('requires a name, creates the type and offers it in the filter', async () => {
    const user = renderPage();
    await shownTitles();
    await user.click(screen.getByRole('button', { name: 'Create Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Prompt Type' });
    await user.type(within(dialog).getByLabelText('Type Name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Type' }));
    expect(within(dialog).getByText('Type name is required')).toBeVisible();
    expect(requestsTo(backend, 'POST', '/api/lookup-types')).toEqual([]);

    await enter(user, within(dialog).getByLabelText('Type Name'), 'Condition and Prognosis');
    await user.click(within(dialog).getByRole('button', { name: 'Create Type' }));
    expect(await screen.findByText('Prompt type created successfully', {}, slow)).toBeVisible();
    expect(requestsTo(backend, 'POST', '/api/lookup-types').map((request) => request.body)).toEqual([
      { LookupTypeText: 'Condition and Prognosis' },
    ]);
    await waitFor(() => expect(requestsTo(backend, 'GET', '/api/lookup-types')).toHaveLength(2), slow);
    await chooseOption(user, screen.getByLabelText('Filter by type'), 'Condition and Prognosis');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 0 of 7 prompts');
  });

  it("shows the server's reason when a type cannot be created, else Failed to create prompt type", async () => {
    server.use(
      answerCall('createLookupType', () =>
        promptApiError(409, 'A prompt type with this name already exists'),
      ),
    );
    const user = renderPage();
    await shownTitles();
    await user.click(screen.getByRole('button', { name: 'Create Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Prompt Type' });
    await enter(user, within(dialog).getByLabelText('Type Name'), 'Personal Injury');
    await user.click(within(dialog).getByRole('button', { name: 'Create Type' }));
    expect(
      await within(dialog).findByText('A prompt type with this name already exists', {}, slow),
    ).toBeVisible();
    server.use(answerCall('createLookupType', () => new Response(null, { status: 500 })));
    await user.click(within(dialog).getByRole('button', { name: 'Create Type' }));
    expect(await within(dialog).findByText('Failed to create prompt type', {}, slow)).toBeVisible();
  });

  it('lists every type with its id and prompt count', async () => {
    const user = renderPage();
    await shownTitles();
    await user.click(screen.getByRole('button', { name: 'All Prompt Types' }));
    const dialog = await screen.findByRole('dialog', { name: 'All Prompt Types' });
    const table = within(dialog).getByRole('table', { name: 'All prompt types' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['12', 'Clinical Negligence', '2'],
      ['11', 'Personal Injury', '5'],
    ]);
  });
});

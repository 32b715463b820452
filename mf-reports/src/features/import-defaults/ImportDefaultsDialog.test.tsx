import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_PREVIEW_LENGTH } from '@ewrt/contract/limits';
import {
  answerCall,
  HttpResponse,
  makeUser,
  renderWithProviders,
  setupApiServer,
} from '@ewrt/shared/testing';
import { ReportsApp } from '../../app/ReportsApp';
import {
  createPromptBackend,
  DEFAULT_PROMPTS,
  promptApiError,
  promptHandlers,
  requestsTo,
  resetPromptBackend,
} from '../testing-support/promptHandlers';

jest.setTimeout(30_000);
const slow = { timeout: 10_000 };

const backend = createPromptBackend();
const server = setupApiServer(...promptHandlers(backend));

beforeEach(() => resetPromptBackend(backend));

const DIALOG = 'Import Default Report Prompts';

/** The prompt editor with the import dialog opened from it. */
async function openImportDialog() {
  renderWithProviders(<ReportsApp />, { route: '/prompt-edit', user: makeUser() });
  const user = userEvent.setup({ delay: null });
  await screen.findByRole('table', { name: 'Draft report prompts' }, slow);
  await user.click(screen.getByRole('button', { name: 'Import Defaults' }));
  const dialog = await screen.findByRole('dialog', { name: DIALOG }, slow);
  return { user, dialog };
}

const box = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name });
const counter = (dialog: HTMLElement) => within(dialog).getByRole('status');
const importButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /^Import Selected/ });

describe('choosing what to import', () => {
  it('lists the report types with their descriptions and the prompts by type, cut at 150 characters', async () => {
    const { dialog } = await openImportDialog();
    await within(dialog).findByRole('checkbox', { name: 'Personal Injury' }, slow);
    expect(within(dialog).getByText('What importing does')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Report Types \(2\)/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: /Prompts by Report Type \(5\)/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(box(dialog, 'Clinical Negligence')).toHaveAccessibleDescription(
      'A report on breach of duty and causation in a claim about medical care.',
    );

    const personalInjury = within(dialog).getByRole('region', { name: 'Personal Injury' });
    expect(
      within(personalInjury)
        .getAllByRole('checkbox')
        .map((checkbox) => checkbox.closest('label')?.textContent),
    ).toEqual(['Instructions and material facts', 'History of the accident', 'Prognosis']);
    const history = box(dialog, 'History of the accident');
    const fullText = DEFAULT_PROMPTS[1]!.LookupText.replace(/\s+/g, ' ').trim();
    expect(history).toHaveAccessibleDescription(`${fullText.slice(0, IMPORT_PREVIEW_LENGTH).trimEnd()}…`);
    expect(box(dialog, 'Breach of duty')).toHaveAccessibleDescription('Apply the Bolam test, with Bolitho.');
    expect(counter(dialog)).toHaveTextContent('0 types and 0 prompts selected');
    expect(importButton(dialog)).toHaveTextContent('Import Selected (0)');
  });

  it('selects a type with all its prompts, unselects them with it, and counts every item', async () => {
    const { user, dialog } = await openImportDialog();
    const personalInjury = await within(dialog).findByRole('checkbox', { name: 'Personal Injury' }, slow);

    await user.click(personalInjury);
    expect(box(dialog, 'Instructions and material facts')).toBeChecked();
    expect(box(dialog, 'History of the accident')).toBeChecked();
    expect(box(dialog, 'Prognosis')).toBeChecked();
    expect(box(dialog, 'Breach of duty')).not.toBeChecked();
    expect(counter(dialog)).toHaveTextContent('1 type and 3 prompts selected');
    expect(importButton(dialog)).toHaveTextContent('Import Selected (4)');

    await user.click(box(dialog, 'Causation'));
    expect(box(dialog, 'Clinical Negligence')).not.toBeChecked();
    expect(counter(dialog)).toHaveTextContent('1 type and 4 prompts selected');
    expect(importButton(dialog)).toHaveTextContent('Import Selected (5)');

    await user.click(personalInjury);
    expect(box(dialog, 'Instructions and material facts')).not.toBeChecked();
    expect(box(dialog, 'Prognosis')).not.toBeChecked();
    expect(box(dialog, 'Causation')).toBeChecked();
    expect(counter(dialog)).toHaveTextContent('0 types and 1 prompt selected');

    await user.click(within(dialog).getByRole('button', { name: 'Select All' }));
    expect(counter(dialog)).toHaveTextContent('2 types and 5 prompts selected');
    expect(importButton(dialog)).toHaveTextContent('Import Selected (7)');
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .every((checkbox) => (checkbox as HTMLInputElement).checked),
    ).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Select None' }));
    expect(counter(dialog)).toHaveTextContent('0 types and 0 prompts selected');
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .some((checkbox) => (checkbox as HTMLInputElement).checked),
    ).toBe(false);
  });

  it('asks for at least one item and sends nothing when none is selected', async () => {
    const { user, dialog } = await openImportDialog();
    await within(dialog).findByRole('checkbox', { name: 'Personal Injury' }, slow);
    await user.click(importButton(dialog));
    expect(within(dialog).getByText('Please select at least one item to import.')).toBeInTheDocument();
    expect(requestsTo(backend, 'POST', '/api/defaults/import')).toEqual([]);
    await user.click(box(dialog, 'Prognosis'));
    expect(within(dialog).queryByText('Please select at least one item to import.')).not.toBeInTheDocument();
  });
});

describe('importing', () => {
  it('sends the selected ids, clears the cache, confirms, closes and reloads the prompts', async () => {
    const { user, dialog } = await openImportDialog();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Personal Injury' }, slow));
    await user.click(box(dialog, 'Causation'));
    await user.click(importButton(dialog));

    expect(await screen.findByText('Imported 0 report types and 2 prompts', {}, slow)).toBeInTheDocument();
    expect(requestsTo(backend, 'POST', '/api/defaults/import').map((request) => request.body)).toEqual([
      { lookupTypeIds: [1], lookupIds: [1, 2, 3, 5] },
    ]);
    expect(requestsTo(backend, 'POST', '/api/cache/invalidate-user')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DIALOG })).not.toBeInTheDocument(), slow);
    await waitFor(() => expect(screen.getByText('Showing 9 of 9 prompts')).toBeInTheDocument(), slow);
    expect(requestsTo(backend, 'GET', '/api/lookup-types')).toHaveLength(2);
  });

  it('ignores a failure of the cache call', async () => {
    server.use(answerCall('invalidateUserCache', () => promptApiError(500, 'Cache unavailable')));
    const { user, dialog } = await openImportDialog();
    await user.click(
      await within(dialog).findByRole('checkbox', { name: 'Instructions and material facts' }, slow),
    );
    await user.click(importButton(dialog));
    expect(await screen.findByText('Imported 0 report types and 1 prompts', {}, slow)).toBeInTheDocument();
    expect(screen.queryByText('Cache unavailable')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DIALOG })).not.toBeInTheDocument(), slow);
  });

  it("keeps the dialog open with the server's reason when the import fails, else Failed to import selected items", async () => {
    server.use(answerCall('importDefaults', () => promptApiError(400, 'Unknown default prompt id 99')));
    const { user, dialog } = await openImportDialog();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Prognosis' }, slow));
    await user.click(importButton(dialog));
    expect(await within(dialog).findByText('Unknown default prompt id 99', {}, slow)).toBeInTheDocument();

    server.use(answerCall('importDefaults', () => new HttpResponse(null, { status: 500 })));
    await user.click(importButton(dialog));
    expect(await within(dialog).findByText('Failed to import selected items', {}, slow)).toBeInTheDocument();
    expect(box(dialog, 'Prognosis')).toBeChecked();
  });
});

describe('when there is nothing to import', () => {
  it("shows the server's reason when the defaults cannot be loaded, else Failed to load default prompts", async () => {
    server.use(
      answerCall('listDefaultLookups', () =>
        promptApiError(403, 'Your access level does not include draft reports and prompts'),
      ),
    );
    const { user, dialog } = await openImportDialog();
    expect(
      await within(dialog).findByText(
        'Your access level does not include draft reports and prompts',
        {},
        slow,
      ),
    ).toBeInTheDocument();
    server.use(answerCall('listDefaultLookups', () => new HttpResponse(null, { status: 500 })));
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Failed to load default prompts', {}, slow)).toBeInTheDocument();
  });

  it('explains that no defaults are available and links to the prompt editor', async () => {
    backend.defaultsAvailable = false;
    const { user, dialog } = await openImportDialog();
    expect(
      await within(dialog).findByText('No default report prompts are available', {}, slow),
    ).toBeInTheDocument();
    expect(requestsTo(backend, 'GET', '/api/defaults/lookups')).toEqual([]);
    const link = within(dialog).getByRole('link', { name: 'prompt editor' });
    expect(link).toHaveAttribute('href', '/prompt-edit');
    await user.click(link);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DIALOG })).not.toBeInTheDocument(), slow);
  });

  it('says the same when the provider offers an empty set', async () => {
    backend.defaultTypes = [];
    backend.defaultPrompts = [];
    const { dialog } = await openImportDialog();
    expect(
      await within(dialog).findByText('No default report prompts are available', {}, slow),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Import Selected/ })).not.toBeInTheDocument();
  });
});

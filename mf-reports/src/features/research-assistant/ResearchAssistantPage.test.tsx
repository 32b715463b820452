import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResearchSearchRequest, TrustedSource } from '@ewrt/contract';
import {
  HttpResponse,
  makeUser,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import { recordSavedFiles, wordFileAnswer } from '../testing-support/chatHandlers';
import {
  bareResearchServerError,
  makeResearchAnswer,
  makeResearchSource,
  makeResearchStatus,
  makeTrustedSource,
  RESEARCH_MODEL,
  researchApiError,
  savedSource,
  searchResearchHandler,
} from '../testing-support/researchHandlers';
import { ResearchAssistantPage } from './ResearchAssistantPage';

jest.setTimeout(60_000);
const slow = { timeout: 8_000 };

const EXPERT = makeUser({ ID_User: 12, Name: 'Dr Priya Patel', Username: 'dr.patel' });
const NICE = makeTrustedSource();
const BMJ = makeTrustedSource({
  ID_Source: 7,
  source_name: 'BMJ Best Practice',
  source_domain: 'bestpractice.bmj.com',
  source_description: null,
  is_default: false,
});
const NO_ACTIVE_SOURCE =
  'No active trusted sources configured. Please activate at least one source before asking questions.';

const server = setupApiServer(
  answerCallWith('listTrustedSources', { sources: [NICE, BMJ] }),
  answerCallWith('getResearchStatus', makeResearchStatus()),
);

function renderPage() {
  renderWithProviders(<ResearchAssistantPage />, { route: '/research-assistant', user: EXPERT });
  return userEvent.setup({ delay: null });
}

type User = ReturnType<typeof userEvent.setup>;
const sourceList = () => screen.findByLabelText('Trusted sources', {}, slow);
const itemOf = (name: string) => within(screen.getByText(name).closest('li') as HTMLElement);
const questionBox = () => screen.getByLabelText('Your question');
const sendButton = () =>
  within(questionBox().closest('form') as HTMLElement).getByRole('button', { name: /Send/ });
const actions = () => within(screen.getByLabelText('Actions'));
const conversation = () => screen.getByLabelText('Research conversation');
const statusCard = () => within(screen.getByLabelText('Service Status'));

async function ask(user: User, question: string) {
  await user.click(questionBox());
  await user.paste(question);
  await user.keyboard('{Enter}');
}

/** Sets a field as one change, like pasting: far quicker than typing on a busy machine. */
function fill(dialog: HTMLElement, label: RegExp, text: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value: text } });
}

describe('asking a question', () => {
  it('shows the searched domains, then the answer citing its pages as new-tab links, and sends the history next time', async () => {
    const received: ResearchSearchRequest[] = [];
    server.use(searchResearchHandler(makeResearchAnswer(), received));
    const user = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Research Assistant' })).toBeInTheDocument();
    await sourceList();
    expect(screen.getByText('Searching: nice.org.uk, bestpractice.bmj.com')).toBeVisible();
    expect(statusCard().getByText(RESEARCH_MODEL.label)).toBeVisible();
    expect(statusCard().getByText('Web search').nextElementSibling).toHaveTextContent('Yes');

    await ask(user, 'How long does whiplash take to settle?');
    const answer = await within(conversation()).findByRole('article', { name: 'Response' }, slow);
    expect(answer).toHaveTextContent('Most people recover within three months');
    expect(answer).toHaveTextContent('End of response');
    const citation = within(answer).getByRole('link', {
      name: '[1] Whiplash injury: management, www.nice.org.uk (opens in a new tab)',
    });
    const page = within(answer).getByRole('link', {
      name: 'Whiplash injury: management (www.nice.org.uk, opens in a new tab)',
    });
    for (const link of [citation, page]) {
      expect(link).toHaveAttribute('href', 'https://www.nice.org.uk/guidance/whiplash');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(questionBox()).toHaveValue('');
    expect(received[0]).toEqual({
      question: 'How long does whiplash take to settle?',
      conversation_history: [],
    });

    await ask(user, 'And for children?');
    await waitFor(() => expect(screen.getAllByText('End of response')).toHaveLength(2), slow);
    expect(received[1]?.conversation_history).toEqual([
      expect.objectContaining({ role: 'user', content: 'How long does whiplash take to settle?' }),
      expect.objectContaining({ role: 'assistant', content: 'Most people recover within three months [1].' }),
    ]);
  });

  it("refuses to send without an active source, and shows the server's message or 'Error performing research'", async () => {
    const received: ResearchSearchRequest[] = [];
    server.use(
      answerCallWith('listTrustedSources', { sources: [{ ...NICE, is_active: false }] }),
      searchResearchHandler(() => researchApiError(502, 'The web search did not answer'), received),
    );
    const user = renderPage();
    await sourceList();
    await ask(user, 'Is ibuprofen safe after a fracture?');
    expect(await screen.findByText(NO_ACTIVE_SOURCE)).toBeVisible();
    expect(received).toHaveLength(0);
    expect(questionBox()).toHaveValue('Is ibuprofen safe after a fracture?');

    server.use(
      answerCallWith('toggleTrustedSource', savedSource('Source activated', { ...NICE, is_active: true })),
    );
    await user.click(screen.getByLabelText('Search NICE'));
    expect(await screen.findByText('Source activated successfully', {}, slow)).toBeVisible();
    expect(screen.getByText('Searching: nice.org.uk')).toBeVisible();

    await user.click(sendButton());
    expect(await screen.findByText('The web search did not answer', {}, slow)).toBeVisible();
    expect(received).toHaveLength(1);

    server.use(searchResearchHandler(bareResearchServerError));
    await user.click(sendButton());
    expect(await screen.findByText('Error performing research', {}, slow)).toBeVisible();
    expect(questionBox()).toHaveValue('Is ibuprofen safe after a fracture?');
  });

  it('exports the last answer as research_report_{timestamp}.docx with its sources, and reports a failure', async () => {
    const saved = recordSavedFiles();
    const exported: unknown[] = [];
    const secondPage = makeResearchSource({
      number: 2,
      title: 'Whiplash in adults',
      url: 'https://bestpractice.bmj.com/topics/whiplash',
      domain: 'bestpractice.bmj.com',
      source_name: 'BMJ Best Practice',
    });
    server.use(
      searchResearchHandler(
        makeResearchAnswer({
          response: 'Recovery takes weeks [1][2].',
          sources: [makeResearchSource(), secondPage],
        }),
      ),
    );
    const user = renderPage();
    await sourceList();

    await user.click(actions().getByRole('button', { name: /Export Report/ }));
    expect(await screen.findByText('No research to export')).toBeVisible();

    await ask(user, 'Whiplash recovery?');
    await within(conversation()).findByRole('article', { name: 'Response' }, slow);
    server.use(
      answerCallWith('exportResearch', async ({ request }) => {
        exported.push(await request.json());
        return wordFileAnswer();
      }),
    );
    await user.click(actions().getByRole('button', { name: /Export Report/ }));
    expect(await screen.findByText('Research report exported successfully', {}, slow)).toBeVisible();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatch(/^research_report_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.docx$/);
    expect(exported[0]).toEqual({
      question: 'Whiplash recovery?',
      response: { text: 'Recovery takes weeks [1][2].', sources: [makeResearchSource(), secondPage] },
      conversation_history: [],
    });

    server.use(answerCallWith('exportResearch', bareResearchServerError));
    await user.click(actions().getByRole('button', { name: /Export Report/ }));
    expect(await screen.findByText('Error exporting research report', {}, slow)).toBeVisible();

    await user.click(actions().getByRole('button', { name: /Clear Chat/ }));
    expect(await screen.findByText('Chat history cleared')).toBeVisible();
    expect(within(conversation()).queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('trusted sources', () => {
  it('marks defaults, offers Delete only for the user’s own, and toggles with its messages', async () => {
    server.use(
      answerCallWith('toggleTrustedSource', savedSource('Source deactivated', { ...BMJ, is_active: false })),
    );
    const user = renderPage();
    await sourceList();
    expect(itemOf('NICE').getByText('Default')).toBeVisible();
    expect(itemOf('NICE').getByRole('button', { name: 'Edit NICE' })).toBeVisible();
    expect(itemOf('NICE').queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(itemOf('BMJ Best Practice').queryByText('Default')).not.toBeInTheDocument();
    expect(
      itemOf('BMJ Best Practice').getByRole('button', { name: 'Delete BMJ Best Practice' }),
    ).toBeVisible();

    const bmjSwitch = screen.getByLabelText('Search BMJ Best Practice');
    expect(bmjSwitch).toBeChecked();
    await user.click(bmjSwitch);
    expect(await screen.findByText('Source deactivated successfully', {}, slow)).toBeVisible();
    expect(bmjSwitch).not.toBeChecked();
    expect(screen.getByText('Searching: nice.org.uk')).toBeVisible();

    server.use(answerCallWith('toggleTrustedSource', bareResearchServerError));
    await user.click(screen.getByLabelText('Search NICE'));
    expect(await screen.findByText('Error updating source status', {}, slow)).toBeVisible();
    expect(screen.getByLabelText('Search NICE')).toBeChecked();
  });

  it('adds a source: name and domain required, a pasted address cut to its domain, the server’s refusal shown', async () => {
    const created: unknown[] = [];
    const PUBMED = makeTrustedSource({
      ID_Source: 9,
      source_name: 'PubMed',
      source_domain: 'pubmed.ncbi.nlm.nih.gov',
      source_description: 'Abstracts',
      is_default: false,
    });
    server.use(
      answerCallWith('createTrustedSource', async ({ request }) => {
        created.push(await request.json());
        return created.length === 1
          ? researchApiError(409, 'You already have a trusted source for this domain')
          : HttpResponse.json(savedSource('Trusted source added', PUBMED), { status: 201 });
      }),
    );
    const user = renderPage();
    await sourceList();
    await user.click(
      within(screen.getByLabelText('Trusted Sources')).getByRole('button', { name: /Add Source/ }),
    );
    const dialog = await screen.findByLabelText('Add Trusted Source');
    expect(within(dialog).getByText(/without http:\/\/ or https:\/\//)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /Add Source/ }));
    expect(await within(dialog).findByText('Source name and domain are required')).toBeInTheDocument();
    expect(created).toHaveLength(0);

    fill(dialog, /Source name/, 'PubMed');
    fill(dialog, /Domain/, 'https://pubmed.ncbi.nlm.nih.gov/?term=whiplash');
    expect(within(dialog).getByLabelText(/Domain/)).toHaveValue('pubmed.ncbi.nlm.nih.gov/?term=whiplash');
    fill(dialog, /Description/, 'Abstracts');
    await user.click(within(dialog).getByRole('button', { name: /Add Source/ }));
    expect(
      await within(dialog).findByText('You already have a trusted source for this domain', {}, slow),
    ).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: /Add Source/ }));
    expect(await screen.findByText('Trusted source added successfully', {}, slow)).toBeVisible();
    expect(created[1]).toEqual({
      source_name: 'PubMed',
      source_domain: 'pubmed.ncbi.nlm.nih.gov',
      source_description: 'Abstracts',
    });
    expect(await screen.findByLabelText('Search PubMed')).toBeChecked();
  });

  it('edits a source, falling back to its own message when the server gives none', async () => {
    const renamed: TrustedSource = { ...BMJ, source_name: 'BMJ' };
    let attempts = 0;
    server.use(
      answerCallWith('updateTrustedSource', () => {
        attempts += 1;
        return attempts === 1
          ? bareResearchServerError()
          : HttpResponse.json(savedSource('Trusted source updated', renamed));
      }),
    );
    const user = renderPage();
    await sourceList();
    await user.click(screen.getByRole('button', { name: 'Edit BMJ Best Practice' }));
    const dialog = await screen.findByLabelText('Edit Trusted Source');
    expect(within(dialog).getByLabelText(/Domain/)).toHaveValue('bestpractice.bmj.com');

    fill(dialog, /Source name/, 'BMJ');
    await user.click(within(dialog).getByRole('button', { name: /Save Changes/ }));
    expect(await within(dialog).findByText('Error updating trusted source', {}, slow)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText('Trusted source updated successfully', {}, slow)).toBeVisible();
    expect(await screen.findByLabelText('Search BMJ')).toBeInTheDocument();
  });

  it('deletes a source after confirmation, and keeps the dialog open with the failure', async () => {
    let attempts = 0;
    server.use(
      answerCallWith('deleteTrustedSource', () => {
        attempts += 1;
        return attempts === 1 ? bareResearchServerError() : HttpResponse.json({ message: 'Deleted' });
      }),
    );
    const user = renderPage();
    await sourceList();
    await user.click(screen.getByRole('button', { name: 'Delete BMJ Best Practice' }));
    const dialog = await screen.findByLabelText('Delete Trusted Source');
    expect(dialog).toHaveTextContent('Delete BMJ Best Practice (bestpractice.bmj.com)?');

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Error deleting trusted source', {}, slow)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Trusted source deleted successfully', {}, slow)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('switch', { name: /BMJ/ })).not.toBeInTheDocument());
  });
});

describe('the service status and loading failures', () => {
  it('shows an unavailable service with its flags and disables the question box; a failed list says so', async () => {
    server.use(
      answerCallWith(
        'getResearchStatus',
        makeResearchStatus({
          available: false,
          message: 'Web search is not configured',
          services: { ai_model: true, web_search: false },
          search_provider: null,
        }),
      ),
      answerCallWith('listTrustedSources', bareResearchServerError),
    );
    renderPage();
    expect(
      await statusCard().findByText(
        'Research service is not available: Web search is not configured',
        {},
        slow,
      ),
    ).toBeVisible();
    expect(statusCard().getByText('Web search').nextElementSibling).toHaveTextContent('No');
    expect(statusCard().getByText('Language model').nextElementSibling).toHaveTextContent('Yes');
    expect(questionBox()).toBeDisabled();
    expect(screen.getByText('Searching is disabled: Web search is not configured')).toBeVisible();
    expect(await screen.findByText('Failed to load trusted sources')).toBeVisible();
  });

  it('says when the status cannot be checked', async () => {
    server.use(answerCallWith('getResearchStatus', bareResearchServerError));
    renderPage();
    expect(await statusCard().findByText('Unable to check research service status', {}, slow)).toBeVisible();
    expect(questionBox()).toBeEnabled();
  });
});

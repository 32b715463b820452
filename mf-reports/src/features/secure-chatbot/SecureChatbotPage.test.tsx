import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatSendRequest } from '@ewrt/contract';
import {
  answerCall,
  HttpResponse,
  makeUser,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import {
  bareChatServerError,
  CHAT_MODEL,
  chatApiError,
  makeChatReply,
  makeChatStatus,
  recordSavedFiles,
  sendChatHandler,
  UNAVAILABLE_CHAT_STATUS,
  validateContextHandler,
  wordFileAnswer,
} from '../testing-support/chatHandlers';
import { SecureChatbotPage } from './SecureChatbotPage';

jest.setTimeout(60_000);
const slow = { timeout: 8_000 };

const EXPERT = makeUser({ ID_User: 12, Name: 'Dr Priya Patel', Username: 'dr.patel' });
const TOO_LONG = 'Context exceeds 20,000 word limit. Please shorten it before sending.';

const server = setupApiServer(answerCallWith('getChatStatus', makeChatStatus()), validateContextHandler());

function renderPage() {
  renderWithProviders(<SecureChatbotPage />, { route: '/secure-chatbot', user: EXPERT });
  return userEvent.setup({ delay: null });
}

const messageBox = () => screen.getByLabelText('Your message');
const sendButton = () =>
  within(messageBox().closest('form') as HTMLElement).getByRole('button', { name: /Send/ });
const actions = () => within(screen.getByLabelText('Actions'));
const contextBox = () => screen.getByLabelText('Additional Context');
const conversation = () => screen.getByLabelText('Chat messages');
const statusCard = () => within(screen.getByLabelText('Service Status'));
const statistic = (label: string) =>
  within(screen.getByLabelText('Chat Statistics')).getByText(label).nextElementSibling;

/** Writes a message the way pasting does (much quicker than typing on a busy machine), then presses Enter. */
async function say(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(messageBox());
  await user.paste(text);
  await user.keyboard('{Enter}');
}

/** A reply the test releases when it is ready, so what shows while waiting can be checked. */
function heldReply(response: string, received: ChatSendRequest[]) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    sendChatHandler(async () => {
      await released;
      return HttpResponse.json(makeChatReply(response));
    }, received),
  );
  return () => release();
}

describe('the conversation', () => {
  it('sends on Enter with the history and context, shows Thinking, then the reply with its End of response marker', async () => {
    const received: ChatSendRequest[] = [];
    const user = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Secure Chatbot' })).toBeInTheDocument();
    expect(within(conversation()).getByText(/has no access to patient data/)).toBeVisible();
    expect(await statusCard().findByText(CHAT_MODEL.label, {}, slow)).toBeVisible();

    // Empty or blank: Enter sends nothing and Send stays disabled.
    await user.click(messageBox());
    await user.keyboard('   {Enter}');
    expect(sendButton()).toBeDisabled();

    // Shift+Enter starts a new line instead of sending.
    await user.clear(messageBox());
    await user.paste('Summarise');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.paste('briefly');
    expect(messageBox()).toHaveValue('Summarise\nbriefly');
    expect(received).toHaveLength(0);

    fireEvent.change(contextBox(), { target: { value: 'NICE guidance on whiplash' } });
    const release = heldReply('Whiplash usually settles within 3 months.', received);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('status')).toHaveTextContent('Thinking...');
    expect(within(conversation()).getByText(/Summarise\s+briefly/)).toBeVisible();
    release();
    const reply = await within(conversation()).findByRole('article', { name: 'Response' }, slow);
    expect(reply).toHaveTextContent('Whiplash usually settles within 3 months.');
    expect(reply).toHaveTextContent('End of response');
    expect(reply).toHaveTextContent(`Model: ${CHAT_MODEL.label}`);
    expect(within(reply).getByText('04/11/2026', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('status')).not.toHaveTextContent('Thinking');
    expect(messageBox()).toHaveValue('');
    expect(received[0]).toEqual({
      message: 'Summarise\nbriefly',
      history: [],
      context: 'NICE guidance on whiplash',
    });

    // The next message carries the exchange before it.
    server.use(sendChatHandler(makeChatReply('About 3 months.'), received));
    await say(user, 'And the usual recovery?');
    expect(await within(conversation()).findByText('About 3 months.', {}, slow)).toBeVisible();
    expect(received[1]?.history).toEqual([
      expect.objectContaining({ role: 'user', content: 'Summarise\nbriefly' }),
      expect.objectContaining({
        role: 'assistant',
        content: 'Whiplash usually settles within 3 months.',
        model: CHAT_MODEL.label,
      }),
    ]);
    expect(screen.getAllByText('End of response')).toHaveLength(2);
    expect(statistic('Messages')).toHaveTextContent('4');
    expect(statistic('Your questions')).toHaveTextContent('2');
    expect(statistic('Responses')).toHaveTextContent('2');
    expect(statistic('Context words')).toHaveTextContent('4');

    await user.click(actions().getByRole('button', { name: /Clear Chat/ }));
    expect(await screen.findByText('Chat history cleared')).toBeVisible();
    expect(within(conversation()).queryByRole('article')).not.toBeInTheDocument();
    expect(statistic('Messages')).toHaveTextContent('0');
  });

  it("keeps the unsent message when sending fails, showing the server's message or 'Error sending message'", async () => {
    server.use(sendChatHandler(() => chatApiError(502, 'The language model did not answer')));
    const user = renderPage();
    await say(user, 'What is a Colles fracture?');

    expect(await screen.findByText('The language model did not answer', {}, slow)).toBeVisible();
    expect(messageBox()).toHaveValue('What is a Colles fracture?');
    expect(within(conversation()).queryByRole('article')).not.toBeInTheDocument();

    server.use(sendChatHandler(bareChatServerError));
    await user.click(sendButton());
    expect(await screen.findByText('Error sending message', {}, slow)).toBeVisible();
    expect(messageBox()).toHaveValue('What is a Colles fracture?');
  });
});

describe('the service status', () => {
  it('without a model says the service is not available and disables the message box with the reason', async () => {
    server.use(answerCallWith('getChatStatus', UNAVAILABLE_CHAT_STATUS));
    renderPage();
    expect(
      await statusCard().findByText(
        'Chat service is not available: No language model is configured',
        {},
        slow,
      ),
    ).toBeVisible();
    expect(messageBox()).toBeDisabled();
    expect(screen.getByText('Sending is disabled: No language model is configured')).toBeVisible();
    expect(sendButton()).toBeDisabled();
  });

  it('says so when the status cannot be checked, and leaves the message box usable', async () => {
    server.use(answerCallWith('getChatStatus', bareChatServerError));
    renderPage();
    expect(await statusCard().findByText('Unable to check chat service status', {}, slow)).toBeVisible();
    expect(messageBox()).toBeEnabled();
  });
});

describe('the additional context', () => {
  it('counts words locally and blocks sending over 20,000 words until the context is cleared', async () => {
    const received: ChatSendRequest[] = [];
    server.use(sendChatHandler(makeChatReply('Noted.'), received));
    const user = renderPage();
    fireEvent.change(contextBox(), { target: { value: 'word '.repeat(20_001) } });

    expect(screen.getByText('20,001 / 20,000 words')).toBeVisible();
    expect(screen.getByText(TOO_LONG)).toBeVisible();
    expect(contextBox()).toHaveAttribute('aria-invalid', 'true');
    await say(user, 'Summarise this');
    expect(sendButton()).toBeDisabled();
    expect(received).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear Context' }));
    expect(screen.getByText('0 / 20,000 words')).toBeVisible();
    expect(screen.queryByText(TOO_LONG)).not.toBeInTheDocument();
    await user.click(sendButton());
    await waitFor(() => expect(received).toHaveLength(1));
  });

  it("is checked by the server once typing pauses, and the server's refusal blocks sending", async () => {
    const checked: string[] = [];
    server.use(
      validateContextHandler(async ({ request }) => {
        const { context } = (await request.json()) as { context: string };
        checked.push(context);
        return HttpResponse.json({
          valid: false,
          character_count: context.length,
          word_count: 3,
          message: TOO_LONG,
        });
      }),
      answerCall('sendChatMessage', () => makeChatReply('Should not be asked')),
    );
    const user = renderPage();
    fireEvent.change(contextBox(), { target: { value: 'Report' } });
    fireEvent.change(contextBox(), { target: { value: 'Report of MRI' } });
    fireEvent.change(contextBox(), { target: { value: 'Report of MRI scan' } });

    expect(await screen.findByText(TOO_LONG, {}, slow)).toBeVisible();
    expect(checked).toEqual(['Report of MRI scan']);
    await user.click(messageBox());
    await user.paste('Explain it');
    expect(sendButton()).toBeDisabled();
  });
});

describe('Export Chat', () => {
  it('says there is nothing to export, then saves chat_history_{timestamp}.docx, and reports a failure', async () => {
    const saved = recordSavedFiles();
    const exported: unknown[] = [];
    server.use(sendChatHandler(makeChatReply('Hello.')));
    const user = renderPage();
    const exportButton = actions().getByRole('button', { name: /Export Chat/ });

    await user.click(exportButton);
    expect(await screen.findByText('No chat history to export')).toBeVisible();

    await say(user, 'Hi');
    await within(conversation()).findByText('Hello.', {}, slow);
    server.use(
      answerCallWith('exportChat', async ({ request }) => {
        exported.push(await request.json());
        return wordFileAnswer();
      }),
    );
    await user.click(exportButton);
    expect(await screen.findByText('Chat history exported successfully', {}, slow)).toBeVisible();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatch(/^chat_history_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.docx$/);
    expect(exported[0]).toEqual({
      history: [
        expect.objectContaining({ role: 'user', content: 'Hi' }),
        expect.objectContaining({ role: 'assistant', content: 'Hello.' }),
      ],
    });

    server.use(answerCallWith('exportChat', bareChatServerError));
    await user.click(exportButton);
    expect(await screen.findByText('Error exporting chat history', {}, slow)).toBeVisible();
  });
});

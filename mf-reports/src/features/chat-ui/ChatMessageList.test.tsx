import { act, render, screen, within } from '@testing-library/react';
import { CHAT_SCROLL_DELAY_MS } from '@ewrt/contract/limits';
import { makeChatEntry, type ChatEntry } from './ChatEntry';
import { ChatMessageList } from './ChatMessageList';

const QUESTION = makeChatEntry({
  role: 'user',
  content: 'Is this a Colles fracture?',
  timestamp: '2026-11-04T10:14:00Z',
});
const ANSWER = makeChatEntry({
  role: 'assistant',
  content: 'It matches the usual pattern [1].',
  timestamp: '2026-11-04T10:15:00Z',
  modelLabel: 'llama-3.1-8b-instruct (llm.northgate.test)',
});

function renderList(entries: readonly ChatEntry[], thinking = false) {
  return render(
    <ChatMessageList label="Chat messages" entries={entries} thinking={thinking} welcome="Welcome" />,
  );
}

beforeEach(() => {
  jest.useFakeTimers();
  // jsdom lays nothing out: give the conversation a height to scroll to.
  jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(900);
});

afterEach(() => {
  jest.useRealTimers();
});

it('scrolls to the latest message once it has been laid out, not before', () => {
  const { rerender } = renderList([QUESTION], true);
  const log = screen.getByRole('log', { name: 'Chat messages' });
  act(() => jest.runOnlyPendingTimers());
  log.scrollTop = 0;

  rerender(
    <ChatMessageList label="Chat messages" entries={[QUESTION, ANSWER]} thinking={false} welcome="Welcome" />,
  );
  act(() => jest.advanceTimersByTime(CHAT_SCROLL_DELAY_MS - 1));
  expect(log.scrollTop).toBe(0);
  act(() => jest.advanceTimersByTime(1));
  expect(log.scrollTop).toBe(900);
});

it('shows each message with its en-GB time, closes an answer with End of response, and fills the status while thinking', () => {
  const { rerender } = renderList([QUESTION], true);
  expect(screen.getByRole('status')).toHaveTextContent('Thinking...');
  expect(
    within(screen.getByRole('article', { name: 'Message from you' })).getByText(/^04\/11\/2026, \d\d:\d\d$/),
  ).toBeInTheDocument();

  rerender(
    <ChatMessageList label="Chat messages" entries={[QUESTION, ANSWER]} thinking={false} welcome="Welcome" />,
  );
  const answer = screen.getByRole('article', { name: 'Response' });
  expect(answer).toHaveTextContent('It matches the usual pattern [1].');
  expect(answer.lastElementChild).toHaveTextContent('End of response');
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
});

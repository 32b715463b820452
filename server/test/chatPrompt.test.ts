// The chatbot's pure rules: the word count behind the 20,000-word limit and the messages the model is sent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatHistoryMessage } from '@ewrt/contract';
import {
  buildChatPrompt,
  CHAT_SYSTEM_PROMPT,
  CONTEXT_BLOCK_END,
  CONTEXT_BLOCK_START,
  recentHistory,
} from '../src/features/chat/buildChatPrompt.js';
import { countWords } from '../src/features/chat/countWords.js';

const user = (content: string): ChatHistoryMessage => ({ role: 'user', content });
const assistant = (content: string): ChatHistoryMessage => ({ role: 'assistant', content });

describe('countWords', () => {
  it('counts runs of non-whitespace, whatever the whitespace', () => {
    assert.equal(countWords(''), 0);
    assert.equal(countWords('   \n\t '), 0);
    assert.equal(countWords('one'), 1);
    assert.equal(countWords('  left  knee\npain,\tsix weeks\u00a0later. '), 6);
  });
});

describe('recentHistory', () => {
  it('keeps the newest messages that fit the budget, oldest first', () => {
    const history = [
      user('a'.repeat(40)),
      assistant('b'.repeat(40)),
      user('c'.repeat(30)),
      assistant('d'.repeat(30)),
    ];
    assert.deepEqual(recentHistory(history, 70), [history[2], history[3]]);
    assert.deepEqual(recentHistory(history, 1_000), history);
  });

  it('never opens with an answer whose question was dropped, and skips blank messages', () => {
    const history = [
      user('q'.repeat(50)),
      assistant('a'.repeat(20)),
      user('next question'),
      assistant('   '),
    ];
    assert.deepEqual(recentHistory(history, 40), [history[2]]);
  });
});

describe('buildChatPrompt', () => {
  it('sends the system prompt, the delimited context, the history in order and the message last', () => {
    const messages = buildChatPrompt({
      message: '  What is a Colles fracture?  ',
      context: '\nThe claimant fell on an outstretched hand.\n',
      history: [user('First question'), assistant('First answer')],
    });
    assert.deepEqual(
      messages.map((message) => message.role),
      ['system', 'user', 'assistant', 'user'],
    );
    const system = messages[0]!.content;
    assert.ok(system.startsWith(CHAT_SYSTEM_PROMPT));
    assert.ok(
      system.endsWith(
        `${CONTEXT_BLOCK_START}\nThe claimant fell on an outstretched hand.\n${CONTEXT_BLOCK_END}`,
      ),
      system,
    );
    assert.deepEqual(messages.slice(1), [
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'First answer' },
      { role: 'user', content: 'What is a Colles fracture?' },
    ]);
  });

  it('has no context block when the context is blank', () => {
    const [system] = buildChatPrompt({ message: 'Hello', context: '  \n ' });
    assert.equal(system!.content, CHAT_SYSTEM_PROMPT);
  });
});

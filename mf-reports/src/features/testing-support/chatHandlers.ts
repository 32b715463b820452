// Test data and the handlers with a behaviour of their own (recording what the chatbot calls received) for the secure
// chatbot calls.
import type { ChatSendRequest, ChatSendResponse, ChatStatusResponse, ModelInfo } from '@ewrt/contract';
import { answerCall, answerCallWith, HttpResponse, type CallAnswering } from '@ewrt/shared/testing';

/** An error answer as the server sends it (clients show its `message`). */
export function chatApiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

/** An error answer with no message, so the screen falls back to its own words. */
export const bareChatServerError = () => new HttpResponse(null, { status: 500 });

export const CHAT_MODEL: ModelInfo = {
  mode: 'language-model',
  model: 'llama-3.1-8b-instruct',
  provider: 'llm.northgate.test',
  label: 'llama-3.1-8b-instruct (llm.northgate.test)',
};

export function makeChatStatus(overrides: Partial<ChatStatusResponse> = {}): ChatStatusResponse {
  return {
    available: true,
    message: 'Chat service is ready',
    max_tokens: 4096,
    model_info: CHAT_MODEL,
    ...overrides,
  };
}

export const UNAVAILABLE_CHAT_STATUS = makeChatStatus({
  available: false,
  message: 'No language model is configured',
  max_tokens: null,
  model_info: null,
});

export function makeChatReply(response: string, overrides: Partial<ChatSendResponse> = {}): ChatSendResponse {
  return { response, timestamp: '2026-11-04T10:15:00.000Z', model_info: CHAT_MODEL, ...overrides };
}

/** Accepts any context unless told otherwise. */
export const validateContextHandler = (answer?: CallAnswering<'validateChatContext'>) =>
  answerCallWith(
    'validateChatContext',
    answer ??
      (({ body: { context } }) => {
        const words = context.trim() ? context.trim().split(/\s+/).length : 0;
        return {
          valid: true,
          character_count: context.length,
          word_count: words,
          message: 'Context is within the limit',
        };
      }),
  );

/** Answers every message with `reply`, recording each request's body. */
export function sendChatHandler(reply: CallAnswering<'sendChatMessage'>, received: ChatSendRequest[] = []) {
  return answerCall('sendChatMessage', (call) => {
    received.push(call.body);
    return typeof reply === 'function' ? reply(call) : reply;
  });
}

/** A Word file as the export call answers it, unnamed, so the browser names it (CHAT-03). */
export function wordFileAnswer() {
  return new HttpResponse(new Blob(['PK word document'], { type: 'application/octet-stream' }), {
    headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  });
}

/**
 * The files the page hands to the browser's download from now on (restored after each test by the jest preset):
 * object URLs are stubbed, since jsdom has none, and each download link's name is recorded.
 */
export function recordSavedFiles(): string[] {
  const saved: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: () => 'blob:http://localhost/export',
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

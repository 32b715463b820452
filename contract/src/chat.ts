import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDateTime, LiteralUnion, Nullable, RequiredText, StoredText } from './fieldSchemas.js';
import {
  CHAT_CONTEXT_MAX_LENGTH,
  CHAT_HISTORY_MAX_MESSAGES,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_ROLES,
} from './limits.js';
import { ModelInfoSchema } from './recordQuestions.js';

/**
 * The secure chatbot (CHAT-01, CHAT-03): a general chat with the configured language model and
 * optional pasted context of at most 20,000 words. It reads no patient data and stores no conversation: the browser
 * sends the history with each message. Without a model the status says so and sending answers 503. Needs the user
 * feature 'tools'.
 */

const CHAT_MODEL_LABEL_MAX_LENGTH = 500;

export const ChatMessageSchema = Type.Object({
  role: LiteralUnion(CHAT_ROLES),
  content: StoredText(CHAT_MESSAGE_MAX_LENGTH),
  timestamp: Type.Optional(IsoDateTime()),
  /** Of an answer: the model that wrote it, as the send call reported it (its model_info.label); the export names it. */
  model: Type.Optional(StoredText(CHAT_MODEL_LABEL_MAX_LENGTH)),
});
export type ChatHistoryMessage = Static<typeof ChatMessageSchema>;

export const ChatStatusResponseSchema = Type.Object({
  available: Type.Boolean(),
  message: Type.String(),
  max_tokens: Nullable(Type.Integer()),
  /** The configured model as the server knows it; null when none is configured. */
  model_info: Nullable(ModelInfoSchema),
});
export type ChatStatusResponse = Static<typeof ChatStatusResponseSchema>;

const Context = StoredText(CHAT_CONTEXT_MAX_LENGTH, { title: 'Additional context' });

export const ValidateContextRequestSchema = Type.Object({ context: Context });
export type ValidateContextRequest = Static<typeof ValidateContextRequestSchema>;
export const ValidateContextResponseSchema = Type.Object({
  valid: Type.Boolean(),
  character_count: Type.Integer(),
  word_count: Type.Integer(),
  message: Type.String(),
});
export type ValidateContextResponse = Static<typeof ValidateContextResponseSchema>;

const History = Type.Array(ChatMessageSchema, { maxItems: CHAT_HISTORY_MAX_MESSAGES });

export const ChatSendRequestSchema = Type.Object({
  message: RequiredText(CHAT_MESSAGE_MAX_LENGTH, { title: 'Message' }),
  context: Type.Optional(Context),
  history: Type.Optional(History),
});
export type ChatSendRequest = Static<typeof ChatSendRequestSchema>;
export const ChatSendResponseSchema = Type.Object({
  response: Type.String(),
  timestamp: IsoDateTime(),
  /** The model that answered, as the endpoint reported it. */
  model_info: ModelInfoSchema,
});
export type ChatSendResponse = Static<typeof ChatSendResponseSchema>;

export const ChatExportRequestSchema = Type.Object({
  history: History,
  context: Type.Optional(Context),
});
export type ChatExportRequest = Static<typeof ChatExportRequestSchema>;

export const chatCalls = {
  getChatStatus: defineCall({
    method: 'GET',
    url: '/api/chat/status',
    schema: { response: { 200: ChatStatusResponseSchema, ...ERROR_RESPONSES } },
  }),
  validateChatContext: defineCall({
    method: 'POST',
    url: '/api/chat/validate-context',
    schema: {
      body: ValidateContextRequestSchema,
      response: { 200: ValidateContextResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** 400 with the spec's message when the context is over 20,000 words; 503 without a model; 502 when it fails. */
  sendChatMessage: defineCall({
    method: 'POST',
    url: '/api/chat/send',
    schema: { body: ChatSendRequestSchema, response: { 200: ChatSendResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** The chat as a Word document (the browser names it chat_history_{timestamp}.docx); errors answer JSON. */
  exportChat: defineCall({
    method: 'POST',
    url: '/api/chat/export',
    schema: { body: ChatExportRequestSchema, response: { ...ERROR_RESPONSES } },
  }),
} as const;

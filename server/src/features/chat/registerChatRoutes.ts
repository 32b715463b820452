import type { Clock } from '../../context/Clock.js';
import type { ApiInstance } from '../../http/ApiInstance.js';
import type { AiProvider } from '../ai/AiProvider.js';

export interface ChatRouteDeps {
  clock: Clock;
  ai: AiProvider | null;
}

/** The secure chatbot calls (ground: built by the chat work). */
export function registerChatRoutes(_app: ApiInstance, _deps: ChatRouteDeps): void {}

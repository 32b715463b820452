import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import type { ApiInstance } from '../../http/ApiInstance.js';
import type { AiProvider } from '../ai/AiProvider.js';
import type { WebSearch } from './WebSearch.js';

export interface ResearchRouteDeps {
  db: Database;
  clock: Clock;
  ai: AiProvider | null;
  webSearch: WebSearch | null;
}

/** The research assistant calls (ground: built by the research work). */
export function registerResearchRoutes(_app: ApiInstance, _deps: ResearchRouteDeps): void {}

// A second copy of the suite whose API server has a language model and web search: the local OpenAI-compatible and
// SearXNG stand-ins the server's own tests use. The main stack has neither, so the flows there prove what the product does without one; the
// few flows that need a model's answer in the browser start this copy (built apps are reused, the data directory is
// fresh). Its accounts are signed in through its own API, never through the run state of the main stack.
import type { LoginResponse } from '@ewrt/contract';
import type { Page } from '@playwright/test';
import { startTestStack } from '../../scripts/lib/stack.mjs';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../server/test/support/openAiStandIn';
import { startSearxngStandIn, type SearxngStandIn } from '../../server/test/support/searxngStandIn';
import { DEMO_PASSWORD } from './demoAccounts';
import { totpAt, TOTP_PERIOD_SECONDS } from './totp';

/** The model name the stand-in reports in its answers: the screens show it as the server reports it. */
export const STAND_IN_REPORTED_MODEL = 'stand-in-chat-e2e';

export interface LanguageModelStack {
  hostUrl: string;
  apiUrl: string;
  standIn: OpenAiStandIn;
  search: SearxngStandIn;
  stop: () => Promise<void>;
}

export async function startLanguageModelStack(): Promise<LanguageModelStack> {
  const standIn = await startOpenAiStandIn({ reportedModel: STAND_IN_REPORTED_MODEL });
  const search = await startSearxngStandIn();
  const closeStandIns = async () => {
    await standIn.close();
    await search.close();
  };
  try {
    const stack = await startTestStack({
      build: false,
      serverEnv: {
        AI_BASE_URL: standIn.baseUrl,
        AI_MODEL: 'e2e-configured-model',
        WEB_SEARCH_URL: search.baseUrl,
      },
    });
    return {
      hostUrl: stack.hostUrl,
      apiUrl: stack.apiUrl,
      standIn,
      search,
      stop: async () => {
        await stack.stop();
        await closeStandIns();
      },
    };
  } catch (error) {
    await closeStandIns();
    throw error;
  }
}

async function postLogin(apiUrl: string, body: Record<string, string>): Promise<LoginResponse> {
  const response = await fetch(`${apiUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as LoginResponse & { message?: string };
  if (!response.ok) throw new Error(`POST /api/login answered ${response.status}: ${answer.message ?? ''}`);
  return answer;
}

/** Signs a demo account in for the first time on `apiUrl` (two-factor set up on the way) and answers its token. */
export async function firstSignIn(apiUrl: string, username: string): Promise<string> {
  const first = await postLogin(apiUrl, { username, password: DEMO_PASSWORD });
  if (!first.requires_2fa_setup || !first.totp_secret || !first.setup_token) {
    throw new Error(`${username} was expected to sign in for the first time on ${apiUrl}`);
  }
  const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
  const final = await postLogin(apiUrl, {
    setup_token: first.setup_token,
    totp_token: totpAt(first.totp_secret, step),
  });
  if (!final.token) throw new Error(`Signing ${username} in on ${apiUrl} gave no token`);
  return final.token;
}

/** Opens `url` with `token` already where a sign-in leaves it, so the app restores the session itself. */
export async function openWithToken(page: Page, url: string, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('e2e-token-placed')) {
      window.sessionStorage.setItem('e2e-token-placed', '1');
      window.localStorage.setItem('token', value);
    }
  }, token);
  await page.goto(url);
}

import type { ModelInfo } from '@ewrt/contract';

/** What the screens show of a language model: its name and the endpoint's host (never its key). */
export function languageModelInfo(model: string, provider: string): ModelInfo {
  return { mode: 'language-model', model, provider, label: `${model} (${provider})` };
}

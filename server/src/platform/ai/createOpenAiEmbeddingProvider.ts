import type { EmbeddingProvider } from './EmbeddingProvider.js';

export interface OpenAiEmbeddingSettings {
  /** The endpoint's base, e.g. `http://localhost:11434/v1` (its `/embeddings` is called). */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

interface EmbeddingsAnswer {
  data?: { index?: number; embedding?: unknown }[];
  error?: { message?: string };
}

/**
 * Embeddings from any OpenAI-compatible endpoint (OpenAI, Azure, vLLM, Ollama, LM Studio): POST `/embeddings` with
 * float vectors asked for, since some servers refuse base64. A failure says which endpoint and why.
 */
export function createOpenAiEmbeddingProvider(settings: OpenAiEmbeddingSettings): EmbeddingProvider {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/embeddings`;
  return {
    model: settings.model,
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: settings.model, input: texts, encoding_format: 'float' }),
          signal: AbortSignal.any([signal, AbortSignal.timeout(settings.timeoutMs)]),
        });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new Error(`The embedding service at ${url} could not be reached: ${(error as Error).message}`, {
          cause: error,
        });
      }
      const answer = (await response.json().catch(() => ({}))) as EmbeddingsAnswer;
      if (!response.ok) {
        const reason = answer.error?.message ?? response.statusText;
        throw new Error(`The embedding service at ${url} answered ${response.status}: ${reason}`);
      }
      const vectors = [...(answer.data ?? [])]
        .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
        .map((item) => item.embedding);
      const valid =
        vectors.length === texts.length &&
        vectors.every(
          (vector): vector is number[] =>
            Array.isArray(vector) && vector.length > 0 && vector.every((value) => Number.isFinite(value)),
        );
      if (!valid) throw new Error(`The embedding service at ${url} answered without one vector per passage`);
      return vectors as number[][];
    },
  };
}

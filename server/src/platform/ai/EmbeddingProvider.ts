/**
 * Turns passages into embedding vectors for the hybrid ranking of the retrieval index. The server has one only
 * when an embedding endpoint is configured (AI_BASE_URL and AI_EMBEDDING_MODEL); otherwise it is null and the
 * index is PostgreSQL full-text search alone.
 */
export interface EmbeddingProvider {
  /** The model's name, recorded with the job's result. */
  readonly model: string;
  /** One vector per text, in the same order. */
  embed(texts: readonly string[], signal: AbortSignal): Promise<number[][]>;
}

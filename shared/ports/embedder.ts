/** Turns texts into vectors whose closeness reflects meaning (for search by meaning and related pages). */
export interface Embedder {
  /** Names the model: vectors from different ids are not comparable, so a change means re-embedding. */
  readonly id: string
  readonly dimensions: number
  /**
   * Whether the model reads a text as its words, each with one vector (the static built-in model): it
   * finds passages as well as a sentence model, but its closeness follows the words shared, so it
   * cannot judge between pages a note's words already rank (the built-in filer asks a sentence model).
   */
  readonly lexical?: boolean
  /**
   * The cosine similarity below which a passage is not about `query` for this model (MEANING_MIN, set
   * on the transformer, when unset): models spread their similarities differently, and a lexical model's
   * the more the shorter the query.
   */
  relevanceFloor?(query: string): number
  /** One unit-length vector per text, in order. */
  embed(texts: string[]): Promise<Float32Array[]>
  /** Stops any worker. */
  close(): Promise<void>
}

/** How an organization reaches an embeddings provider (the key unsealed, in memory only). */
export type EmbeddingSettings = {
  provider: 'openai' | 'openai-compatible'
  model: string
  apiKey?: string
  baseUrl?: string
}

/** Turns texts into vectors whose closeness reflects meaning (for search by meaning and related pages). */
export interface Embedder {
  /** Names the model: vectors from different ids are not comparable, so a change means re-embedding. */
  readonly id: string
  readonly dimensions: number
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

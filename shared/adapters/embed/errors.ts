/** Raised when texts cannot be embedded: the model failed to load or run, or the provider refused. */
export class EmbeddingError extends Error {
  override name = 'EmbeddingError'
  /** The provider's HTTP status when it answered with one (401 for a refused key, 429 when throttled). */
  readonly status: number | undefined
  constructor(message: string, status?: number) {
    super(message)
    this.status = status
  }
}

/** Raised when the model takes longer than its time limit; its thread is stopped and replaced. */
export class EmbeddingTimeoutError extends EmbeddingError {
  override name = 'EmbeddingTimeoutError'
}

/** Raised for texts still waiting or running when the embedder closes, and for calls made after. */
export class EmbedderClosedError extends EmbeddingError {
  override name = 'EmbedderClosedError'
}

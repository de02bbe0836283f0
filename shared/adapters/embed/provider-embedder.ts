import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { type EmbeddingModel, embedMany } from 'ai'
import type { Embedder, EmbeddingSettings } from '../../ports/embedder.ts'
import { providerFailure, withTimeout } from '../ai/provider-message.ts'
import { EmbedderClosedError, EmbeddingError } from './errors.ts'
import { truncateText, unitVector } from './vectors.ts'

export type ProviderEmbedderOptions = {
  /** The HTTP client (tests pass one; the global fetch otherwise). */
  fetch?: typeof globalThis.fetch
  /** Time limit of each request, answer body included, in milliseconds. Default 60 s. */
  timeoutMs?: number
  /** Retries of a request refused for a passing reason (429, 5xx, unreachable). Default 2, as in the SDK. */
  maxRetries?: number
  /** Texts per request. Default 64. */
  batchSize?: number
  /**
   * Characters kept of each text. OpenAI refuses a whole request when one input passes its token limit
   * (8,192), and local servers often have smaller ones; 8,000 characters is about 2,000 tokens of English.
   */
  maxChars?: number
}

/** Dimensions of OpenAI's models, so `dimensions` is right before the first answer (which still decides). */
const OPENAI_DIMENSIONS: Record<string, number> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
}

/**
 * An embedder calling OpenAI's embeddings API or an OpenAI-compatible server (Ollama, LM Studio, vLLM)
 * through the AI SDK. Settings are checked on the first call, whose error says what is missing.
 */
export function createProviderEmbedder(
  settings: EmbeddingSettings,
  options: ProviderEmbedderOptions = {},
): Embedder {
  const timeoutMs = options.timeoutMs ?? 60_000
  const fetch = withTimeout(options.fetch ?? globalThis.fetch, timeoutMs)
  const maxRetries = options.maxRetries ?? 2
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 64))
  const maxChars = Math.max(1, Math.floor(options.maxChars ?? 8_000))
  // Aborts the requests under way when the embedder closes.
  const closing = new AbortController()
  let model: EmbeddingModel | undefined
  let dimensions = settings.provider === 'openai' ? (OPENAI_DIMENSIONS[settings.model] ?? 0) : 0
  let confirmed = false

  function check(vector: number[]): Float32Array {
    if (!confirmed) {
      // The first answer decides: a proxy may serve another model under a known name.
      dimensions = vector.length
      confirmed = true
    } else if (vector.length !== dimensions) {
      throw new EmbeddingError(
        `${settings.provider}: the model returned ${vector.length} dimensions instead of ${dimensions}`,
      )
    }
    try {
      return unitVector(vector)
    } catch (error) {
      throw new EmbeddingError(`${settings.provider}: ${(error as Error).message}`)
    }
  }

  return {
    id: `${settings.provider}:${settings.model}`,
    get dimensions() {
      return dimensions
    },

    async embed(texts) {
      if (closing.signal.aborted) throw new EmbedderClosedError('The embedder is closed')
      if (texts.length === 0) return []
      model ??= embeddingModelFor(settings, fetch)
      const vectors: Float32Array[] = []
      // One request at a time: a large reindex must not trip the provider's rate limit.
      for (let start = 0; start < texts.length; start += batchSize) {
        const values = texts.slice(start, start + batchSize).map((text) => {
          const kept = truncateText(text, Number.POSITIVE_INFINITY, maxChars)
          // OpenAI refuses an empty input with a 400 for the whole request.
          return kept.trim() === '' ? ' ' : kept
        })
        let embeddings: number[][]
        try {
          const result = await embedMany({
            model,
            values,
            maxRetries,
            maxParallelCalls: 1,
            abortSignal: closing.signal,
          })
          embeddings = result.embeddings
        } catch (error) {
          if (closing.signal.aborted) throw new EmbedderClosedError('The embedder was closed during the call')
          throw toEmbeddingError(error, settings, timeoutMs)
        }
        if (embeddings.length !== values.length) {
          throw new EmbeddingError(
            `${settings.provider}: the server returned ${embeddings.length} vectors for ${values.length} texts`,
          )
        }
        for (const embedding of embeddings) vectors.push(check(embedding))
      }
      return vectors
    },

    async close() {
      closing.abort()
    },
  }
}

/**
 * The AI SDK model for the settings. The key is passed explicitly and required for OpenAI: the SDK would
 * otherwise fall back to OPENAI_API_KEY from the server's environment, billing the operator.
 */
function embeddingModelFor(settings: EmbeddingSettings, fetch: typeof globalThis.fetch): EmbeddingModel {
  const apiKey = settings.apiKey?.trim() || undefined
  const baseURL = settings.baseUrl?.trim() || undefined
  if (settings.model.trim() === '') throw new EmbeddingError(`${settings.provider}: no embedding model set`)
  switch (settings.provider) {
    case 'openai':
      if (apiKey === undefined) throw new EmbeddingError('openai: no API key set')
      return createOpenAI({ apiKey, baseURL, fetch }).embedding(settings.model)
    case 'openai-compatible':
      if (baseURL === undefined) throw new EmbeddingError('openai-compatible: no API address set')
      // Local servers (Ollama, LM Studio) take no key.
      return createOpenAICompatible({ name: 'openai-compatible', baseURL, apiKey, fetch }).embeddingModel(
        settings.model,
      )
    default:
      throw new EmbeddingError(
        `Unknown embeddings provider: ${String((settings as { provider: unknown }).provider)}`,
      )
  }
}

function toEmbeddingError(error: unknown, settings: EmbeddingSettings, timeoutMs: number): EmbeddingError {
  if (error instanceof EmbeddingError) return error
  const { message, status } = providerFailure(error, settings.provider, settings.apiKey, timeoutMs)
  return new EmbeddingError(message, status)
}

/** Embedders kept for reuse; older ones are dropped past this many (settings changed, keys rotated). */
const KEPT_PROVIDER_EMBEDDERS = 32

/**
 * A `provider(settings)` for the services that hands back the same embedder for the same settings, so the
 * dimensions it learned from its first answer are known on later calls, before they embed anything.
 */
export function createProviderEmbedders(
  options: ProviderEmbedderOptions = {},
): (settings: EmbeddingSettings) => Embedder {
  const kept = new Map<string, Embedder>()
  return (settings) => {
    const key = JSON.stringify([
      settings.provider,
      settings.model,
      settings.baseUrl ?? '',
      settings.apiKey ?? '',
    ])
    let embedder = kept.get(key)
    if (embedder) {
      // Moved to the end: the map's order is the order of last use.
      kept.delete(key)
    } else {
      embedder = createProviderEmbedder(settings, options)
    }
    kept.set(key, embedder)
    // Dropped, not closed: a call may still be using it, and it holds no thread or connection of its own.
    while (kept.size > KEPT_PROVIDER_EMBEDDERS) kept.delete(kept.keys().next().value!)
    return embedder
  }
}

import type { Embedder, EmbeddingSettings } from '../../ports/embedder.ts'
import { type BuiltinEmbedderOptions, createBuiltinEmbedder } from './builtin-embedder.ts'
import { createProviderEmbedders, type ProviderEmbedderOptions } from './provider-embedder.ts'

export type Embedders = {
  /** The local model, for organizations that configured no provider. */
  builtin: Embedder
  /** The embedder for an organization's provider settings, the same one for the same settings. */
  provider(settings: EmbeddingSettings): Embedder
  /** Stops the built-in model's thread. */
  close(): Promise<void>
}

/** What a composition root hands the services as `embedders`; nothing starts until the first embed. */
export function createEmbedders(
  options: { builtin?: BuiltinEmbedderOptions; provider?: ProviderEmbedderOptions } = {},
): Embedders {
  const builtin = createBuiltinEmbedder(options.builtin)
  return { builtin, provider: createProviderEmbedders(options.provider), close: () => builtin.close() }
}

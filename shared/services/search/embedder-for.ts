/** Which embedding model indexes an organization's spaces: its provider's, or the built-in one. */
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Embedder } from '../../ports/embedder.ts'

export type ReadyEmbedderDeps = EmbedderForDeps

/**
 * The embedder for an organization, with its dimensions known: a provider's are learnt from its
 * first answer, so it is asked once before anything is sized by them (`unavailable` when it cannot be).
 */
export async function readyEmbedder(deps: ReadyEmbedderDeps, orgId: number): Promise<Embedder> {
  const embedder = await embedderFor(deps, orgId)
  if (embedder.dimensions === 0) {
    try {
      await embedder.embed(['dimensions probe'])
    } catch {
      // The provider's own words may echo its key: they stay out of the answer.
      throw new DomainError('embeddings_unavailable', {}, PROVIDER_RETRY_AFTER_S)
    }
  }
  return embedder
}

/** Seconds a caller is asked to wait when the embeddings provider did not answer. */
const PROVIDER_RETRY_AFTER_S = 30

export type EmbedderForDeps = Pick<Deps, 'cipher' | 'embedders' | 'store'>

/** The embedder for a space's organization: its provider, or the built-in local model. */
export async function embedderFor(deps: EmbedderForDeps, orgId: number): Promise<Embedder> {
  const settings = await deps.store.forOrg(orgId).embeddings.get()
  if (!settings) return deps.embedders.builtin
  return deps.embedders.provider({
    provider: settings.provider,
    model: settings.model,
    ...(settings.apiKey ? { apiKey: deps.cipher.open(settings.apiKey) } : {}),
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
  })
}

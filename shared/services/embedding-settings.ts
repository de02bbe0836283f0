import type { EmbeddingSettingsRow } from '../ports/store.ts'
import { accessOrg, accessSpace } from './access.ts'
import type { Actor } from './actor.ts'
import type { SpaceRef } from './content-files.ts'
import type { Deps } from './deps.ts'
import { readyEmbedder, requestIndex } from './index-space.ts'
import { providerAccess } from './provider-access.ts'

export type EmbeddingView = {
  provider: EmbeddingSettingsRow['provider']
  model: string
  baseUrl: string
  hasKey: boolean
}

const view = (s: EmbeddingSettingsRow): EmbeddingView => ({
  provider: s.provider,
  model: s.model,
  baseUrl: s.baseUrl,
  hasKey: s.apiKey !== null,
})

/** The organization's embeddings provider (admin), or null when the built-in local model is used. */
export function getEmbeddingSettings(deps: Deps, actor: Actor, orgSlug: string): EmbeddingView | null {
  const { orgStore } = accessOrg(deps, actor, orgSlug, 'org.update')
  const settings = orgStore.embeddingSettings()
  return settings ? view(settings) : null
}

/**
 * Sets the organization's embeddings provider (admin); `base_url` is the super admin's, and the key
 * is kept unless the provider or address changes. Every space is then embedded again in the
 * background (vectors of different models cannot be compared).
 */
export function putEmbeddingSettings(
  deps: Deps,
  actor: Actor,
  orgSlug: string,
  input: {
    provider: EmbeddingSettingsRow['provider']
    model: string
    apiKey?: string | null
    baseUrl?: string
  },
): EmbeddingView {
  const { orgStore } = accessOrg(deps, actor, orgSlug, 'org.update')
  const current = orgStore.embeddingSettings()
  const { baseUrl, apiKey } = providerAccess(deps, actor, current, input)
  const settings: EmbeddingSettingsRow = {
    provider: input.provider,
    model: input.model.trim(),
    baseUrl,
    apiKey,
  }
  orgStore.setEmbeddingSettings(settings)
  for (const space of orgStore.spaces()) void requestIndex(deps, space)
  return view(settings)
}

/**
 * Turns a space's index by meaning on or off (admin). Turning it on embeds what is missing and
 * answers with the files and chunks indexed.
 */
export async function setSemantic(
  deps: Deps,
  actor: Actor,
  ref: SpaceRef,
  enabled: boolean,
): Promise<{ files: number; chunks: number }> {
  const { space } = accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  if (!enabled) {
    deps.store.index.setState(space.id, { semantic: false, embedderId: null, vectorsCommit: null })
    deps.forgetVectors(space.id)
    return { files: 0, chunks: 0 }
  }
  const embedder = await readyEmbedder(deps, space.orgId)
  deps.store.index.setState(space.id, { semantic: true })
  await requestIndex(deps, space)
  return deps.vectorIndex(embedder.dimensions).counts(space.id)
}

/** Whether a space's index by meaning is on (admin), and the files and chunks it holds. */
export async function semanticState(
  deps: Deps,
  actor: Actor,
  ref: SpaceRef,
): Promise<{ enabled: boolean; files: number; chunks: number }> {
  const { space } = accessSpace(deps, actor, ref.org, ref.space, 'space.admin.read')
  if (!deps.store.index.state(space.id).semantic) return { enabled: false, files: 0, chunks: 0 }
  const embedder = await readyEmbedder(deps, space.orgId)
  return { enabled: true, ...deps.vectorIndex(embedder.dimensions).counts(space.id) }
}

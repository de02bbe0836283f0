import type { Deps } from '../../ports/deps.ts'
import type { Embedder } from '../../ports/embedder.ts'
import type { EmbeddingSettingsRow, Space } from '../../ports/store.ts'
import { type AccessOrgDeps, type AccessSpaceDeps, accessOrg, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { type ReadyEmbedderDeps, readyEmbedder } from '../search/embedder-for.ts'
import { meaningSettled, type RequestIndexDeps, requestIndex } from '../search/index-space.ts'
import { type ProviderAccessDeps, providerAccess } from './internal/provider-access.ts'

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

export type GetEmbeddingSettingsDeps = AccessOrgDeps

/** The organization's embeddings provider (admin), or null when the built-in local model is used. */
export async function getEmbeddingSettings(
  deps: GetEmbeddingSettingsDeps,
  actor: Actor,
  orgSlug: string,
): Promise<EmbeddingView | null> {
  const { orgStore } = await accessOrg(deps, actor, orgSlug, 'org.update')
  const settings = await orgStore.embeddings.get()
  return settings ? await view(settings) : null
}

export type PutEmbeddingSettingsDeps = AccessOrgDeps & ProviderAccessDeps & RequestIndexDeps

/**
 * Sets the organization's embeddings provider (admin); `base_url` is the super admin's, and the key
 * is kept unless the provider or address changes. Every space is then embedded again in the
 * background (vectors of different models cannot be compared).
 */
export async function putEmbeddingSettings(
  deps: PutEmbeddingSettingsDeps,
  actor: Actor,
  orgSlug: string,
  input: {
    provider: EmbeddingSettingsRow['provider']
    model: string
    apiKey?: string | null
    baseUrl?: string
  },
): Promise<EmbeddingView> {
  const { orgStore } = await accessOrg(deps, actor, orgSlug, 'org.update')
  const current = await orgStore.embeddings.get()
  const { baseUrl, apiKey } = providerAccess(deps, actor, current, input)
  const settings: EmbeddingSettingsRow = {
    provider: input.provider,
    model: input.model.trim(),
    baseUrl,
    apiKey,
  }
  await orgStore.embeddings.set(settings)
  for (const space of await orgStore.spaces.list()) void requestIndex(deps, space)
  return await view(settings)
}

export type SetMeaningIndexDeps = AccessSpaceDeps &
  ReadyEmbedderDeps &
  RequestIndexDeps &
  Pick<Deps, 'forgetVectors' | 'store' | 'vectorIndex'>

/**
 * Turns a space's index by meaning on or off (admin). Turning it on embeds what is missing and
 * answers with the files and chunks indexed.
 */
export async function setMeaningIndex(
  deps: SetMeaningIndexDeps,
  actor: Actor,
  ref: SpaceRef,
  enabled: boolean,
): Promise<{ files: number; chunks: number; waiting: number }> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  if (!enabled) {
    const index = deps.store.index.forSpace(space.id)
    await index.setState({ meaning: false, embedderId: null, vectorsCommit: null })
    await deps.forgetVectors(space.id)
    // No file holds vectors now: none is marked as embedded either. Marks left behind made the switch,
    // turned on again before its fill began, count every file as neither indexed nor waiting.
    await index.forgetEmbedded()
    return { files: 0, chunks: 0, waiting: 0 }
  }
  const embedder = await readyEmbedder(deps, space.orgId)
  await deps.store.index.forSpace(space.id).setState({ meaning: true })
  await meaningSettled(deps, space, MEANING_WAIT_MS)
  return await meaningCounts(deps, space, embedder)
}

/**
 * How long turning the index on waits for the vectors: a small space answers with all of them, a
 * large one with what is there so far, the rest following in the background (`waiting`).
 */
const MEANING_WAIT_MS = 5_000

/** The files and chunks in the space's vectors, and the files still waiting for theirs. */
async function meaningCounts(
  deps: Pick<Deps, 'store' | 'vectorIndex'>,
  space: Space,
  embedder: Embedder,
): Promise<{ files: number; chunks: number; waiting: number }> {
  // Read one after the other, progress first: a file's vectors are written before it is marked
  // embedded, so a file embedded between the reads is in the vectors and still marked waiting, never in
  // neither (read together on two connections, it could be counted nowhere). A file holding vectors
  // is not waiting, whatever the earlier read said.
  const progress = await deps.store.index.forSpace(space.id).embedProgress()
  const counts = await deps.vectorIndex(embedder.dimensions).forSpace(space.id).counts()
  const waiting = Math.min(progress.files - progress.embedded, progress.files - counts.files)
  return { ...counts, waiting: Math.max(0, waiting) }
}

export type MeaningIndexStateDeps = AccessSpaceDeps & ReadyEmbedderDeps & Pick<Deps, 'store' | 'vectorIndex'>

/** Whether a space's index by meaning is on (admin), and the files and chunks it holds. */
export async function meaningIndexState(
  deps: MeaningIndexStateDeps,
  actor: Actor,
  ref: SpaceRef,
): Promise<{ enabled: boolean; files: number; chunks: number; waiting: number }> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin.read')
  if (!(await deps.store.index.forSpace(space.id).state()).meaning)
    return { enabled: false, files: 0, chunks: 0, waiting: 0 }
  const embedder = await readyEmbedder(deps, space.orgId)
  return { enabled: true, ...(await meaningCounts(deps, space, embedder)) }
}

import { withLowerScheme } from '../../../domain/git-address.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { RemoteAccess } from '../../../ports/repo.ts'
import type { OrgStore, Space } from '../../../ports/store.ts'

export type RemoteOfDeps = Pick<Deps, 'cipher'>

/** How to reach a space's remote, with its credentials unsealed; undefined when the service keeps the repository. */
export async function remoteOf(
  deps: RemoteOfDeps,
  orgStore: OrgStore,
  space: Space,
): Promise<RemoteAccess | undefined> {
  if (!space.repoUrl) return undefined
  const state = await orgStore.space(space.id).git.get()
  // An address stored with its scheme in capitals, before schemes were kept in lower case, still works.
  const remote: RemoteAccess = { url: withLowerScheme(space.repoUrl), branch: space.branch }
  if (state.credentials)
    remote.credentials = JSON.parse(deps.cipher.open(state.credentials)) as RemoteAccess['credentials']
  return remote
}

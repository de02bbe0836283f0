import type { Deps } from '../../ports/deps.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { asText } from '../content/check-secrets.ts'
import type { SpaceRef } from '../content/content-files.ts'

/** One side of a conflicted file: its text, or null when that side deleted it or it is not text. */
export type ConflictSide = { sha: string | null; text: string | null; deleted: boolean }

export type ConflictVersions = { path: string; local: ConflictSide; remote: ConflictSide }

export type ConflictVersionsDeps = AccessSpaceDeps & Pick<Deps, 'repos'>

/**
 * Both versions of every conflicted file (organization admin), so the person choosing a side can see
 * what each one holds. Our side is kept as a blob though no longer on the branch.
 */
export async function conflictVersions(
  deps: ConflictVersionsDeps,
  actor: Actor,
  ref: SpaceRef,
): Promise<ConflictVersions[]> {
  const { space, orgStore } = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin.read')
  const repo = deps.repos.open(space.id, space.branch)
  const side = async (sha: string | null): Promise<ConflictSide> => {
    if (!sha) return { sha: null, text: null, deleted: true }
    const bytes = await repo.readBlob(sha)
    return { sha, text: bytes ? (asText(bytes) ?? null) : null, deleted: false }
  }
  const list: ConflictVersions[] = []
  for (const conflict of await orgStore.space(space.id).git.conflicts()) {
    list.push({
      path: conflict.path,
      local: await side(conflict.localSha),
      remote: await side(conflict.remoteSha),
    })
  }
  return list
}

import { contentPath, relativeToContent } from '../../../domain/content-path.ts'
import { DomainError } from '../../../errors/domain-error.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { PageRef } from '../../../ports/personal-pages.ts'
import { type AccessSpaceDeps, accessSpace } from '../../access/access.ts'
import type { Actor } from '../../access/actor.ts'

/** A page as a request names it: its organization's and space's slugs, and its path under `content/`. */
export type PageInRequest = { org: string; space: string; path: string }

export type PageOfRequestDeps = AccessSpaceDeps & Pick<Deps, 'repos'>

/**
 * The page a request names, in a space the caller can read (404 otherwise), its path normalised
 * and confined to `content/` as the content routes do (`path_invalid` otherwise). With
 * `mustExist`, a page absent from the space is `not_found` too.
 */
export async function pageOfRequest(
  deps: PageOfRequestDeps,
  actor: Actor,
  input: PageInRequest,
  { mustExist }: { mustExist: boolean },
): Promise<PageRef> {
  const { space } = await accessSpace(deps, actor, input.org, input.space, 'space.read')
  const repoPath = contentPath(input.path)
  if (mustExist && !(await deps.repos.open(space.id, space.branch).shaOf(repoPath)))
    throw new DomainError('not_found')
  return { spaceId: space.id, path: relativeToContent(repoPath) }
}

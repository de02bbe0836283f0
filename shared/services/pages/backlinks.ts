import { contentPath, relativeToContent } from '../../domain/content-path.ts'
import { resolveTarget, resolveWikiTarget } from '../../domain/links.ts'
import type { Deps } from '../../ports/deps.ts'
import type { IndexLink } from '../../ports/index-store.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { titleFromName } from './page-titles.ts'

export type Backlink = { path: string; title: string }

/**
 * Where a link of the index leads among the files that exist now: the page it was stored with while
 * that exists, else its target resolved again, since a link written before its page existed was
 * stored leading nowhere.
 */
function leadsTo(link: IndexLink, existing: Set<string>, allPaths: string[]): string | undefined {
  if (link.toPath && existing.has(link.toPath)) return link.toPath
  const path = resolveTarget(link.fromPath, link.target)
  if (path && existing.has(path)) return path
  if (path && existing.has(`${path}.md`)) return `${path}.md`
  return resolveWikiTarget(link.fromPath, link.target, allPaths)
}

export type BacklinksDeps = AccessSpaceDeps & Pick<Deps, 'store'>

/**
 * The pages whose links lead to a page (readers), by title: from the index's link graph, so a page
 * written a moment ago counts once the index has read it. `[]` for a page nobody links to.
 */
export async function backlinksOf(
  deps: BacklinksDeps,
  actor: Actor,
  ref: SpaceRef,
  path: string,
): Promise<Backlink[]> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  const page = relativeToContent(contentPath(path))
  const index = deps.store.index.forSpace(space.id)
  const [files, links] = await Promise.all([index.files(), index.links()])
  const allPaths = files.map((f) => f.path)
  const existing = new Set(allPaths)
  const titles = new Map(files.map((f) => [f.path, f.title]))
  const from = new Set<string>()
  for (const link of links)
    if (link.fromPath !== page && !from.has(link.fromPath) && leadsTo(link, existing, allPaths) === page)
      from.add(link.fromPath)
  return [...from]
    .map((p) => ({ path: p, title: titles.get(p) || titleFromName(p) }))
    .sort((a, b) => a.title.localeCompare(b.title) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

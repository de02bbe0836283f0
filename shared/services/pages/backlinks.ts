import { contentPath, relativeToContent } from '../../domain/content-path.ts'
import { resolveWikiTarget, storedLinkPaths } from '../../domain/links.ts'
import type { Deps } from '../../ports/deps.ts'
import type { IndexLink } from '../../ports/index-store.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { titleFromName } from './page-titles.ts'

export type Backlink = { path: string; title: string }

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
  // A link leads where it was stored leading while that file exists, else to its target resolved
  // again (a link written before its page existed was stored leading nowhere): only the links
  // stored leading to this page or to no file now can lead here.
  if (!(await index.file(page))) return []
  const from = new Set<string>()
  const again: { link: IndexLink; paths: string[] }[] = []
  for (const link of await index.linksInto(page)) {
    if (link.fromPath === page || from.has(link.fromPath)) continue
    if (link.toPath === page) from.add(link.fromPath)
    else again.push({ link, paths: storedLinkPaths(link) })
  }
  if (again.length > 0) {
    const candidates = again.flatMap(({ paths }) => paths)
    const existing = new Set((await index.filesAt([...new Set(candidates)])).map((f) => f.path))
    let allPaths: string[] | undefined
    for (const { link, paths } of again) {
      if (from.has(link.fromPath)) continue
      let to = paths.find((path) => existing.has(path))
      if (to === undefined && link.wiki === false) continue
      // A wiki name leads here only if this page answers to it; then every page is compared.
      if (to === undefined && resolveWikiTarget(link.fromPath, link.target, [page]) === page) {
        allPaths ??= (await index.shas()).map((f) => f.path)
        to = resolveWikiTarget(link.fromPath, link.target, allPaths)
      }
      if (to === page) from.add(link.fromPath)
    }
  }
  const titles = new Map((await index.filesAt([...from])).map((f) => [f.path, f.title]))
  return [...from]
    .map((p) => ({ path: p, title: titles.get(p) || titleFromName(p) }))
    .sort((a, b) => a.title.localeCompare(b.title) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

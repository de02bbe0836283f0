import type { PageRef } from '../../../ports/personal-pages.ts'
import type { Actor } from '../../access/actor.ts'
import { type ListVisibleSpacesDeps, listVisibleSpaces, type SpaceView } from '../../spaces/list-spaces.ts'

/** A page kept for a person, with its space as the caller sees it and its title in the search index. */
export type ReadablePage<Row extends PageRef> = Row & { view: SpaceView; title: string }

export type ReadablePagesDeps = ListVisibleSpacesDeps

/**
 * The rows whose page the caller can still read, in the order given: in a space the caller reads
 * now (a restricted token's spaces only), and known to the search index, which gives their title.
 * A page deleted or moved outside the API is not in the index at that path, so it is left out.
 */
export async function readablePages<Row extends PageRef>(
  deps: ReadablePagesDeps,
  actor: Actor,
  rows: Row[],
): Promise<ReadablePage<Row>[]> {
  const views = new Map((await listVisibleSpaces(deps, actor)).map((view) => [view.space.id, view]))
  const pathsBySpace = new Map<number, string[]>()
  for (const row of rows) {
    if (!views.has(row.spaceId)) continue
    const paths = pathsBySpace.get(row.spaceId) ?? []
    paths.push(row.path)
    pathsBySpace.set(row.spaceId, paths)
  }
  const titles = new Map<string, string>()
  await Promise.all(
    [...pathsBySpace].map(async ([spaceId, paths]) => {
      for (const file of await deps.store.index.forSpace(spaceId).filesAt(paths))
        titles.set(keyOf(spaceId, file.path), file.title)
    }),
  )
  return rows.flatMap((row) => {
    const view = views.get(row.spaceId)
    const title = titles.get(keyOf(row.spaceId, row.path))
    return view && title !== undefined ? [{ ...row, view, title }] : []
  })
}

const keyOf = (spaceId: number, path: string) => `${spaceId}/${path}`

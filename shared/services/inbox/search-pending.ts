import { containsAllWords, words } from '../../domain/text-words.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Space } from '../../ports/store.ts'
import { type AccessSpaceRefDeps, accessSpaceRef } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { type ListVisibleSpacesDeps, listVisibleSpaces } from '../spaces/list-spaces.ts'
import { loadNotes } from './inbox-items.ts'

export type PendingNote = {
  space: string
  name: string
  title: string
  depositedBy: string
  depositedAt: string
}

export type SearchTargetsDeps = ListVisibleSpacesDeps & AccessSpaceRefDeps

/** The spaces a search covers: the listed ones (each must be readable, 400 otherwise) or every readable one. */
export async function searchTargets(
  deps: SearchTargetsDeps,
  actor: Actor,
  refs: string[] | undefined,
): Promise<{ label: string; space: Space }[]> {
  if (!refs || refs.length === 0) {
    return (await listVisibleSpaces(deps, actor)).map((v) => ({
      label: `${v.organization.slug}/${v.space.slug}`,
      space: v.space,
    }))
  }
  return Promise.all(
    [...new Set(refs)].map(async (ref) => ({
      label: ref,
      space: (await accessSpaceRef(deps, actor, ref, 'space.read')).space,
    })),
  )
}

export type SearchPendingDeps = PendingInDeps & SearchTargetsDeps

/**
 * Notes still in the inbox that contain every word of `q` (accents and case ignored), newest
 * first, over the given spaces or every readable one; at most `limit`.
 */
export async function searchPending(
  deps: SearchPendingDeps,
  actor: Actor,
  input: { q: string; spaces?: string[]; limit?: number },
): Promise<PendingNote[]> {
  if (input.q.trim() === '') return []
  const found = await pendingIn(deps, await searchTargets(deps, actor, input.spaces), input.q)
  found.sort((a, b) => (a.depositedAt < b.depositedAt ? 1 : a.depositedAt > b.depositedAt ? -1 : 0))
  return found.slice(0, input.limit ?? 100)
}

export type PendingInDeps = Pick<Deps, 'repos'>

/**
 * The notes still in the inbox of `targets` that contain every word of `q`, in no particular order.
 * Looks no further once `enough` are found (a count capped at `enough` needs no more).
 */
export async function pendingIn(
  deps: PendingInDeps,
  targets: { label: string; space: Space }[],
  q: string,
  enough = Number.POSITIVE_INFINITY,
): Promise<PendingNote[]> {
  // A query with no word to look for ("x", "?") finds nothing rather than every note.
  if (words(q).length === 0) return []
  const found: PendingNote[] = []
  for (const { label, space } of targets) {
    if (found.length >= enough) break
    for (const note of await loadNotes(deps.repos.open(space.id, space.branch))) {
      const haystack = `${note.meta.title}\n${note.meta.hint}\n${note.meta.origin}\n${note.content}`
      if (containsAllWords(haystack, q)) {
        found.push({
          space: label,
          name: note.name,
          title: note.meta.title,
          depositedBy: note.meta.depositedBy,
          depositedAt: note.meta.depositedAt,
        })
      }
    }
  }
  return found
}

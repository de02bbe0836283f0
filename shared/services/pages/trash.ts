import { CONTENT_DIR, relativeToContent } from '../../domain/content-path.ts'
import { baseName } from '../../domain/links/paths.ts'
import type { Deps } from '../../ports/deps.ts'
import type { RepoReader } from '../../ports/repo.ts'
import type { Space } from '../../ports/store.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { asText } from '../content/check-secrets.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { type PageDeletion, pageDeletions, TRASH_MS } from './deletions.ts'
import { titleOfPage } from './page-titles.ts'

/** A page in the trash: deleted within the window, absent now, and not moved elsewhere. */
export type TrashedPage = PageDeletion & { title: string }

/** Share of a page's lines found in a page created by the same commit, from which that is its new place. */
const MOVED_LIKENESS = 0.5

/** The non-blank lines of a text, trimmed. */
function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

/** How much of two texts is the same lines (0 to 1), as Git's rename detection would judge. */
function likeness(a: string, b: string): number {
  const left = linesOf(a)
  const right = linesOf(b)
  if (left.length === 0 && right.length === 0) return 1
  const counts = new Map<string, number>()
  for (const line of right) counts.set(line, (counts.get(line) ?? 0) + 1)
  let common = 0
  for (const line of left) {
    const n = counts.get(line) ?? 0
    if (n > 0) {
      common++
      counts.set(line, n - 1)
    }
  }
  return common / Math.max(left.length, right.length)
}

/** The text of a blob ('' when it is gone or not text). */
async function textOfBlob(repo: RepoReader, blob: string): Promise<string> {
  const bytes = await repo.readBlob(blob)
  return bytes ? (asText(bytes) ?? '') : ''
}

/**
 * Whether a deletion was a move: the same commit created a page with the same bytes, the same file
 * name, or mostly the same lines (a move rewrites the page's own relative links).
 */
async function wasMoved(repo: RepoReader, deletion: PageDeletion): Promise<boolean> {
  if (deletion.added.length === 0) return false
  const name = baseName(deletion.path)
  if (deletion.added.some((a) => a.blob === deletion.blob || baseName(a.path) === name)) return true
  const text = await textOfBlob(repo, deletion.blob)
  for (const added of deletion.added)
    if (likeness(text, await textOfBlob(repo, added.blob)) >= MOVED_LIKENESS) return true
  return false
}

/** What a deletion's page was called at its last version, read once per blob. */
const titles = new WeakMap<PageDeletion, string>()

async function titleOf(repo: RepoReader, deletion: PageDeletion): Promise<string> {
  const known = titles.get(deletion)
  if (known !== undefined) return known
  const bytes = await repo.readBlob(deletion.blob)
  const title = titleOfPage(deletion.path, bytes ?? new Uint8Array())
  titles.set(deletion, title)
  return title
}

/** Whether each deletion was a move, worked out once (it may read blobs). */
const moves = new WeakMap<PageDeletion, boolean>()

async function isMove(repo: RepoReader, deletion: PageDeletion): Promise<boolean> {
  const known = moves.get(deletion)
  if (known !== undefined) return known
  const moved = await wasMoved(repo, deletion)
  moves.set(deletion, moved)
  return moved
}

export type TrashOfSpaceDeps = Pick<Deps, 'clock' | 'repos'>

/**
 * A space's trash, newest first: each Markdown page whose last deletion happened within TRASH_DAYS,
 * by whatever way (the API, MCP, a push, a sync), that does not exist now and was not moved.
 */
export async function trashOfSpace(deps: TrashOfSpaceDeps, space: Space): Promise<TrashedPage[]> {
  const repo = deps.repos.open(space.id, space.branch)
  const since = deps.clock.now() - TRASH_MS
  const [deletions, listing] = await Promise.all([
    pageDeletions(repo, deps.repos, space.id, since),
    repo.blobs(CONTENT_DIR),
  ])
  const existing = new Set(listing.map((b) => relativeToContent(b.path)))
  // Oldest first: a page deleted twice keeps its last deletion.
  const last = new Map<string, PageDeletion>()
  for (const deletion of deletions) {
    last.delete(deletion.path)
    last.set(deletion.path, deletion)
  }
  const trashed: TrashedPage[] = []
  for (const deletion of [...last.values()].reverse()) {
    if (existing.has(deletion.path) || (await isMove(repo, deletion))) continue
    trashed.push({ ...deletion, title: await titleOf(repo, deletion) })
  }
  // Newest first; deletions of one commit, or of commits dated alike, keep history's order, newest first.
  return trashed.sort((a, b) => b.date - a.date)
}

export type ListTrashDeps = AccessSpaceDeps & TrashOfSpaceDeps

/** The trash of a space (readers). */
export async function listTrash(deps: ListTrashDeps, actor: Actor, ref: SpaceRef): Promise<TrashedPage[]> {
  const { space } = await accessSpace(deps, actor, ref.org, ref.space, 'space.read')
  return trashOfSpace(deps, space)
}

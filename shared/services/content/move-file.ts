import { contentPath, newContentPath, relativeToContent } from '../../domain/content-path.ts'
import { kindOf } from '../../domain/file-kinds.ts'
import { moveRewriter } from '../../domain/links.ts'
import { nextTurn } from '../../domain/next-turn.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { FileChange, RepoReader } from '../../ports/repo.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { asText } from './check-secrets.ts'
import { authorOf, commitMessage } from './commit-identity.ts'
import {
  type CheckCommitSecretsDeps,
  type CommitInSpaceDeps,
  type CommitPlan,
  type Committed,
  checkCommitSecrets,
  commitInSpace,
  type PreviewInSpaceDeps,
  previewInSpace,
} from './commit-in-space.ts'
import type { SpaceRef } from './content-files.ts'
import { refuseNewPathFault } from './new-path.ts'

/** What a move did (or would do): `moved` counts the files, `folder` says whether `from` was a folder. */
export type MoveResult = { from: string; to: string; folder: boolean; moved: number; rewritten: string[] }

export type MoveFileDeps = AccessSpaceDeps & CheckCommitSecretsDeps & PreviewInSpaceDeps & CommitInSpaceDeps

/**
 * Moves a file, or a folder with every file in it, and, in the same commit, rewrites the links that
 * pointed at what moved and the moved pages' own relative links, touching only link targets. 404 when
 * `from` is absent, 409 when `to` exists (a file, or a folder for a folder), 400 for a folder moved
 * inside itself, 422 when the message, the new path or the commit's author seems to hold a secret. A
 * dry run answers the same (with no commit) and writes nothing.
 */
export async function moveFile(
  deps: MoveFileDeps,
  actor: Actor,
  ref: SpaceRef,
  input: { from: string; to: string; message?: string; dryRun?: boolean },
): Promise<Committed<MoveResult>> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  const fromPath = contentPath(input.from)
  const toPath = newContentPath(input.to)
  await checkCommitSecrets(deps, actor, { message: input.message, paths: [toPath] }, false)
  const apply = input.dryRun ? previewInSpace : commitInSpace
  let movedPaths: [string, string][] = []
  const done = await apply(deps, access, async (repo): Promise<CommitPlan<MoveResult>> => {
    const from = relativeToContent(fromPath)
    const to = relativeToContent(toPath)
    const sources = await sourcesOf(repo, fromPath, toPath)
    const files = await repo.list('content')
    const allPaths = files.map((f) => relativeToContent(f.path))
    // Each moved file's repository path before and after the move.
    const moves = new Map(sources.map((source) => [source, toPath + source.slice(fromPath.length)]))
    const relative = new Map([...moves].map(([a, b]) => [relativeToContent(a), relativeToContent(b)]))
    movedPaths = [...relative]
    const isFolder = sources[0] !== fromPath
    const rewrite = moveRewriter(relative, allPaths, isFolder ? from : undefined)
    // Every Markdown page that reads as text whose links the move changes, by its path after it.
    const rewritten = new Map<string, string>()
    const repoPaths = new Map<string, string>()
    const bytesOf = new Map<string, Uint8Array>()
    let slice = performance.now()
    for (const file of files) {
      const page = relativeToContent(file.path)
      const isMoved = moves.has(file.path)
      if (!isMoved && kindOf(page) !== 'markdown') continue
      const bytes = (await repo.read(file.path))?.bytes ?? new Uint8Array()
      if (isMoved) bytesOf.set(file.path, bytes)
      const text = kindOf(page) === 'markdown' ? asText(bytes) : undefined
      if (text === undefined) continue
      const after = relative.get(page) ?? page
      repoPaths.set(after, file.path)
      const next = rewrite(page, text)
      if (next !== undefined) rewritten.set(after, next)
      // Going through a large space's pages takes a second or more: others are answered meanwhile.
      if (performance.now() - slice > SLICE_MS) {
        await nextTurn()
        slice = performance.now()
      }
    }
    const changes: FileChange[] = []
    for (const [source, target] of moves) {
      changes.push({ path: source, content: null })
      const text = rewritten.get(relativeToContent(target))
      changes.push({ path: target, content: text === undefined ? bytesOf.get(source)! : encode(text) })
    }
    for (const [page, text] of rewritten)
      if (!moves.has(repoPaths.get(page)!))
        changes.push({ path: repoPaths.get(page)!, content: encode(text) })
    return {
      changes,
      author: authorOf(actor),
      actor,
      message: commitMessage(actor, input.message?.trim() || `Move ${from} to ${to}`),
      result: { from, to, folder: isFolder, moved: moves.size, rewritten: [...rewritten.keys()].sort() },
    }
  })
  // People's recent and favourite pages follow the pages, once their move is committed.
  if (!input.dryRun)
    for (const [from, to] of movedPaths) await deps.store.personalPages.followMove(access.space.id, from, to)
  return done
}

const encode = (text: string) => new TextEncoder().encode(text)

/** Longest a move holds the event loop while it goes through the pages before letting others run. */
const SLICE_MS = 20

/**
 * The repository paths of the files a move takes: the file at `fromPath`, or every file of the folder
 * there. Refuses what cannot move there: nothing at `fromPath`, something already at `toPath`, a
 * folder into itself, a new path no clone could hold.
 */
async function sourcesOf(repo: RepoReader, fromPath: string, toPath: string): Promise<string[]> {
  const to = relativeToContent(toPath)
  if (await repo.shaOf(fromPath)) {
    if (fromPath !== toPath && (await repo.shaOf(toPath))) throw new DomainError('file_exists', { value: to })
    if (fromPath !== toPath) await refuseNewPathFault(repo, toPath, fromPath)
    return [fromPath]
  }
  const inside = (await repo.blobs(fromPath)).map((blob) => blob.path)
  if (inside.length === 0) throw new DomainError('not_found')
  if (fromPath === toPath) return inside
  if (toPath.startsWith(`${fromPath}/`))
    throw new DomainError('move_into_itself', { value: relativeToContent(fromPath) })
  if (await repo.shaOf(toPath)) throw new DomainError('file_exists', { value: to })
  if ((await repo.blobs(toPath)).length > 0) throw new DomainError('folder_exists', { value: to })
  await refuseNewPathFault(repo, toPath, fromPath)
  return inside
}

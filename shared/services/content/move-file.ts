import { contentPath, newContentPath, relativeToContent } from '../../domain/content-path.ts'
import { kindOf } from '../../domain/file-kinds.ts'
import { rewriteAfterMove } from '../../domain/links.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { FileChange } from '../../ports/repo.ts'
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

export type MoveResult = { from: string; to: string; rewritten: string[] }

export type MoveFileDeps = AccessSpaceDeps & CheckCommitSecretsDeps & PreviewInSpaceDeps & CommitInSpaceDeps

/**
 * Moves a file and, in the same commit, rewrites the links that pointed at it and the moved
 * page's own relative links, touching only link targets. 404 when `from` is absent, 409 when
 * `to` exists, 422 when the message, the new path or the commit's author seems to hold a secret. A dry run answers the same (with no
 * commit) and writes nothing.
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
  const done = await apply(deps, access, async (repo): Promise<CommitPlan<MoveResult>> => {
    const moved = await repo.read(fromPath)
    if (!moved) throw new DomainError('not_found')
    const from = relativeToContent(fromPath)
    const to = relativeToContent(toPath)
    if (fromPath !== toPath && (await repo.shaOf(toPath))) throw new DomainError('file_exists', { value: to })
    if (fromPath !== toPath) await refuseNewPathFault(repo, toPath, fromPath)
    const files = await repo.list('content')
    const allPaths = files.map((f) => relativeToContent(f.path))
    // Every Markdown page that reads as text, by its path before the move: the moved one from its bytes.
    const pages = new Map<string, string>()
    const repoPaths = new Map<string, string>()
    const movedText = kindOf(fromPath) === 'markdown' ? asText(moved.bytes) : undefined
    if (movedText !== undefined) pages.set(from, movedText)
    for (const file of files) {
      const page = relativeToContent(file.path)
      if (page === from || kindOf(page) !== 'markdown') continue
      const text = asText((await repo.read(file.path))?.bytes ?? new Uint8Array())
      if (text === undefined) continue
      pages.set(page, text)
      repoPaths.set(page, file.path)
    }
    const encode = (text: string) => new TextEncoder().encode(text)
    const changes: FileChange[] = [{ path: fromPath, content: null }]
    const rewritten: string[] = []
    let movedBytes = moved.bytes
    for (const [page, text] of rewriteAfterMove(pages, from, to, allPaths)) {
      if (page === to) movedBytes = encode(text)
      else changes.push({ path: repoPaths.get(page)!, content: encode(text) })
      rewritten.push(page)
    }
    changes.push({ path: toPath, content: movedBytes })
    return {
      changes,
      author: authorOf(actor),
      actor,
      message: commitMessage(actor, input.message?.trim() || `Move ${from} to ${to}`),
      result: { from, to, rewritten: rewritten.sort() },
    }
  })
  // People's recent and favourite pages follow the page, once its move is committed.
  if (!input.dryRun)
    await deps.store.personalPages.followMove(access.space.id, done.result.from, done.result.to)
  return done
}

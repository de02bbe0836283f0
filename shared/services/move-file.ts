import { contentPath, relativeToContent } from '../domain/content-path.ts'
import { kindOf } from '../domain/file-kinds.ts'
import { rewriteLinksTo, rewriteOwnLinks } from '../domain/links.ts'
import { DomainError } from '../errors/domain-error.ts'
import type { FileChange } from '../ports/repo.ts'
import { accessSpace } from './access.ts'
import type { Actor } from './actor.ts'
import { asText } from './check-secrets.ts'
import { authorOf, commitMessage } from './commit-identity.ts'
import { type Committed, commitInSpace } from './commit-in-space.ts'
import type { SpaceRef } from './content-files.ts'
import type { Deps } from './deps.ts'

export type MoveResult = { from: string; to: string; rewritten: string[] }

/**
 * Moves a file and, in the same commit, rewrites the links that pointed at it and the moved
 * page's own relative links, touching only link targets. 404 when `from` is absent, 409 when
 * `to` exists.
 */
export async function moveFile(
  deps: Deps,
  actor: Actor,
  ref: SpaceRef,
  input: { from: string; to: string; message?: string },
): Promise<Committed<MoveResult>> {
  const access = accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  const fromPath = contentPath(input.from)
  const toPath = contentPath(input.to)
  return commitInSpace(deps, access, async (repo) => {
    const moved = await repo.read(fromPath)
    if (!moved) throw new DomainError('not_found')
    const from = relativeToContent(fromPath)
    const to = relativeToContent(toPath)
    if (fromPath !== toPath && (await repo.shaOf(toPath))) throw new DomainError('file_exists', { value: to })
    const files = await repo.list('content')
    const allPaths = files.map((f) => relativeToContent(f.path))
    const after = allPaths.map((p) => (p === from ? to : p))
    const changes: FileChange[] = [{ path: fromPath, content: null }]
    const rewritten: string[] = []
    const encode = (text: string) => new TextEncoder().encode(text)

    let movedBytes = moved.bytes
    const movedText = kindOf(fromPath) === 'markdown' ? asText(moved.bytes) : undefined
    if (movedText !== undefined) {
      const own = rewriteOwnLinks(movedText, from, to, allPaths)
      if (own !== movedText) {
        movedBytes = encode(own)
        rewritten.push(to)
      }
    }
    for (const file of files) {
      const page = relativeToContent(file.path)
      if (page === from || kindOf(page) !== 'markdown') continue
      const text = asText((await repo.read(file.path))?.bytes ?? new Uint8Array())
      if (text === undefined) continue
      const next = rewriteLinksTo(text, page, from, to, after)
      if (next !== text) {
        changes.push({ path: file.path, content: encode(next) })
        rewritten.push(page)
      }
    }
    changes.push({ path: toPath, content: movedBytes })
    return {
      changes,
      author: authorOf(actor),
      message: commitMessage(actor, input.message?.trim() || `Move ${from} to ${to}`),
      result: { from, to, rewritten: rewritten.sort() },
    }
  })
}

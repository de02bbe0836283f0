import { CONTENT_DIR, contentPath, relativeToContent } from '../../domain/content-path.ts'
import { findLinks, resolveTarget, resolveWikiTarget } from '../../domain/links.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { FileChange, RepoReader } from '../../ports/repo.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { asText, checkedText, checkSecrets } from '../content/check-secrets.ts'
import { authorOf, commitMessage } from '../content/commit-identity.ts'
import {
  type CheckCommitSecretsDeps,
  type CommitInSpaceDeps,
  type Committed,
  checkCommitSecrets,
  commitInSpace,
} from '../content/commit-in-space.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { caseTwinError } from '../content/new-path.ts'
import type { RemovedFile } from './deletions.ts'
import { type TrashedPage, type TrashOfSpaceDeps, trashOfSpace } from './trash.ts'

export type RestoreResult = { path: string; attachments: string[] }

/**
 * The files the page's deleting commit removed beside it that the page links to (its images and
 * attachments), so the page comes back whole; those that exist again are left as they are.
 */
function linkedAttachments(page: TrashedPage, text: string): RemovedFile[] {
  if (page.removed.length === 0) return []
  const byPath = new Map(page.removed.map((r) => [r.path, r]))
  const paths = [...byPath.keys()]
  const linked = new Set<string>()
  for (const link of findLinks(text)) {
    const target =
      link.kind === 'wiki'
        ? resolveWikiTarget(page.path, link.target, paths)
        : resolveTarget(page.path, link.target)
    if (target && byPath.has(target)) linked.add(target)
  }
  return [...linked].sort().map((path) => byPath.get(path) as RemovedFile)
}

/** The changes that put the page and its attachments back, read from their blobs. */
async function restoringChanges(
  repo: RepoReader,
  files: RemovedFile[],
): Promise<{ changes: FileChange[]; restored: RemovedFile[] }> {
  const changes: FileChange[] = []
  const restored: RemovedFile[] = []
  for (const file of files) {
    const repoPath = `${CONTENT_DIR}/${file.path}`
    const bytes = await repo.readBlob(file.blob)
    // Not over a file there now, nor beside one named the same but for case.
    if (!bytes || (await repo.shaOf(repoPath)) || (await repo.caseTwin(repoPath))) continue
    changes.push({ path: repoPath, content: bytes })
    restored.push(file)
  }
  return { changes, restored }
}

export type RestorePageDeps = AccessSpaceDeps & TrashOfSpaceDeps & CommitInSpaceDeps & CheckCommitSecretsDeps

/**
 * Puts a page of the trash back (contributors) as it was before its deletion, byte for byte, with
 * the attachments it links to that the same commit removed: one commit in the restorer's name,
 * pushed at once, checked for secrets as any write. 409 `file_exists` when a file is at that path
 * now, `path_case_twin` when one beside it is named the same but for case (one file on Windows and
 * macOS), 404 when the path is not in the trash. A name Windows cannot hold that came through Git
 * comes back as it was.
 */
export async function restorePage(
  deps: RestorePageDeps,
  actor: Actor,
  ref: SpaceRef,
  path: string,
  options: { allowSecrets?: boolean } = {},
): Promise<Committed<RestoreResult>> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  const repoPath = contentPath(path)
  const relative = relativeToContent(repoPath)
  const exists = async (repo: RepoReader) => {
    if (await repo.shaOf(repoPath)) throw new DomainError('file_exists', { value: relative })
    const twin = await repo.caseTwin(repoPath)
    if (twin) throw caseTwinError(repoPath, twin)
  }
  // The trash is read before the space's queue: a first read walks 30 days of history, and writes
  // to the space need not wait for it.
  await exists(deps.repos.open(access.space.id, access.space.branch))
  const page = (await trashOfSpace(deps, access.space)).find((p) => p.path === relative)
  if (!page) throw new DomainError('not_found')
  return commitInSpace(deps, access, async (repo) => {
    await exists(repo)
    const bytes = await repo.readBlob(page.blob)
    if (!bytes) throw new DomainError('not_found')
    const text = checkedText(bytes)
    if (text !== undefined) await checkSecrets(deps, undefined, text, options.allowSecrets, 'content')
    const attachments = await restoringChanges(repo, linkedAttachments(page, asText(bytes) ?? ''))
    const paths = [repoPath, ...attachments.changes.map((c) => c.path)]
    await checkCommitSecrets(deps, actor, { paths }, options.allowSecrets)
    return {
      changes: [{ path: repoPath, content: bytes }, ...attachments.changes],
      author: authorOf(actor),
      actor,
      message: commitMessage(actor, `Restore ${relative}`),
      result: { path: relative, attachments: attachments.restored.map((a) => a.path) },
    }
  })
}

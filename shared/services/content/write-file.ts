import { newContentPath, relativeToContent } from '../../domain/content-path.ts'
import { FILE_MAX_BYTES } from '../../domain/limits.ts'
import { DomainError } from '../../errors/domain-error.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { decodeBase64Yielding } from './base64.ts'
import { type CheckSecretsDeps, checkedText, checkSecrets } from './check-secrets.ts'
import { authorOf, commitMessage } from './commit-identity.ts'
import {
  type CheckCommitSecretsDeps,
  type CommitInSpaceDeps,
  type Committed,
  checkCommitSecrets,
  commitInSpace,
} from './commit-in-space.ts'
import type { SpaceRef } from './content-files.ts'
import { refuseNewPathFault } from './new-path.ts'

export type WriteFileInput = {
  content?: string
  contentBase64?: string
  message?: string
  /** The `sha` read before editing; '' means the file must not exist yet. */
  baseSha?: string
  /** Replace knowingly, without base_sha. */
  force?: boolean
  allowSecrets?: boolean
}

export type WriteFileResult = { path: string; sha: string; created: boolean }

async function bytesOf(input: WriteFileInput): Promise<Uint8Array> {
  if (input.content === undefined && input.contentBase64 === undefined)
    throw new DomainError('content_missing')
  if (input.content !== undefined && input.contentBase64 !== undefined) throw new DomainError('content_twice')
  const bytes =
    input.content !== undefined
      ? new TextEncoder().encode(input.content)
      : await decodeBase64Yielding(input.contentBase64 ?? '')
  if (!bytes) throw new DomainError('base64_invalid')
  if (bytes.length > FILE_MAX_BYTES)
    throw new DomainError('file_too_large', { size: bytes.length, limit: FILE_MAX_BYTES })
  return bytes
}

export type WriteFileDeps = AccessSpaceDeps & CommitInSpaceDeps & CheckSecretsDeps & CheckCommitSecretsDeps

/**
 * Creates or replaces a file (SPEC write rules): creating needs only the content; replacing needs
 * the `base_sha` read before (409 otherwise, or when the file changed since); `base_sha: ''`
 * requires a creation; `force` replaces knowingly; likely secrets in added lines, the message, the
 * path or the commit's author and token are refused (422) unless allowed; a file over
 * FILE_MAX_BYTES is refused (413). One commit in the caller's name, pushed at once.
 */
export async function writeFile(
  deps: WriteFileDeps,
  actor: Actor,
  ref: SpaceRef,
  path: string,
  input: WriteFileInput,
): Promise<Committed<WriteFileResult>> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  const repoPath = newContentPath(path)
  const bytes = await bytesOf(input)
  return commitInSpace(deps, access, async (repo) => {
    const current = await repo.read(repoPath)
    // `force` replaces without a base_sha; one given all the same is a claim of what was read, and held to.
    if (!input.force || input.baseSha !== undefined) {
      if (current && input.baseSha === '')
        throw new DomainError('file_exists', { value: relativeToContent(repoPath) })
      if (current && input.baseSha === undefined) throw new DomainError('base_sha_required')
      if (current && input.baseSha !== current.sha) throw new DomainError('file_changed')
      if (!current && input.baseSha) throw new DomainError('file_changed')
    }
    if (!current) await refuseNewPathFault(repo, repoPath)
    const after = checkedText(bytes)
    if (after !== undefined)
      await checkSecrets(
        deps,
        current ? checkedText(current.bytes) : undefined,
        after,
        input.allowSecrets,
        'content',
      )
    const relative = relativeToContent(repoPath)
    const subject = input.message?.trim() || `${current ? 'Update' : 'Create'} ${relative}`
    // A replaced file's path is in history already; a new one would be there for good.
    const paths = current ? [] : [repoPath]
    await checkCommitSecrets(deps, actor, { message: input.message, paths }, input.allowSecrets)
    const sha = await repo.blobId(bytes)
    return {
      changes: [{ path: repoPath, content: bytes }],
      author: authorOf(actor),
      actor,
      message: commitMessage(actor, subject),
      result: { path: relative, sha, created: !current },
    }
  })
}

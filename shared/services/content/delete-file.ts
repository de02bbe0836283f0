import { contentPath, relativeToContent } from '../../domain/content-path.ts'
import { DomainError } from '../../errors/domain-error.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { authorOf, commitMessage } from './commit-identity.ts'
import {
  type CheckCommitSecretsDeps,
  type CommitInSpaceDeps,
  type Committed,
  checkCommitSecrets,
  commitInSpace,
} from './commit-in-space.ts'
import type { SpaceRef } from './content-files.ts'

export type DeleteFileDeps = AccessSpaceDeps & CheckCommitSecretsDeps & CommitInSpaceDeps

/**
 * Deletes a file in one commit, pushed at once; 404 when absent, 409 when it changed since `baseSha`,
 * 422 when the message or the commit's author seems to hold a secret.
 */
export async function deleteFile(
  deps: DeleteFileDeps,
  actor: Actor,
  ref: SpaceRef,
  path: string,
  input: { baseSha?: string; message?: string } = {},
): Promise<Committed<{ path: string }>> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  const repoPath = contentPath(path)
  await checkCommitSecrets(deps, actor, { message: input.message }, false)
  return commitInSpace(deps, access, async (repo) => {
    const current = await repo.shaOf(repoPath)
    if (!current) throw new DomainError('not_found')
    if (input.baseSha && input.baseSha !== current) throw new DomainError('file_changed')
    const relative = relativeToContent(repoPath)
    return {
      changes: [{ path: repoPath, content: null }],
      author: authorOf(actor),
      actor,
      message: commitMessage(actor, input.message?.trim() || `Delete ${relative}`),
      result: { path: relative },
    }
  })
}

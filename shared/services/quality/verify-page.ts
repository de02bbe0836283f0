import { contentPath, relativeToContent } from '../../domain/content-path.ts'
import { kindOf } from '../../domain/file-kinds.ts'
import { type Freshness, freshnessOf } from '../../domain/freshness.ts'
import { readFrontMatter } from '../../domain/front-matter.ts'
import { editFrontMatter } from '../../domain/quality/front-matter-edit.ts'
import { verificationChanges } from '../../domain/quality/verify.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { asText, type CheckSecretsDeps, checkSecrets } from '../content/check-secrets.ts'
import { authorOf, commitMessage } from '../content/commit-identity.ts'
import {
  type CheckCommitSecretsDeps,
  type CommitInSpaceDeps,
  checkCommitSecrets,
  commitInSpace,
} from '../content/commit-in-space.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { pendingChangeOf } from '../inbox/inbox-items.ts'

export type VerifyInput = { owner?: string; reviewEvery?: string; verify?: boolean }

export type VerifyPageDeps = AccessSpaceDeps &
  CheckSecretsDeps &
  CheckCommitSecretsDeps &
  CommitInSpaceDeps &
  Pick<Deps, 'clock'>

/**
 * Verifies a page, or sets its owner and review interval (contributor). Only the front matter
 * changes; `commit` is null when nothing changed. An owner, author or token that seems to hold a
 * secret is refused (422). The commit is not reported to the tidy-up: a
 * page with no other change waiting is marked seen at its new version.
 */
export async function verifyPage(
  deps: VerifyPageDeps,
  actor: Actor,
  ref: SpaceRef,
  path: string,
  input: VerifyInput,
): Promise<{ commit: string | null; path: string; freshness: Freshness }> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  const { space, orgStore } = access
  const repoPath = contentPath(path)
  if (kindOf(repoPath) !== 'markdown') throw new DomainError('not_markdown')
  // The owner is written into the page and the commit names its author and token, for good.
  await checkSecrets(deps, undefined, input.owner ?? '', false, 'owner')
  await checkCommitSecrets(deps, actor, {}, false)
  const today = new Date(deps.clock.now()).toISOString().slice(0, 10)
  let text = ''
  const done = await commitInSpace(deps, access, async (repo) => {
    const file = await repo.read(repoPath)
    const current = file ? asText(file.bytes) : undefined
    if (current === undefined) throw new DomainError(file ? 'not_markdown' : 'not_found')
    let changes: Record<string, string | null>
    try {
      changes = verificationChanges({
        front: readFrontMatter(current),
        caller: actor.account.username,
        owner: input.owner,
        reviewEvery: input.reviewEvery,
        verify: input.verify,
        today,
      })
    } catch {
      throw new DomainError('review_every_unreadable')
    }
    const wasPending = (await pendingChangeOf(repo, orgStore, space, repoPath)) !== undefined
    const edited = Object.keys(changes).length > 0 ? editFrontMatter(current, changes) : current
    // Front matter that cannot be read is left as it is rather than rewritten.
    if (edited === undefined) throw new DomainError('front_matter_unreadable')
    text = edited
    return {
      changes: text === current ? [] : [{ path: repoPath, content: new TextEncoder().encode(text) }],
      author: authorOf(actor),
      actor,
      message: `${commitMessage(actor, `Verify ${relativeToContent(repoPath)}`)}Kind: verification\n`,
      result: {
        wasPending,
        sha: text === current ? file?.sha : await repo.blobId(new TextEncoder().encode(text)),
      },
    }
  })
  if (done.commit && !done.result.wasPending) {
    await orgStore
      .space(space.id)
      .marks.mark([{ path: repoPath, sha: done.result.sha ?? null }], deps.clock.now())
  }
  return {
    commit: done.commit,
    path: relativeToContent(repoPath),
    freshness: freshnessOf(readFrontMatter(text), space.reviewEvery, deps.clock.now()),
  }
}

import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { IncomingChange, IncomingObjects } from '../../ports/incoming-objects.ts'
import type { Repo } from '../../ports/repo.ts'
import { type AccessSpaceDeps, accessSpace } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { type CheckSecretsDeps, checkedText, checkSecrets } from '../content/check-secrets.ts'
import { authorOf, commitMessage, viaOf } from '../content/commit-identity.ts'
import { type PublishLockedDeps, publishLocked } from '../content/commit-in-space.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { type AfterDropDeps, afterDrop } from '../tidy/tidy-schedule.ts'
import {
  type AnnouncePagesDeps,
  announcePages,
  type HasListenersDeps,
  hasListeners,
  shiftsBetween,
  sourceOf,
} from '../webhooks/page-events.ts'
import { pushedNotePaths, refusePushedFiles } from './internal/pushed-files.ts'
import { pushedNotes, releaseAll, type TakeDropsDeps, takeDrops } from './internal/pushed-notes.ts'
import { type SyncLockedDeps, syncLocked } from './sync-space.ts'

/** One ref update a Git client asks for: its old and new commit, null for none (creation, deletion). */
export type RefUpdate = { ref: string; from: string | null; to: string | null }

/** What became of one ref update: taken, or refused with the reason the client is shown. */
export type RefOutcome = { ref: string; refused?: DomainError }

export type ReceivePushDeps = AccessSpaceDeps &
  SyncLockedDeps &
  CheckUpdateDeps &
  TakeDropsDeps &
  PublishLockedDeps &
  HasListenersDeps &
  AnnouncePagesDeps &
  AfterDropDeps &
  Pick<Deps, 'clock' | 'queue' | 'repos'>

/**
 * Takes a push into a space (contributors), in the space's queue like an API write: only the
 * space's branch, never deleted, moved only forward (its history is never rewritten), through
 * commits of one parent whose added lines hold nothing that looks like a secret. The pushed files
 * need the rights the API would ask for the same change (refusePushedFiles), checked from the
 * object headers before the push waits for its turn. Notes it adds to the inbox are deposited by
 * the pusher and count among their drops. The pushed objects are admitted before the checks read
 * them and discarded when nothing was taken. Once the branch moved, the space is indexed and, when
 * it has a remote, pushed onward at once.
 */
export async function receivePush(
  deps: ReceivePushDeps,
  actor: Actor,
  ref: SpaceRef,
  input: { updates: RefUpdate[]; incoming: IncomingObjects },
): Promise<RefOutcome[]> {
  let moved: string | undefined
  let notesAdded = 0
  try {
    const { space, orgStore, spaceRole } = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
    const branch = space.branch
    let changes: IncomingChange[]
    try {
      changes = await input.incoming.changes(input.updates.flatMap((u) => (u.to ? [u.to] : [])))
      refusePushedFiles(changes, spaceRole)
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      return input.updates.map((u) => ({ ref: u.ref, refused: error }))
    }
    const notePaths = pushedNotePaths(changes)
    const outcomes = await deps.queue.run(space.id, async () => {
      const repo = deps.repos.open(space.id, branch)
      // A space with a remote starts from the remote's content, as for an API write.
      if (space.repoUrl !== '' && !(await orgStore.space(space.id).git.get()).synced)
        await syncLocked(deps, orgStore, space)
      await input.incoming.admit()
      const start = await repo.head()
      const outcomes: RefOutcome[] = []
      for (const update of input.updates) {
        try {
          const to = await checkUpdate(deps, repo, branch, update)
          const head = await repo.head()
          const notes = await pushedNotes(repo, actor, notePaths, head, to)
          const drops = await takeDrops(deps, actor, notes.added)
          try {
            await repo.advance(head, to, `push: ${actor.account.username} via ${viaOf(actor)}`)
            if (to !== head) moved = to
            if (notes.fixes.length > 0) {
              const fixed = await repo.commit({
                parent: to,
                changes: notes.fixes,
                author: authorOf(actor),
                message: commitMessage(actor, `Deposit the pushed notes as ${actor.account.username}`),
                at: deps.clock.now(),
              })
              moved = fixed ?? moved
            }
          } catch (error) {
            await releaseAll(drops)
            throw error
          }
          notesAdded += notes.added
          outcomes.push({ ref: update.ref })
        } catch (error) {
          if (!(error instanceof DomainError)) throw error
          outcomes.push({ ref: update.ref, refused: error })
        }
      }
      if (moved) {
        const commit = moved
        await publishLocked(deps, orgStore, space, repo, commit)
        // The push stands whatever becomes of its events.
        if (await hasListeners(deps, space.orgId))
          await shiftsBetween(repo, start, commit)
            .then((shifts) => announcePages(deps, space, shifts, { commit, ...sourceOf(actor) }))
            .catch(() => undefined)
      }
      return outcomes
    })
    if (notesAdded > 0) await afterDrop(deps, orgStore, space)
    return outcomes
  } finally {
    // Also when the space went away or the queue closed before the push's turn came.
    if (!moved) await input.incoming.discard()
  }
}

type CheckUpdateDeps = CheckCommitsDeps

/** The commit the branch may move to for this update; a DomainError says why it may not. */
async function checkUpdate(
  deps: CheckUpdateDeps,
  repo: Repo,
  branch: string,
  update: RefUpdate,
): Promise<string> {
  if (update.ref !== `refs/heads/${branch}`)
    throw new DomainError('push_other_ref', { value: update.ref, branch })
  if (update.to === null) throw new DomainError('push_deletes_branch', { branch })
  const head = await repo.head()
  const to = update.to
  if (head !== undefined && !(await repo.isAncestor(head, to)))
    // The client's view was current: its push drops commits. Otherwise the branch moved under it.
    throw new DomainError(update.from === head ? 'push_rewrites_history' : 'push_stale', { branch })
  await checkCommits(deps, repo, await newCommits(repo, head, to, branch))
  return to
}

/** The commits from `head` (excluded) to `to`, oldest first; a merge among them is refused. */
async function newCommits(
  repo: Repo,
  head: string | undefined,
  to: string,
  branch: string,
): Promise<string[]> {
  const commits: string[] = []
  let current: string | undefined = to
  while (current !== undefined && current !== head) {
    const parents = await repo.parents(current)
    // Replays onto a remote and onward pushes follow first parents: the branch stays linear.
    if (parents.length > 1) throw new DomainError('push_merge', { branch, commit: current.slice(0, 10) })
    commits.push(current)
    current = parents[0]
  }
  return commits.reverse()
}

type CheckCommitsDeps = CheckSecretsDeps

/**
 * Refuses commits whose added lines, file by file against the parent, or whose messages look like
 * they hold a secret: once on the branch, a secret would stay in its history for good.
 */
async function checkCommits(deps: CheckCommitsDeps, repo: Repo, commits: string[]): Promise<void> {
  for (const commit of commits) {
    const [parent] = await repo.parents(commit)
    const refuse = (error: unknown, path: string) => {
      if (error instanceof DomainError && error.reason === 'secret_detected')
        throw new DomainError('secret_pushed', { ...error.params, path, commit: commit.slice(0, 10) })
      throw error
    }
    for (const path of await repo.changedPaths(parent, commit)) {
      const after = await repo.read(path, commit)
      const text = after && checkedText(after.bytes)
      if (text === undefined) continue
      const before = parent ? await repo.read(path, parent) : undefined
      await checkSecrets(deps, before && checkedText(before.bytes), text, false).catch((e) => refuse(e, path))
    }
    const message = (await repo.commitInfo(commit))?.message ?? ''
    await checkSecrets(deps, undefined, message, false).catch((e) => refuse(e, 'the commit message'))
  }
}

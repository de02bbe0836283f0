import { relativeToContent } from '../../domain/content-path.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { FileChange, Repo } from '../../ports/repo.ts'
import type { OrgStore, Space } from '../../ports/store.ts'
import type { SpaceAccess } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { type SyncLockedDeps, syncLocked } from '../git/sync-space.ts'
import { type RequestIndexDeps, requestIndex } from '../search/index-space.ts'
import {
  type AnnouncePagesDeps,
  announcePages,
  type HasListenersDeps,
  hasListeners,
  shiftsOfChanges,
  sourceOf,
  sourceOfCommit,
} from '../webhooks/page-events.ts'
import { type CheckSecretsDeps, checkSecrets } from './check-secrets.ts'
import { authorOf, viaOf } from './commit-identity.ts'

export type CommitPlan<T> = {
  changes: FileChange[]
  message: string
  author: { name: string; email: string }
  result: T
  /** Who asked for the change, named in the page events it fires (else the commit's author). */
  actor?: Actor
  /** Runs in the queue once the commit is made (null: nothing changed), before it is pushed. */
  afterCommit?: (commit: string | null) => Promise<void>
}

export type Committed<T> = { commit: string | null; pushed: boolean; result: T }

/**
 * Refuses (409) changes that would replace a folder by a file or a file by a folder at the tip,
 * naming the path in the way (relative to content/ when it is there).
 */
export async function refuseClash(repo: Repo, changes: FileChange[]): Promise<void> {
  const clash = await repo.clash(changes)
  if (!clash) return
  const value = relativeToContent(clash.path)
  throw new DomainError(clash.blocker === 'folder' ? 'path_is_folder' : 'path_under_file', { value })
}

export type CheckCommitSecretsDeps = CheckSecretsDeps

/**
 * Refuses (422 `secret_detected`), unless the caller allowed secrets, what a commit would add to
 * history, where no later edit can take it out: the message the caller wrote, the paths it creates
 * (a default message repeats them), and who makes it (author name and address, the token named in
 * the `Via:` trailer). Paths are relative to the repository.
 */
export async function checkCommitSecrets(
  deps: CheckCommitSecretsDeps,
  actor: Actor,
  words: { message?: string; paths?: string[] },
  allowSecrets: boolean | undefined,
): Promise<void> {
  await checkSecrets(deps, undefined, words.message ?? '', allowSecrets, 'message')
  const paths = (words.paths ?? []).map(relativeToContent).join('\n')
  await checkSecrets(deps, undefined, paths, allowSecrets, 'path')
  const author = authorOf(actor)
  await checkSecrets(
    deps,
    undefined,
    `${author.name} <${author.email}>\n${viaOf(actor)}`,
    allowSecrets,
    'author',
  )
}

export type CommitInSpaceDeps = SyncLockedDeps &
  HasListenersDeps &
  PublishLockedDeps &
  AnnouncePagesDeps &
  Pick<Deps, 'clock' | 'queue' | 'repos'>

/**
 * Makes one commit in a space, in its queue: the plan is built against the current tip (so its
 * checks see what the commit will replace; a change that would replace a folder by a file or a file
 * by a folder is refused, 409), then the commit is pushed at once. A push that fails
 * keeps the commit; the Git state shows it and a retry is scheduled.
 */
export function commitInSpace<T>(
  deps: CommitInSpaceDeps,
  access: Pick<SpaceAccess, 'space' | 'orgStore'>,
  plan: (repo: Repo) => Promise<CommitPlan<T>>,
): Promise<Committed<T>> {
  const { space, orgStore } = access
  return deps.queue.run(space.id, async () => {
    const repo = deps.repos.open(space.id, space.branch)
    // A space with a remote starts from the remote's content: sync first if that never happened.
    if (space.repoUrl !== '' && !(await orgStore.space(space.id).git.get()).synced)
      await syncLocked(deps, orgStore, space)
    const head = await repo.head()
    const { changes, message, author, result, actor, afterCommit } = await plan(repo)
    await refuseClash(repo, changes)
    // Read before the commit: what each page was, for the webhooks' page events.
    const shifts = (await hasListeners(deps, space.orgId)) ? await shiftsOfChanges(repo, changes) : []
    const commit =
      (await repo.commit({ parent: head, changes, author, message, at: deps.clock.now() })) ?? null
    await afterCommit?.(commit)
    const pushed = await publishLocked(deps, orgStore, space, repo, commit)
    if (commit)
      await announcePages(deps, space, shifts, {
        commit,
        ...(actor ? sourceOf(actor) : sourceOfCommit(author, message)),
      })
    return { commit, pushed, result }
  })
}

export type PreviewInSpaceDeps = Pick<Deps, 'queue' | 'repos'>

/**
 * Plans a commit in a space's queue against the current tip, with the same checks as
 * `commitInSpace`, and writes nothing: what a change would do, shown before it is made.
 */
export function previewInSpace<T>(
  deps: PreviewInSpaceDeps,
  access: SpaceAccess,
  plan: (repo: Repo) => Promise<CommitPlan<T>>,
): Promise<Committed<T>> {
  const { space } = access
  return deps.queue.run(space.id, async () => {
    const repo = deps.repos.open(space.id, space.branch)
    const { changes, result } = await plan(repo)
    await refuseClash(repo, changes)
    return { commit: null, pushed: false, result }
  })
}

export type PublishLockedDeps = SyncLockedDeps & RequestIndexDeps & Pick<Deps, 'spaceEvents'>

/**
 * Publishes a commit just made in the space's queue (none when `commit` is null or undefined): pushes
 * it at once, waits until its files are on disk (they are written while the push is in flight), then
 * lets the indexes follow. A push that fails keeps the commit; the Git state shows it and a retry is
 * scheduled. Resolves with whether the remote took it.
 */
export async function publishLocked(
  deps: PublishLockedDeps,
  orgStore: OrgStore,
  space: Space,
  repo: Repo,
  commit: string | null | undefined,
): Promise<boolean> {
  // The credentials are unsealed once, by the sync; whether there is a remote is the address.
  const pushed =
    commit && space.repoUrl !== ''
      ? (await syncLocked(deps, orgStore, space, { fetch: false })).status === 'ok'
      : false
  await repo.settle()
  if (commit) {
    void requestIndex(deps, space)
    deps.spaceEvents.moved(space.id)
  }
  return pushed
}

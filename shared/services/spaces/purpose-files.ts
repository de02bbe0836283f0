import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Repo } from '../../ports/repo.ts'
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

/** The space's own texts: its vocation (purpose) and the rules the tidy-up follows. */
export type PurposeKind = 'vocation' | 'tidy-rules'

export const VOCATION_PATH = '.service/vocation.md'
export const TIDY_RULES_PATH = '.service/prompts/tidy.md'
/** The older name of the tidy rules, read when it is the only one present. */
export const LEGACY_TIDY_RULES_PATH = '.service/prompts/rangement.md'
/** Longest vocation or tidy-rules text, in characters. */
export const PURPOSE_TEXT_MAX = 20_000
/** How many past changes a read shows. */
const HISTORY_SIZE = 5

export type PurposeRead = {
  path: string
  text: string
  sha: string
  pending: boolean
  history: { commit: string; author: string; date: number; subject: string }[]
}

async function pathOf(kind: PurposeKind, repo: Repo): Promise<string> {
  if (kind === 'vocation') return VOCATION_PATH
  if (await repo.shaOf(TIDY_RULES_PATH)) return TIDY_RULES_PATH
  return (await repo.shaOf(LEGACY_TIDY_RULES_PATH)) ? LEGACY_TIDY_RULES_PATH : TIDY_RULES_PATH
}

/** The current text of the vocation or the tidy rules ('' when absent), for the service's own use. */
export async function purposeText(repo: Repo, kind: PurposeKind): Promise<string> {
  const file = await repo.read(await pathOf(kind, repo))
  return file ? (asText(file.bytes) ?? '') : ''
}

export type ReadPurposeDeps = AccessSpaceDeps & Pick<Deps, 'repos'>

/** Reads the vocation (readers) or the tidy rules (admins); a text held for the first sync shows as pending. */
export async function readPurpose(
  deps: ReadPurposeDeps,
  actor: Actor,
  ref: SpaceRef,
  kind: PurposeKind,
): Promise<PurposeRead> {
  const { space, orgStore } = await accessSpace(
    deps,
    actor,
    ref.org,
    ref.space,
    kind === 'vocation' ? 'space.read' : 'space.admin.read',
  )
  const repo = deps.repos.open(space.id, space.branch)
  const path = await pathOf(kind, repo)
  const held = (await orgStore.space(space.id).git.heldFiles()).find((f) => f.path === path)
  if (held) return { path, text: held.text, sha: '', pending: true, history: [] }
  const file = await repo.read(path)
  const history = (await repo.history(path, HISTORY_SIZE)).map((c) => ({
    commit: c.sha,
    author: c.author.name,
    date: c.date,
    subject: c.subject,
  }))
  return { path, text: file ? (asText(file.bytes) ?? '') : '', sha: file?.sha ?? '', pending: false, history }
}

export type PurposeWrite = { text: string; baseSha?: string; allowSecrets?: boolean }

export type WritePurposeDeps = AccessSpaceDeps &
  CheckCommitSecretsDeps &
  CheckSecretsDeps &
  CommitInSpaceDeps &
  Pick<Deps, 'clock'>

/**
 * Writes the vocation or the tidy rules (admin). `base_sha` must be the one read (empty: the file
 * must not exist); an empty text removes the file. Before the space's first sync the text is held
 * and written by that sync (`pending`), where the remote has no such file yet, else kept beside the
 * remote's as a conflict. `commit` is null when nothing changed.
 */
export async function writePurpose(
  deps: WritePurposeDeps,
  actor: Actor,
  ref: SpaceRef,
  kind: PurposeKind,
  input: PurposeWrite,
): Promise<{ commit: string | null; pending: boolean; path: string; pushed: boolean }> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.admin')
  const { space, orgStore } = access
  if (input.text.length > PURPOSE_TEXT_MAX)
    throw new DomainError('text_too_long', { limit: PURPOSE_TEXT_MAX })
  const subject = kind === 'vocation' ? 'Update the vocation' : 'Update the tidy rules'
  // The commit, now or after the first sync, names its author and token for good.
  await checkCommitSecrets(deps, actor, {}, input.allowSecrets)
  if (space.repoUrl && !(await orgStore.space(space.id).git.get()).synced) {
    // Nothing was read before the first sync (its sha is empty): a held text creates its file, and
    // one the remote brings with it is not replaced but set beside it among the conflicts.
    if (input.baseSha) throw new DomainError('file_changed')
    const path = kind === 'vocation' ? VOCATION_PATH : TIDY_RULES_PATH
    await checkSecrets(
      deps,
      (await orgStore.space(space.id).git.heldFiles()).find((f) => f.path === path)?.text,
      input.text,
      input.allowSecrets,
    )
    const author = authorOf(actor)
    await orgStore.space(space.id).git.holdFile({
      path,
      text: input.text,
      authorName: author.name,
      authorEmail: author.email,
      message: commitMessage(actor, subject),
      heldAt: deps.clock.now(),
    })
    return { commit: null, pending: true, path, pushed: false }
  }
  const done = await commitInSpace(deps, access, async (repo) => {
    const path = await pathOf(kind, repo)
    const current = await repo.read(path)
    const currentSha = current?.sha ?? ''
    if ((input.baseSha ?? currentSha) !== currentSha) throw new DomainError('file_changed')
    // No `force` here: the message must not offer one.
    if (input.baseSha === undefined && current) throw new DomainError('base_sha_required_purpose')
    await checkSecrets(deps, current ? asText(current.bytes) : undefined, input.text, input.allowSecrets)
    const content = input.text === '' ? null : new TextEncoder().encode(input.text)
    return {
      changes: current || content ? [{ path, content }] : [],
      author: authorOf(actor),
      message: commitMessage(actor, subject),
      result: path,
    }
  })
  return { commit: done.commit, pending: false, path: done.result, pushed: done.pushed }
}

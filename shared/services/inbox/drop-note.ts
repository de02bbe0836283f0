import { refuseDisguisedName } from '../../domain/disguised-names.ts'
import { splitFrontMatter } from '../../domain/front-matter.ts'
import { attachmentName, type NoteMeta, noteName, writeNote } from '../../domain/inbox-note.ts'
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_MAX, NOTE_TEXT_MAX } from '../../domain/limits.ts'
import { caseFolded } from '../../domain/portable-names.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { FileChange } from '../../ports/repo.ts'
import { type AccessSpaceDeps, accessSpace, type SpaceAccess } from '../access/access.ts'
import type { Actor } from '../access/actor.ts'
import { withSlot } from '../access/rate-limit.ts'
import { decodeBase64 } from '../content/base64.ts'
import { type CheckSecretsDeps, checkedText, checkSecrets } from '../content/check-secrets.ts'
import { authorOf, commitMessage, viaOf } from '../content/commit-identity.ts'
import { type CommitInSpaceDeps, commitInSpace } from '../content/commit-in-space.ts'
import type { SpaceRef } from '../content/content-files.ts'
import { type AfterDropDeps, afterDrop } from '../tidy/tidy-schedule.ts'
import { type FireEventDeps, fireEvent } from '../webhooks/fire-event.ts'
import { sourceOf } from '../webhooks/page-events.ts'
import { noteDir, notePath, type TakeDropDeps, takeDrop } from './inbox-access.ts'
import { type InboxItem, noteItem } from './inbox-items.ts'
import { checkNoteSecrets } from './note-secrets.ts'

export type DropInput = {
  title?: string
  content?: string
  hint?: string
  /** Where the information comes from (stored as `origin`). */
  source?: string
  attachments?: { name: string; contentBase64: string }[]
  allowSecrets?: boolean
}

/** Attachments decoded and named safely; 400 for an unusable one. */
export function decodeAttachments(
  list: DropInput['attachments'] = [],
): { name: string; bytes: Uint8Array }[] {
  if (list.length > ATTACHMENTS_MAX)
    throw new DomainError('attachment_invalid', {
      value: `${list.length} files`,
      limit: ATTACHMENT_MAX_BYTES,
    })
  const seen = new Set<string>()
  return list.map((attachment) => {
    refuseDisguisedName(attachment.name)
    const name = attachmentName(attachment.name)
    const bytes = decodeBase64(attachment.contentBase64)
    const refuse = () =>
      new DomainError('attachment_invalid', {
        value: attachment.name.slice(0, 100),
        limit: ATTACHMENT_MAX_BYTES,
      })
    // Two names one file on Windows and macOS are one name here.
    if (!name || seen.has(caseFolded(name)) || !bytes || bytes.length > ATTACHMENT_MAX_BYTES) throw refuse()
    seen.add(caseFolded(name))
    return { name, bytes }
  })
}

/**
 * The title of a note: the given one, else the title its front matter gives, else its first line
 * (after the front matter: a note pasted from a page is not titled `---`).
 */
export function titleOf(title: string | undefined, content: string): string {
  const given = title?.trim()
  if (given) return given.slice(0, 200)
  const { data, body } = splitFrontMatter(content)
  if (typeof data.title === 'string' && data.title.trim()) return data.title.trim().slice(0, 200)
  const first = body.split('\n').find((line) => line.trim() !== '') ?? ''
  return (
    first
      .replace(/^#+\s*/, '')
      .trim()
      .slice(0, 80) || 'Note'
  )
}

export type DropNoteDeps = AccessSpaceDeps & TakeDropDeps & CommitDropDeps & AfterDropDeps

/**
 * Drops a note into a space's inbox (contributor): one commit with the note and its attachments
 * under `.service/inbox/<name>/`. At most 120 drops per account per hour (429); a drop refused for
 * another reason does not count. Likely secrets in the note or its text attachments are refused
 * (422) unless allowed.
 */
export async function dropNote(
  deps: DropNoteDeps,
  actor: Actor,
  ref: SpaceRef,
  input: DropInput,
): Promise<InboxItem> {
  const access = await accessSpace(deps, actor, ref.org, ref.space, 'space.write')
  const item = await withSlot(await takeDrop(deps, actor), () => commitDrop(deps, actor, access, input))
  await afterDrop(deps, access.orgStore, access.space)
  return item
}

type CommitDropDeps = CheckSecretsDeps & CommitInSpaceDeps & FireEventDeps & Pick<Deps, 'clock' | 'secrets'>

/** Checks a drop and commits it. */
async function commitDrop(
  deps: CommitDropDeps,
  actor: Actor,
  access: SpaceAccess,
  input: DropInput,
): Promise<InboxItem> {
  const content = input.content ?? ''
  const attachments = decodeAttachments(input.attachments)
  if (content.trim() === '' && !input.title?.trim() && attachments.length === 0)
    throw new DomainError('note_empty')
  if (content.length > NOTE_TEXT_MAX) throw new DomainError('text_too_long', { limit: NOTE_TEXT_MAX })
  const title = titleOf(input.title, content)
  await checkNoteSecrets(
    deps,
    undefined,
    { title, hint: input.hint, source: input.source, content },
    input.allowSecrets,
  )
  // Attachments that read as text are pages in all but name; binary ones are not read.
  for (const attachment of attachments) {
    const text = checkedText(attachment.bytes)
    if (text !== undefined) await checkSecrets(deps, undefined, text, input.allowSecrets)
  }
  const now = deps.clock.now()
  const name = noteName(title, new Date(now), deps.secrets.id())
  const meta: NoteMeta = {
    title,
    depositedBy: actor.account.username,
    depositedAt: new Date(now).toISOString(),
    hint: input.hint?.trim() ?? '',
    origin: input.source?.trim() ?? '',
    source: actor.channel,
    via: viaOf(actor),
    status: 'pending',
    reason: '',
    candidates: [],
  }
  const changes: FileChange[] = [
    { path: notePath(name), content: new TextEncoder().encode(writeNote(meta, content)) },
    ...attachments.map((a) => ({ path: `${noteDir(name)}/${a.name}`, content: a.bytes })),
  ]
  const { commit } = await commitInSpace(deps, access, async () => ({
    changes,
    author: authorOf(actor),
    message: commitMessage(actor, `Drop note: ${title}`),
    result: name,
  }))
  await fireEvent(deps, access.org.id, 'note.dropped', {
    organization: access.org.slug,
    space: access.space.slug,
    // `paths` name content pages; a note is not one yet, and `note` names it.
    paths: [],
    commit,
    ...sourceOf(actor),
    note: name,
    title,
  })
  return noteItem({
    name,
    meta,
    content,
    attachments: attachments.map((a) => ({ name: a.name, size: a.bytes.length })),
  })
}

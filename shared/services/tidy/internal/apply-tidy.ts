import { newContentPath, newNameRefusal, relativeToContent } from '../../../domain/content-path.ts'
import { shownPlainly } from '../../../domain/disguised-names.ts'
import { type NoteMeta, writeNote } from '../../../domain/inbox-note.ts'
import {
  appendSection,
  OPERATION_TEXT_MAX,
  PAGE_MAX,
  replaceSection,
  type TidyOperation,
} from '../../../domain/tidy-operations.ts'
import { messageFor } from '../../../errors/catalog.ts'
import type { FileChange, Repo } from '../../../ports/repo.ts'
import { asText, type CheckSecretsDeps, checkSecrets } from '../../content/check-secrets.ts'
import { caseTwinError, newPathFault, pendingTwin } from '../../content/new-path.ts'
import { noteDir, notePath } from '../../inbox/inbox-access.ts'
import type { StoredNote } from '../../inbox/inbox-items.ts'

/** An operation as the run log shows it: what was done, or why it was refused. */
export type AppliedOperation = TidyOperation & { applied: boolean; refusal?: string }

export type TidyApplication = {
  changes: FileChange[]
  operations: AppliedOperation[]
  /** Notes filed into pages (removed from the inbox). */
  filed: StoredNote[]
  /** Notes left with a reason. */
  left: StoredNote[]
}

const encode = (text: string) => new TextEncoder().encode(text)

/** Where a filed note's attachment goes. */
const attachmentPath = (note: string, name: string) => `content/attachments/${note}/${name}`

/**
 * Why these writes cannot be made (a path that is a folder or runs through a file, at the tip or
 * among the paths written earlier in the run), or undefined when they can.
 */
async function clashOf(repo: Repo, earlier: FileChange[], writes: FileChange[]): Promise<string | undefined> {
  const clash = await repo.clash(writes)
  if (clash) {
    const what = clash.blocker === 'folder' ? 'a folder' : 'a file'
    return `"${relativeToContent(clash.path)}" is ${what}: the page cannot be written there`
  }
  const relative = (change: FileChange) => relativeToContent(change.path)
  for (const before of earlier) {
    for (const write of writes) {
      if (write.path.startsWith(`${before.path}/`))
        return `"${relative(before)}" is a file this run writes: "${relative(write)}" cannot be under it`
      if (before.path.startsWith(`${write.path}/`))
        return `"${relative(write)}" is a folder this run writes into: a page cannot replace it`
    }
  }
  return undefined
}

export type ApplyTidyDeps = CheckSecretsDeps

/**
 * Turns planned operations into file changes, checking each: the page must be a Markdown file under
 * `content/` that neither replaces a folder nor lies under a file (nor do the note's attachments),
 * the added text within limits and free of likely secrets. A refused operation is
 * logged with its reason, and its note is left in the inbox with that reason. Filed notes leave the
 * inbox; their attachments move to `content/attachments/<note>/` and are linked from the text added.
 */
export async function applyTidy(
  deps: ApplyTidyDeps,
  repo: Repo,
  notes: StoredNote[],
  planned: TidyOperation[],
): Promise<TidyApplication> {
  const byName = new Map(notes.map((n) => [n.name, n]))
  const pages = new Map<string, string | null>()
  const pageText = async (path: string) => {
    if (!pages.has(path)) {
      const file = await repo.read(path)
      pages.set(path, file ? (asText(file.bytes) ?? null) : null)
    }
    return pages.get(path) ?? null
  }
  const operations: AppliedOperation[] = []
  /** Every path this run writes so far, so that a later operation is checked against them too. */
  const writes: FileChange[] = []
  const filed = new Set<string>()
  const leave = new Map<string, { reason: string; candidates: string[] }>()
  const links = async (note: StoredNote | undefined, repoPath: string) => {
    if (!note || note.attachments.length === 0) return ''
    const folder = repoPath.split('/').slice(1, -1)
    const up = folder.map(() => '..').join('/')
    const list = note.attachments.map(
      (a) => `- [${a.name}](${up ? `${up}/` : ''}attachments/${note.name}/${encodeURI(a.name)})`,
    )
    return `\n\nAttachments:\n${list.join('\n')}\n`
  }

  for (const op of planned) {
    const note = byName.get(op.note)
    if (op.kind === 'leave') {
      if (note) leave.set(note.name, { reason: op.reason, candidates: op.candidates ?? [] })
      operations.push({ ...op, applied: Boolean(note), ...(note ? {} : { refusal: 'unknown note' }) })
      continue
    }
    const refuse = (refusal: string) => {
      operations.push({ ...op, applied: false, refusal })
      if (note && !filed.has(note.name))
        leave.set(note.name, {
          reason: `The tidy-up could not file this note: ${refusal}.`,
          candidates: [],
        })
    }
    let repoPath: string
    try {
      repoPath = newContentPath(op.path.replace(/^content\//, ''))
    } catch {
      refuse(`"${shownPlainly(op.path)}" is not a page path under content/`)
      continue
    }
    if (!repoPath.endsWith('.md')) {
      refuse(`"${op.path}" is not a Markdown page`)
      continue
    }
    if (op.text.length > OPERATION_TEXT_MAX) {
      refuse('the text to add is too long')
      continue
    }
    try {
      await checkSecrets(deps, undefined, op.text, false)
    } catch {
      refuse('the text to add seems to contain a secret')
      continue
    }
    const moved =
      note && !filed.has(note.name) ? note.attachments.map((a) => attachmentPath(note.name, a.name)) : []
    const unfit = await unfitAttachment(repo, moved)
    if (unfit) {
      refuse(unfit)
      continue
    }
    const opWrites = [repoPath, ...moved].map((path) => ({ path, content: new Uint8Array() }))
    const refusal = await clashOf(repo, writes, opWrites)
    if (refusal) {
      refuse(refusal)
      continue
    }
    const current = await pageText(repoPath)
    const fault = current === null ? await newPathFault(repo, repoPath) : undefined
    // Nor beside a page this same run writes under the same name but for case.
    const twin =
      current === null
        ? pendingTwin(
            writes.map((w) => w.path),
            repoPath,
          )
        : undefined
    if (fault || twin) {
      const reason = fault ?? caseTwinError(repoPath, twin ?? '')
      refuse(messageFor(reason.reason, 'en', reason.params))
      continue
    }
    const added =
      op.kind === 'edit_section'
        ? op.text
        : `${op.text}${filed.has(op.note) ? '' : await links(note, repoPath)}`
    let next: string | undefined
    if (op.kind === 'edit_section')
      next = current === null ? undefined : replaceSection(current, op.heading, added)
    else
      next = current === null ? (added.endsWith('\n') ? added : `${added}\n`) : appendSection(current, added)
    if (next === undefined) {
      refuse(`no section "${op.kind === 'edit_section' ? op.heading : ''}" in ${relativeToContent(repoPath)}`)
      continue
    }
    if (next.length > PAGE_MAX) {
      refuse('the page would become too large')
      continue
    }
    pages.set(repoPath, next)
    writes.push(...opWrites)
    if (note) {
      filed.add(note.name)
      leave.delete(note.name)
    }
    operations.push({ ...op, path: relativeToContent(repoPath), applied: true })
  }

  const changes: FileChange[] = []
  for (const [path, text] of pages) {
    if (text !== null) changes.push({ path, content: encode(text) })
  }
  const filedNotes = [...filed].flatMap((name) => byName.get(name) ?? [])
  for (const note of filedNotes) {
    changes.push({ path: notePath(note.name), content: null })
    for (const attachment of note.attachments) {
      const from = `${noteDir(note.name)}/${attachment.name}`
      changes.push({ path: from, content: null })
      changes.push({
        path: attachmentPath(note.name, attachment.name),
        content: (await repo.read(from))?.bytes ?? new Uint8Array(),
      })
    }
  }
  const leftNotes = [...leave.keys()].flatMap((name) => byName.get(name) ?? [])
  for (const note of leftNotes) {
    const left = leave.get(note.name)
    const meta: NoteMeta = {
      ...note.meta,
      status: 'left',
      reason: left?.reason ?? '',
      candidates: left?.candidates ?? [],
    }
    changes.push({ path: notePath(note.name), content: encode(writeNote(meta, note.content)) })
  }
  return { changes, operations, filed: filedNotes, left: leftNotes }
}

/**
 * Why one of a note's attachments cannot become a file of the space (a note dropped before names
 * were made fit for every clone): a name no way in takes, or one Windows or macOS could not hold.
 */
async function unfitAttachment(repo: Repo, paths: string[]): Promise<string | undefined> {
  for (const path of paths) {
    const name = path.slice(path.lastIndexOf('/') + 1)
    if (newNameRefusal(name)) return `the attachment "${shownPlainly(name)}" has a name no file may have`
    const fault = await newPathFault(repo, path)
    if (fault) return messageFor(fault.reason, 'en', fault.params)
  }
  return undefined
}

import { stringify } from 'yaml'
import { withoutControlChars } from './control-chars.ts'
import { splitFrontMatter } from './front-matter.ts'
import { isSafeEntryName } from './git-names.ts'
import { caseFolded, portableName } from './portable-names.ts'

/** Where a space keeps its inbox: one folder per note, with the note and its attachments. */
export const INBOX_DIR = '.service/inbox'
export const NOTE_FILE = 'note.md'

/** Most candidate pages a left note keeps (a note edited by hand may list more). */
const MAX_CANDIDATES = 5

/** A note is to process, or was left by the tidy-up with a reason for a person. */
export type NoteStatus = 'pending' | 'left'

export type NoteMeta = {
  title: string
  depositedBy: string
  depositedAt: string
  hint: string
  /** Where the information comes from (the `source` field of a drop). */
  origin: string
  /** The channel it was dropped through (api, web, mcp, desktop). */
  source: string
  /** The client or token it came through. */
  via: string
  status: NoteStatus
  reason: string
  /** For a note left by the tidy-up: pages it could go to (relative to content/), best first. */
  candidates: string[]
}

/** The note file: its fields as front matter, then its text exactly as dropped. */
export function writeNote(meta: NoteMeta, content: string): string {
  const front = stringify(
    {
      title: meta.title,
      deposited_by: meta.depositedBy,
      deposited_at: meta.depositedAt,
      hint: meta.hint,
      origin: meta.origin,
      source: meta.source,
      via: meta.via,
      status: meta.status,
      reason: meta.reason,
      ...(meta.candidates.length > 0 ? { candidates: meta.candidates } : {}),
    },
    { lineWidth: 0 },
  )
  return `---\n${front}---\n${content}`
}

/** Reads a note file back (missing fields are empty; an unknown status counts as pending). */
export function readNote(file: string): { meta: NoteMeta; content: string } {
  // A note edited by hand may start with a byte order mark: its fields and its text both follow it.
  const { data: front, body } = splitFrontMatter(file)
  const text = (key: string) =>
    typeof front[key] === 'string'
      ? (front[key] as string)
      : front[key] === undefined || front[key] === null
        ? ''
        : String(front[key])
  return {
    meta: {
      title: text('title'),
      depositedBy: text('deposited_by'),
      depositedAt:
        front.deposited_at instanceof Date ? front.deposited_at.toISOString() : text('deposited_at'),
      hint: text('hint'),
      origin: text('origin'),
      source: text('source'),
      via: text('via'),
      status: front.status === 'left' ? 'left' : 'pending',
      reason: text('reason'),
      candidates: Array.isArray(front.candidates)
        ? front.candidates.filter((c): c is string => typeof c === 'string').slice(0, MAX_CANDIDATES)
        : [],
    },
    content: body,
  }
}

/** A folder name for a new note: date, time, a slug of the title and a random suffix. */
export function noteName(title: string, at: Date, random: string): string {
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
  return [
    stamp,
    slug,
    random
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 6),
  ]
    .filter(Boolean)
    .join('-')
}

/** Whether a string can name a note folder (what noteName makes, nothing that could escape the inbox). */
export function isNoteName(name: string): boolean {
  return /^[a-z0-9][a-z0-9-]{0,120}$/.test(name)
}

/**
 * A safe file name for an attachment, or undefined when nothing usable is left: its last part,
 * without control characters, in NFC (the form paths are reached by), made one every clone holds
 * (portableName: it becomes a file of the space once the note is filed).
 */
export function attachmentName(name: string): string | undefined {
  const base = name.split(/[\\/]/).pop() ?? ''
  const clean = withoutControlChars(base).normalize('NFC').trim()
  if (
    clean === '' ||
    clean === '.' ||
    clean === '..' ||
    clean.startsWith('.') ||
    !isSafeEntryName(clean) ||
    clean.length > 200
  )
    return undefined
  const portable = portableName(clean)
  // `Note.md` would be the note's own file on Windows and macOS.
  return caseFolded(portable) === caseFolded(NOTE_FILE) ? undefined : portable
}

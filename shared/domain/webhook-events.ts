import { isContentFile, relativeToContent } from './content-path.ts'

/** The event names outgoing webhooks subscribe to: a contract with receivers, never renamed. */
export const WEBHOOK_EVENTS = [
  'ping',
  'page.created',
  'page.updated',
  'page.deleted',
  'page.moved',
  'note.dropped',
  'tidy.finished',
  'tidy.reverted',
  'routine.finished',
  'space.created',
  'space.deleted',
  'member.added',
  'member.removed',
] as const

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** Waits before each retry of a failed delivery, in seconds (`SERVICE_WEBHOOK_RETRY_DELAYS`). */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_S = [5, 300, 1800, 7200, 18_000, 36_000, 36_000]
/** Consecutive failed attempts after which a webhook is switched off (`SERVICE_WEBHOOK_DISABLE_AFTER`). */
export const DEFAULT_WEBHOOK_DISABLE_AFTER = 15
/** How many attempts `GET .../deliveries` lists. */
export const WEBHOOK_ATTEMPTS_LISTED = 100

/** Whether a webhook with these `events` (null: all of them) receives an event. */
export function isSubscribed(events: readonly string[] | null, type: string): boolean {
  return events === null || events.includes(type)
}

/** A file's blob before and after a change; undefined where it did not exist. */
export type FileShift = { path: string; before: string | undefined; after: string | undefined }

/** A page event, with paths relative to `content/`. */
export type PageEvent =
  | { type: 'page.created' | 'page.updated' | 'page.deleted'; path: string }
  | { type: 'page.moved'; path: string; from: string }

/**
 * The page events of a change to a space's files: only files under `content/` count, and a file
 * that left one path while the same content arrived at another is one move, not a deletion and a
 * creation (Git records no renames, so a sync or a push tells them apart this way).
 */
export function pageEvents(shifts: readonly FileShift[]): PageEvent[] {
  const pages = shifts.filter((s) => isContentFile(s.path) && s.before !== s.after)
  const gone = pages.filter((s) => s.before !== undefined && s.after === undefined)
  const events: PageEvent[] = []
  const moved = new Set<string>()
  for (const s of pages) {
    const path = relativeToContent(s.path)
    if (s.before !== undefined && s.after !== undefined) events.push({ type: 'page.updated', path })
    else if (s.after !== undefined) {
      const origin = gone.find((g) => g.before === s.after && !moved.has(g.path))
      if (origin) {
        moved.add(origin.path)
        events.push({ type: 'page.moved', path, from: relativeToContent(origin.path) })
      } else events.push({ type: 'page.created', path })
    }
  }
  for (const g of gone)
    if (!moved.has(g.path)) events.push({ type: 'page.deleted', path: relativeToContent(g.path) })
  return events
}

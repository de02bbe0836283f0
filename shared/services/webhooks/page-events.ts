import { trailer } from '../../domain/commit-trailers.ts'
import { CONTENT_DIR, relativeToContent } from '../../domain/content-path.ts'
import { type FileShift, pageEvents } from '../../domain/webhook-events.ts'
import type { Deps } from '../../ports/deps.ts'
import type { FileChange, Repo } from '../../ports/repo.ts'
import type { Space } from '../../ports/store.ts'
import type { Actor } from '../access/actor.ts'
import { type EventActor, type EventData, eventActor, type FireEventDeps, fireEvent } from './fire-event.ts'

/** Who caused a change, and through what. */
export type EventSource = { actor: EventActor | null; channel: EventData['channel'] }

/** The source of what an account did. */
export function sourceOf(actor: Actor): EventSource {
  return { actor: eventActor(actor), channel: actor.channel }
}

/** What an event about no commit (a space made, a member added) says of where it happened and who did it. */
export function eventWithoutCommit(actor: Actor, organization: string, space: string | null): EventData {
  return { organization, space, paths: [], commit: null, ...sourceOf(actor) }
}

/** The source of a change known only from its commit: its author, and the channel of its `Source:` trailer. */
export function sourceOfCommit(author: { name: string; email: string }, message: string): EventSource {
  const channel = trailer(message, 'Source') || 'git'
  return { actor: { username: null, ...author }, channel: channel as EventData['channel'] }
}

export type HasListenersDeps = Pick<Deps, 'store'>

/** Whether an organization has a webhook in service: otherwise describing changes is skipped. */
export async function hasListeners(deps: HasListenersDeps, orgId: number): Promise<boolean> {
  try {
    return (await deps.store.forOrg(orgId).webhooks.list()).some((w) => w.active)
  } catch {
    return false
  }
}

/**
 * The blob of each content file a change touches, now and after it (read before committing); none
 * when they cannot be read, so the change is made without its events rather than not at all.
 */
export async function shiftsOfChanges(repo: Repo, changes: readonly FileChange[]): Promise<FileShift[]> {
  const pages = changes.filter((c) => c.path.startsWith(`${CONTENT_DIR}/`))
  return Promise.all(
    pages.map(async (c) => ({
      path: c.path,
      before: await repo.shaOf(c.path),
      after: c.content === null ? undefined : await repo.blobId(c.content),
    })),
  ).catch(() => [])
}

/** The content files that differ between two commits, with their blobs on each side. */
export async function shiftsBetween(
  repo: Repo,
  from: string | undefined,
  to: string | undefined,
): Promise<FileShift[]> {
  const paths = (await repo.changedPaths(from, to)).filter((p) => p.startsWith(`${CONTENT_DIR}/`))
  return Promise.all(
    paths.map(async (path) => ({
      path,
      before: from ? (await repo.read(path, from))?.sha : undefined,
      after: to ? (await repo.read(path, to))?.sha : undefined,
    })),
  )
}

export type AnnouncePagesDeps = FireEventDeps & Pick<Deps, 'store'>

/**
 * Fires one event per page a commit created, changed, deleted or moved in a space. Never throws:
 * the change is made whatever becomes of its events.
 */
export async function announcePages(
  deps: AnnouncePagesDeps,
  space: Space,
  shifts: readonly FileShift[],
  context: EventSource & { commit: string | null },
): Promise<void> {
  const events = pageEvents(shifts)
  if (events.length === 0) return
  const found = await deps.store.spaceById(space.id).catch(() => undefined)
  if (!found) return
  for (const event of events) {
    await fireEvent(deps, space.orgId, event.type, {
      organization: found.organization.slug,
      space: space.slug,
      paths: event.type === 'page.moved' ? [event.from, event.path] : [event.path],
      path: event.path,
      ...(event.type === 'page.moved' ? { from: event.from } : {}),
      commit: context.commit,
      actor: context.actor,
      channel: context.channel,
    })
  }
}

/** The paths relative to `content/` of the content files among repository paths. */
export function contentPaths(paths: readonly string[]): string[] {
  return paths.filter((p) => p.startsWith(`${CONTENT_DIR}/`)).map(relativeToContent)
}

import { type NoteMeta, noteName, writeNote } from '../../../domain/inbox-note.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { FileChange } from '../../../ports/repo.ts'
import type { Organization, Routine, Space } from '../../../ports/store.ts'
import { routineTrailers } from '../../content/commit-identity.ts'
import { type PublishLockedDeps, publishLocked, refuseClash } from '../../content/commit-in-space.ts'
import { refuseNewPathFault } from '../../content/new-path.ts'
import { notePath } from '../../inbox/inbox-access.ts'
import {
  type AnnouncePagesDeps,
  announcePages,
  type HasListenersDeps,
  hasListeners,
  shiftsOfChanges,
  sourceOfCommit,
} from '../../webhooks/page-events.ts'
import type { RoutineReport } from './routine-builtin.ts'

const encode = (text: string) => new TextEncoder().encode(text)

/** The author of a routine's commits: the space itself. */
export function routineAuthor(space: Space, org: Organization): { name: string; email: string } {
  return { name: space.name, email: `${space.slug}@${org.slug}.routine.invalid` }
}

export type WriteRoutineOutputsDeps = PublishLockedDeps &
  AnnouncePagesDeps &
  HasListenersDeps &
  Pick<Deps, 'clock' | 'queue' | 'repos' | 'secrets'>

/**
 * Writes a run's page and inbox items as one commit in the space's queue, authored by the space
 * with `Source: routine` and `Via: Routine · <name>`, and publishes it. A page path that became a
 * folder (or lies under a file), or a new page beside one named the same but for case, is refused
 * (409) and nothing is written.
 */
export async function writeRoutineOutputs(
  deps: WriteRoutineOutputsDeps,
  place: { space: Space; organization: Organization; orgStore: Parameters<typeof publishLocked>[1] },
  routine: Routine,
  runId: string,
  produced: RoutineReport,
): Promise<{ commit: string | null; page: string | null; inbox: string[] }> {
  const { space, organization, orgStore } = place
  return await deps.queue.run(space.id, async () => {
    const repo = deps.repos.open(space.id, space.branch)
    const changes: FileChange[] = []
    if (routine.outputPage)
      changes.push({ path: `content/${routine.outputPage}`, content: encode(produced.report) })
    const titles: string[] = []
    if (routine.outputInbox) {
      const at = new Date(deps.clock.now())
      for (const finding of produced.findings) {
        const meta: NoteMeta = {
          title: finding.title,
          depositedBy: routine.name,
          depositedAt: at.toISOString(),
          hint: '',
          origin: routine.outputPage ? `Routine report ${routine.outputPage}` : `Routine ${routine.name}`,
          source: 'routine',
          via: `Routine · ${routine.name}`,
          // For a person to act on: the tidy-up leaves it where it is rather than filing it into a page.
          status: 'left',
          reason: `Found by the routine “${routine.name}”: for a person to act on.`,
          candidates: [],
        }
        const name = noteName(finding.title, at, deps.secrets.id())
        changes.push({ path: notePath(name), content: encode(writeNote(meta, `${finding.detail}\n`)) })
        titles.push(finding.title)
      }
    }
    if (changes.length === 0) return { commit: null, page: null, inbox: [] }
    await refuseClash(repo, changes)
    const page = routine.outputPage ? `content/${routine.outputPage}` : undefined
    if (page && !(await repo.shaOf(page))) await refuseNewPathFault(repo, page)
    const message = `Routine: ${routine.name}\n\n${produced.summary}\n\n${routineTrailers(routine.name)}Routine-run: ${runId}\n`
    const shifts = (await hasListeners(deps, space.orgId)) ? await shiftsOfChanges(repo, changes) : []
    const author = routineAuthor(space, organization)
    const commit =
      (await repo.commit({ parent: await repo.head(), changes, author, message, at: deps.clock.now() })) ??
      null
    await publishLocked(deps, orgStore, space, repo, commit)
    // Its page is a page of the space like any other: webhooks hear of it.
    if (commit) await announcePages(deps, space, shifts, { commit, ...sourceOfCommit(author, message) })
    return { commit, page: routine.outputPage || null, inbox: titles }
  })
}

import { type NoteMeta, noteName, writeNote } from '../../../domain/inbox-note.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { FileChange } from '../../../ports/repo.ts'
import type { Organization, OrgStore, Routine, Space } from '../../../ports/store.ts'
import { routineTrailers } from '../../content/commit-identity.ts'
import { type CommitInSpaceDeps, commitInSpace } from '../../content/commit-in-space.ts'
import { refuseNewPathFault } from '../../content/new-path.ts'
import { notePath } from '../../inbox/inbox-access.ts'
import type { RoutineReport } from './routine-builtin.ts'

const encode = (text: string) => new TextEncoder().encode(text)

/** The author of a routine's commits: the space itself. */
export function routineAuthor(space: Space, org: Organization): { name: string; email: string } {
  return { name: space.name, email: `${space.slug}@${org.slug}.routine.invalid` }
}

export type WriteRoutineOutputsDeps = CommitInSpaceDeps & Pick<Deps, 'clock' | 'secrets'>

/**
 * Writes a run's page and inbox items as one commit in the space's queue, authored by the space
 * with `Source: routine` and `Via: Routine · <name>`, and publishes it (webhooks hear of its page as
 * of any page written). A page path that became a folder (or lies under a file), or a new page beside
 * one named the same but for case, is refused (409) and nothing is written.
 */
export async function writeRoutineOutputs(
  deps: WriteRoutineOutputsDeps,
  place: { space: Space; organization: Organization; orgStore: OrgStore },
  routine: Routine,
  runId: string,
  produced: RoutineReport,
): Promise<{ commit: string | null; page: string | null; inbox: string[] }> {
  const { space, organization } = place
  const { commit, result } = await commitInSpace(deps, place, async (repo) => {
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
    const page = routine.outputPage ? `content/${routine.outputPage}` : undefined
    if (page && !(await repo.shaOf(page))) await refuseNewPathFault(repo, page)
    return {
      changes,
      message: `Routine: ${routine.name}\n\n${produced.summary}\n\n${routineTrailers(routine.name)}Routine-run: ${runId}\n`,
      author: routineAuthor(space, organization),
      result: { page: routine.outputPage || null, inbox: titles },
    }
  })
  return { commit, ...result }
}

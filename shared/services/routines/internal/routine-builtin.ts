import { contradictions } from '../../../domain/quality/contradictions.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { Repo } from '../../../ports/repo.ts'
import type { Routine } from '../../../ports/routines.ts'
import type { Space } from '../../../ports/store.ts'
import { type HealthOfSpaceDeps, healthOfSpace } from '../../quality/quality-reports.ts'
import { type ReadyEmbedderDeps, readyEmbedder } from '../../search/embedder-for.ts'
import { meaningSettled } from '../../search/index-space.ts'
import { changesSince, inScope, type WikiChange } from './routine-changes.ts'

/** The name the built-in engine shows as a run's model. */
export const BUILT_IN_ROUTINE = 'built-in'

/** One problem a routine found: an inbox item when the routine drops them. */
export type Finding = { title: string; detail: string }

/** What a routine produced: the report (Markdown), a one-line summary, and its findings. */
export type RoutineReport = { report: string; summary: string; findings: Finding[] }

/** Two pages whose meaning is this close (cosine of their vectors) say the same thing. */
const DUPLICATE_SCORE = 0.92
/** Items listed per section of a report, at most. */
const LIST_MAX = 200

const code = (path: string) => `\`${path.replace(/`/g, "'")}\``
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * How long the coherence check waits for the vectors of pages written just before: it runs in the
 * background, and a large space being embedded is checked with the vectors it has by then.
 */
const ROUTINE_MEANING_WAIT_MS = 60_000

type NearDuplicatesDeps = ReadyEmbedderDeps & Pick<Deps, 'store' | 'vectorIndex'>

/** Pairs of pages whose meaning is nearly the same, from the space's meaning index. */
async function nearDuplicates(
  deps: NearDuplicatesDeps,
  space: Space,
  pages: string[],
): Promise<{ a: string; b: string; score: number }[]> {
  if (!(await deps.store.index.forSpace(space.id).state()).meaning) return []
  const vectors = deps.vectorIndex((await readyEmbedder(deps, space.orgId)).dimensions)
  const wanted = new Set(pages)
  const pairs: { a: string; b: string; score: number }[] = []
  for (const page of pages) {
    const own = await vectors.forSpace(space.id).pageVector(page)
    if (!own) continue
    const best = new Map<string, number>()
    for (const hit of await vectors.search(own, [space.id], 20)) {
      if (hit.path > page && wanted.has(hit.path))
        best.set(hit.path, Math.max(best.get(hit.path) ?? 0, hit.score))
    }
    for (const [other, score] of best) if (score >= DUPLICATE_SCORE) pairs.push({ a: page, b: other, score })
  }
  return pairs.sort((x, y) => y.score - x.score)
}

export type BuiltInCoherenceDeps = HealthOfSpaceDeps & NearDuplicatesDeps & Pick<Deps, 'store' | 'textIndex'>

/**
 * The coherence report without a model: broken links, near-duplicate pages (by meaning),
 * contradicting figures or dates, orphans and pages due for review, within the routine's scope.
 */
export async function builtInCoherence(
  deps: BuiltInCoherenceDeps,
  space: Space,
  routine: Routine,
): Promise<RoutineReport> {
  const keep = (path: string) => path !== routine.outputPage && inScope(path, routine.scope)
  const health = await healthOfSpace(deps, space, { months: 12, limit: 100_000 })
  const files = await deps.store.index.forSpace(space.id).files()
  const pages = files.filter((f) => f.kind === 'markdown' && keep(f.path))
  const texts = await Promise.all(
    pages.map(async (f) => ({
      path: f.path,
      markdown: (await deps.textIndex.forSpace(space.id).text(f.path)) ?? '',
    })),
  )
  const broken = health.broken.filter((b) => keep(b.page))
  // Near-duplicates are found by the pages' vectors, which follow their words in the background.
  await meaningSettled(deps, space, ROUTINE_MEANING_WAIT_MS)
  const duplicates = await nearDuplicates(
    deps,
    space,
    pages.map((p) => p.path),
  )
  const clashes = contradictions(texts)
  const orphans = health.orphans.filter(keep)
  const due = health.due.filter((d) => keep(d.path))

  const findings: Finding[] = [
    ...broken.map((b) => ({
      title: `Broken link in ${b.page}`,
      detail: `${code(b.page)} links to ${code(b.link)}, which does not exist.${b.suggestion ? ` Did you mean ${code(b.suggestion)}?` : ''}`,
    })),
    ...duplicates.map((d) => ({
      title: `Near-duplicate pages: ${d.a} and ${d.b}`,
      detail: `${code(d.a)} and ${code(d.b)} say nearly the same thing (similarity ${d.score.toFixed(2)}): merge them, or make each one's purpose clear.`,
    })),
    ...clashes.map((c) => ({
      title: `Contradiction between ${c.a.path} and ${c.b.path}`,
      detail: `${code(c.a.path)} says “${c.a.sentence}” but ${code(c.b.path)} says “${c.b.sentence}” (${c.a.figure} / ${c.b.figure}).`,
    })),
    ...orphans.map((path) => ({
      title: `Orphan page: ${path}`,
      detail: `No page links to ${code(path)}: link it from where people would look for it, or remove it.`,
    })),
    ...due.map((d) => ({
      title: `Review due: ${d.path}`,
      detail: `${code(d.path)} was due for review on ${d.due}${d.owner ? ` (owner: ${d.owner})` : ''}.`,
    })),
  ]
  const sections: [string, Finding[]][] = [
    ['Broken links', findings.slice(0, broken.length)],
    ['Near-duplicate pages', findings.slice(broken.length, broken.length + duplicates.length)],
    [
      'Contradicting figures or dates',
      findings.slice(broken.length + duplicates.length, broken.length + duplicates.length + clashes.length),
    ],
    [
      'Orphan pages',
      findings.slice(broken.length + duplicates.length + clashes.length, findings.length - due.length),
    ],
    ['Pages due for review', findings.slice(findings.length - due.length)],
  ]
  const counts = [
    plural(broken.length, 'broken link'),
    plural(duplicates.length, 'near-duplicate pair'),
    plural(clashes.length, 'contradiction'),
    plural(orphans.length, 'orphan page'),
    plural(due.length, 'page due for review', 'pages due for review'),
  ]
  const summary =
    findings.length === 0
      ? `No problem found in ${plural(pages.length, 'page')}.`
      : `${plural(findings.length, 'problem')} found in ${plural(pages.length, 'page')}: ${counts.join(', ')}.`
  const body = sections
    .map(
      ([heading, items]) =>
        `## ${heading} (${items.length})\n\n${
          items.length === 0
            ? 'None.'
            : items
                .slice(0, LIST_MAX)
                .map((f) => `- ${f.detail}`)
                .join('\n')
        }`,
    )
    .join('\n\n')
  const report = `# ${routine.name}\n\n${summary}\n\n${body}\n`
  return { report, summary, findings }
}

/**
 * Where a routine's period starts: just after its last run started, or one period back when it
 * never ran.
 */
export function periodStart(routine: Pick<Routine, 'frequency' | 'lastRun'>, now: number): number {
  const days = routine.frequency === 'daily' ? 1 : routine.frequency === 'weekly' ? 7 : 30
  return routine.lastRun === null ? now - days * 86_400_000 : routine.lastRun + 1
}

const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '(top level)')

function line(change: WikiChange): string {
  switch (change.kind) {
    case 'moved':
      return `Moved ${code(change.from)} to ${code(change.path)}, by ${change.by} (${day(change.at)})`
    case 'filed':
      return `Filed note ${code(change.note)}, by ${change.by} (${day(change.at)})`
    default:
      return `${change.kind[0]?.toUpperCase()}${change.kind.slice(1)} ${code(change.path)}, by ${change.by} (${day(change.at)})`
  }
}

export type BuiltInDigestDeps = Pick<Deps, 'clock'>

/**
 * The digest without a model: the period's changes (pages created, updated, moved and deleted,
 * notes filed), by whom, grouped by folder. A finding per folder that changed.
 */
export async function builtInDigest(
  deps: BuiltInDigestDeps,
  repo: Repo,
  routine: Routine,
): Promise<RoutineReport> {
  const now = deps.clock.now()
  const since = periodStart(routine, now)
  const changes = (await changesSince(repo, since, routine.scope)).filter(
    (c) =>
      c.kind === 'filed' ||
      (c.path !== routine.outputPage && !(c.kind === 'moved' && c.from === routine.outputPage)),
  )
  const count = (kind: WikiChange['kind']) => changes.filter((c) => c.kind === kind).length
  const people = [...new Set(changes.map((c) => c.by))].sort()
  const summary =
    changes.length === 0
      ? `No change from ${day(since)} to ${day(now)}.`
      : `From ${day(since)} to ${day(now)}: ${plural(count('created'), 'page')} created, ${count('updated')} updated, ${count('moved')} moved, ${count('deleted')} deleted, ${plural(count('filed'), 'note')} filed, by ${people.join(', ')}.`
  const byFolder = new Map<string, WikiChange[]>()
  for (const change of changes) {
    const folder = change.kind === 'filed' ? 'Notes filed' : folderOf(change.path)
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), change])
  }
  const folders = [...byFolder.keys()].sort((a, b) =>
    a === 'Notes filed' ? 1 : b === 'Notes filed' ? -1 : a < b ? -1 : 1,
  )
  const sections = folders.map((folder) => {
    const list = byFolder.get(folder) ?? []
    return `## ${folder === 'Notes filed' || folder === '(top level)' ? folder : `${folder}/`}\n\n${list
      .slice(0, LIST_MAX)
      .map((c) => `- ${line(c)}`)
      .join('\n')}`
  })
  const findings = folders.map((folder) => {
    const list = byFolder.get(folder) ?? []
    return {
      title: `${folder === 'Notes filed' ? 'Notes filed' : `Changes in ${folder}`}: ${plural(list.length, 'change')}`,
      detail: list.map((c) => `- ${line(c)}`).join('\n'),
    }
  })
  const report = `# ${routine.name}\n\n${summary}\n\n${sections.join('\n\n')}${sections.length ? '\n' : ''}`
  return { report, summary, findings }
}

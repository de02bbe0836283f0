import { kindOf } from '../../../domain/file-kinds.ts'
import { contradictions } from '../../../domain/quality/contradictions.ts'
import type { Deps } from '../../../ports/deps.ts'
import type { Repo } from '../../../ports/repo.ts'
import type { Routine } from '../../../ports/routines.ts'
import type { Space } from '../../../ports/store.ts'
import { type HealthOfSpaceDeps, healthOfSpace } from '../../quality/quality-reports.ts'
import { type ReadyEmbedderDeps, readyEmbedder } from '../../search/embedder-for.ts'
import { meaningSettled } from '../../search/index-space.ts'
import { type ReportWords, reportWords } from './report-words.ts'
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

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

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
 * contradicting figures or dates, orphans and pages due for review, within the routine's scope, in
 * the words of the space's language.
 */
export async function builtInCoherence(
  deps: BuiltInCoherenceDeps,
  space: Space,
  routine: Routine,
  words: ReportWords = reportWords('en'),
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
      title: words.brokenTitle(b.page),
      detail: words.brokenDetail(b.page, b.link, b.suggestion),
    })),
    ...duplicates.map((d) => ({
      title: words.duplicateTitle(d.a, d.b),
      detail: words.duplicateDetail(d.a, d.b, d.score),
    })),
    ...clashes.map((c) => ({
      title: words.clashTitle(c.a.path, c.b.path),
      detail: words.clashDetail(c.a.path, c.a.sentence, c.b.path, c.b.sentence, c.a.figure, c.b.figure),
    })),
    ...orphans.map((path) => ({ title: words.orphanTitle(path), detail: words.orphanDetail(path) })),
    ...due.map((d) => ({ title: words.dueTitle(d.path), detail: words.dueDetail(d.path, d.due, d.owner) })),
  ]
  const sizes = [broken.length, duplicates.length, clashes.length, orphans.length, due.length]
  const starts = sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0))
  const sections: [string, Finding[]][] = words.sections.map((heading, i) => [
    heading,
    findings.slice(starts[i], starts[i]! + sizes[i]!),
  ])
  const counts = words.counts(broken.length, duplicates.length, clashes.length, orphans.length, due.length)
  const summary =
    findings.length === 0
      ? words.noProblem(pages.length)
      : words.problems(findings.length, pages.length, counts)
  const body = sections
    .map(
      ([heading, items]) =>
        `## ${heading} (${items.length})\n\n${
          items.length === 0
            ? words.none
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

/** A change of the period, on one line: what, by whom, on which day. */
function line(words: ReportWords, change: DigestChange): string {
  const what =
    change.kind === 'moved'
      ? words.moved(change.from, change.path)
      : change.kind === 'filed'
        ? words.filed(change.note)
        : change.kind === 'updated' && change.times > 1
          ? words.updatedTimes(change.path, change.times)
          : words[change.kind](change.path)
  return `${what}${words.byOn(change.by, day(change.at))}`
}

/** A change as the digest lists it: a page's updates in the period are one line, saying how many. */
type DigestChange = WikiChange & { times: number }

/**
 * The period's changes to pages (files that are not pages, images or attachments, are not news of
 * the wiki) and the notes filed, each page's updates gathered on one line at the last of them, with
 * everyone who made them.
 */
function digestChanges(changes: WikiChange[]): DigestChange[] {
  const out: DigestChange[] = []
  const updates = new Map<string, DigestChange>()
  for (const change of changes) {
    if (change.kind !== 'filed' && kindOf(change.path) !== 'markdown') continue
    const earlier = change.kind === 'updated' ? updates.get(change.path) : undefined
    if (earlier) {
      earlier.times++
      earlier.at = change.at
      if (!earlier.by.split(', ').includes(change.by)) earlier.by = `${earlier.by}, ${change.by}`
      continue
    }
    const listed = { ...change, times: 1 }
    if (change.kind === 'updated') updates.set(change.path, listed)
    out.push(listed)
  }
  return out
}

export type BuiltInDigestDeps = Pick<Deps, 'clock'>

/**
 * The digest without a model: the period's changes (pages created, updated, moved and deleted,
 * notes filed), by whom, grouped by folder, in the words of the space's language. A finding per
 * folder that changed. Other files (images, attachments) are left out, and a page updated several
 * times is one line.
 */
export async function builtInDigest(
  deps: BuiltInDigestDeps,
  repo: Repo,
  routine: Routine,
  words: ReportWords = reportWords('en'),
): Promise<RoutineReport> {
  const now = deps.clock.now()
  const since = periodStart(routine, now)
  const all = (await changesSince(repo, since, routine.scope)).filter(
    (c) =>
      c.kind === 'filed' ||
      (c.path !== routine.outputPage && !(c.kind === 'moved' && c.from === routine.outputPage)),
  )
  const changes = digestChanges(all)
  const count = (kind: WikiChange['kind']) => changes.filter((c) => c.kind === kind).length
  const people = [
    ...new Set(all.filter((c) => c.kind === 'filed' || kindOf(c.path) === 'markdown').map((c) => c.by)),
  ].sort()
  const summary =
    changes.length === 0
      ? words.noChange(day(since), day(now))
      : words.changes(
          day(since),
          day(now),
          {
            created: count('created'),
            updated: count('updated'),
            moved: count('moved'),
            deleted: count('deleted'),
            filed: count('filed'),
          },
          people,
        )
  // Notes filed are a group of their own, last; the others by folder, in order.
  const FILED = '\0filed'
  const byFolder = new Map<string, DigestChange[]>()
  for (const change of changes) {
    const path = change.kind === 'filed' ? '' : change.path
    const folder =
      change.kind === 'filed' ? FILED : path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : ''
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), change])
  }
  const folders = [...byFolder.keys()].sort((a, b) => (a === FILED ? 1 : b === FILED ? -1 : a < b ? -1 : 1))
  const heading = (folder: string) =>
    folder === FILED ? words.notesFiled : folder === '' ? words.topLevel : `${folder}/`
  const sections = folders.map((folder) => {
    const list = byFolder.get(folder) ?? []
    return `## ${heading(folder)}\n\n${list
      .slice(0, LIST_MAX)
      .map((c) => `- ${line(words, c)}`)
      .join('\n')}`
  })
  const findings = folders.map((folder) => {
    const list = byFolder.get(folder) ?? []
    return {
      title:
        folder === FILED
          ? words.filedTitle(list.length)
          : words.folderTitle(folder === '' ? words.topLevel : folder, list.length),
      detail: list.map((c) => `- ${line(words, c)}`).join('\n'),
    }
  })
  const report = `# ${routine.name}\n\n${summary}\n\n${sections.join('\n\n')}${sections.length ? '\n' : ''}`
  return { report, summary, findings }
}

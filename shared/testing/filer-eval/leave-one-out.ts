/**
 * The leave-one-section-out evaluation of the built-in filer: a space holding a corpus's pages, each
 * with one section cut out, every cut section dropped into its inbox as a note, one tidy-up run with no
 * AI provider through the API, and what the run did with each note judged against the page it was cut
 * from, half by half.
 */
import { drainJobs } from '../../services/jobs/job-worker.ts'
import { requestIndex } from '../../services/search/index-space.ts'
import { json, type TestApp, type TestHostOptions, testApp } from '../test-app.ts'
import { type EvaluationReport, judgeRun } from './evaluate.ts'
import type { EvalNote } from './notes.ts'
import type { CutCase } from './sections-corpus.ts'

/** The figures of one half of a corpus, as the bench prints them. */
export type HalfFigures = {
  notes: number
  right: number
  wrong: number
  newPage: number
  leftWithRight: number
  leftWithout: number
}

/** A corpus's run: the judged run over all its notes, and the figures of each half. */
export type LeaveOneOutReport = {
  report: EvaluationReport
  halves: { A: HalfFigures; B: HalfFigures }
}

const SPACE = '/organizations/eval/spaces/corpus'

/** Counts the outcomes of the notes of one half. */
function figuresOf(report: EvaluationReport, half: ReadonlySet<EvalNote>): HalfFigures {
  const outcomes = report.outcomes.filter((o) => half.has(o.note))
  const count = (test: (o: (typeof outcomes)[number]) => boolean) => outcomes.filter(test).length
  return {
    notes: outcomes.length,
    right: count((o) => o.kind === 'filed'),
    wrong: count((o) => o.kind === 'misfiled'),
    newPage: count((o) => o.kind === 'new page'),
    leftWithRight: count((o) => o.kind === 'left' && o.candidates.includes(o.note.page)),
    leftWithout: count(
      (o) => (o.kind === 'left' && !o.candidates.includes(o.note.page)) || o.kind === 'missing',
    ),
  }
}

/** Seeds the space with the cut pages, indexed by words and meaning as any write is. */
export async function seedSpace(t: TestApp, root: string, cases: readonly CutCase[]): Promise<void> {
  await t.call('POST', '/organizations', { token: root, body: { slug: 'eval', name: 'Eval', join: true } })
  await t.call('POST', '/organizations/eval/spaces', {
    token: root,
    body: { slug: 'corpus', name: 'Corpus' },
  })
  await t.deps.indexQueue.idle()
  const found = await t.deps.store.spaceById(1)
  if (!found) throw new Error('the evaluation space was not created')
  const { space } = found
  const repo = t.deps.repos.open(space.id, space.branch)
  const encoder = new TextEncoder()
  const head = await repo.commit({
    parent: await repo.head(),
    changes: cases.map((c) => ({ path: `content/${c.page.path}`, content: encoder.encode(c.page.text) })),
    author: { name: 'Evaluation', email: 'evaluation@example.com' },
    message: 'Corpus',
  })
  await repo.settle()
  await requestIndex(t.deps, space)
  await t.deps.indexQueue.idle()
  await t.deps.store
    .forOrg(space.orgId)
    .space(space.id)
    .marks.resetChangeBase(head ?? null)
}

/** Drops every note, runs the tidy-up once, and judges the run. */
async function fileNotes(t: TestApp, root: string, cases: readonly CutCase[]): Promise<EvaluationReport> {
  const names = new Map<string, EvalNote>()
  for (const { note } of cases) {
    const response = await t.call('POST', `${SPACE}/inbox`, {
      token: root,
      body: { title: note.title, content: note.text },
    })
    // A section holding what looks like a secret (an example key) is refused, as a person's would be.
    if (response.status !== 201) {
      const { error } = await json<{ error?: string }>(response)
      if (error === 'secret_detected') continue
      throw new Error(`drop refused (${response.status}, ${error}): ${note.title}`)
    }
    names.set((await json<{ name: string }>(response)).name, note)
  }
  await t.call('POST', `${SPACE}/tidy`, { token: root })
  const started = performance.now()
  await drainJobs(t.deps)
  const runMs = performance.now() - started
  const [run] = await json<{ status: string; operations: Parameters<typeof judgeRun>[0] }[]>(
    await t.call('GET', `${SPACE}/tidy/runs`, { token: root }),
  )
  if (run?.status !== 'done') throw new Error(`the tidy-up run did not finish: ${run?.status}`)
  return judgeRun(run.operations, names, runMs)
}

/** What one run did with notes cut from pages the space does not hold: none is any page's. */
export type OrphanFigures = { notes: number; appended: number; newPage: number; left: number }

/**
 * Runs notes about something the space has no page for (`orphans`, cut from pages it does not hold)
 * in a space of `cases`' pages, in a test app of its own: any append buries such a note in a page
 * about something else; a new page or a note left is what a person would do.
 */
export async function runOrphans(
  cases: readonly CutCase[],
  orphans: readonly CutCase[],
  host: TestHostOptions = {},
): Promise<OrphanFigures> {
  const report = await fileInSpace(cases, orphans, host)
  const count = (kind: string) => report.outcomes.filter((o) => o.kind === kind).length
  return {
    notes: report.notes,
    appended: count('filed') + count('misfiled'),
    newPage: count('new page'),
    left: count('left') + count('missing'),
  }
}

/** Files the notes of `dropped` in a space of `cases`' pages, in a test app of its own, and judges the run. */
async function fileInSpace(
  cases: readonly CutCase[],
  dropped: readonly CutCase[],
  host: TestHostOptions,
): Promise<EvaluationReport> {
  const t = await testApp({}, host)
  try {
    const root = await t.user('root', { superadmin: true })
    await seedSpace(t, root, cases)
    return await fileNotes(t, root, dropped)
  } finally {
    await t.close()
  }
}

/** Runs the evaluation of some cases of a corpus in a test app of its own. */
export async function runLeaveOneOut(
  cases: readonly CutCase[],
  host: TestHostOptions = {},
): Promise<LeaveOneOutReport> {
  const report = await fileInSpace(cases, cases, host)
  const half = (h: 'A' | 'B') => new Set(cases.filter((c) => c.note.half === h).map((c) => c.note))
  return { report, halves: { A: figuresOf(report, half('A')), B: figuresOf(report, half('B')) } }
}

/** One half's figures on one line: notes, then each outcome with its share. */
export function describeHalf(figures: HalfFigures): string {
  const share = (n: number) => `${n} (${((n / Math.max(1, figures.notes)) * 100).toFixed(1)}%)`
  const left = figures.leftWithRight + figures.leftWithout
  const withRight = left === 0 ? '-' : `${((figures.leftWithRight / left) * 100).toFixed(0)}%`
  return (
    `${figures.notes} notes: right ${share(figures.right)}, wrong ${share(figures.wrong)}, ` +
    `new page ${share(figures.newPage)}, left with right candidate ${figures.leftWithRight}, ` +
    `left without ${figures.leftWithout} (right page among the candidates of ${withRight} of those left)`
  )
}

/**
 * The filer's evaluation, end to end: a "Libraries" space of real READMEs, indexed by words and
 * meaning as the service does it, the hand-written notes dropped into its inbox, one tidy-up run with
 * the built-in filer, and what the run did with each note judged against the page it belongs to.
 */

import { drainJobs } from '../../services/jobs/job-worker.ts'
import { requestIndex } from '../../services/search/index-space.ts'
import { json, type TestApp } from '../test-app.ts'
import { libraryPages } from './library-pages.ts'
import { EVAL_NOTES, type EvalNote } from './notes.ts'

/** One operation of a run, as the API shows it. */
type RunOperation = { kind: string; note: string; path?: string; candidates?: string[] }

/** What became of one note. */
export type NoteOutcome = {
  note: EvalNote
  kind: 'filed' | 'misfiled' | 'new page' | 'left' | 'missing'
  path?: string
  candidates: string[]
}

export type EvaluationReport = {
  outcomes: NoteOutcome[]
  notes: number
  /** Right page among the notes appended. */
  precision: number
  /** Share of the notes appended to their page. */
  recall: number
  misfiled: number
  created: number
  left: number
  /** Notes left with their page among the candidates named. */
  leftWithTheirPage: number
  /** The tidy-up run, from its start to its log, in milliseconds. */
  runMs: number
}

const SPACE = '/organizations/eval/spaces/libraries'

/** Judges a run's operations: by note name, against each note's page. */
export function judgeRun(
  operations: readonly RunOperation[],
  names: ReadonlyMap<string, EvalNote>,
  runMs: number,
): EvaluationReport {
  const byNote = new Map(operations.map((op) => [op.note, op]))
  const outcomes: NoteOutcome[] = [...names].map(([name, note]) => {
    const op = byNote.get(name)
    const candidates = op?.candidates ?? []
    if (!op) return { note, kind: 'missing', candidates }
    if (op.kind === 'append')
      return { note, kind: op.path === note.page ? 'filed' : 'misfiled', path: op.path, candidates }
    if (op.kind === 'create') return { note, kind: 'new page', path: op.path, candidates }
    return { note, kind: 'left', candidates }
  })
  const count = (kind: NoteOutcome['kind']) => outcomes.filter((o) => o.kind === kind).length
  const appended = count('filed') + count('misfiled')
  return {
    outcomes,
    notes: outcomes.length,
    precision: appended === 0 ? 1 : count('filed') / appended,
    recall: count('filed') / outcomes.length,
    misfiled: count('misfiled'),
    created: count('new page'),
    left: count('left'),
    leftWithTheirPage: outcomes.filter((o) => o.kind === 'left' && o.candidates.includes(o.note.page)).length,
    runMs,
  }
}

/** The report as lines for a person: the figures, then each note that was not filed into its page. */
export function describeReport(report: EvaluationReport): string {
  const percent = (x: number) => `${(x * 100).toFixed(1)}%`
  const lines = [
    `${report.notes} notes: recall ${percent(report.recall)} (filed into their page), precision ${percent(report.precision)}, ` +
      `${report.misfiled} misfiled, ${report.created} new pages, ${report.left} left ` +
      `(${report.leftWithTheirPage} with their page among the candidates); run ${Math.round(report.runMs)} ms`,
  ]
  for (const o of report.outcomes) {
    if (o.kind === 'filed') continue
    const where =
      o.path ?? (o.candidates.length > 0 ? `candidates ${o.candidates.join(', ')}` : 'no candidate')
    lines.push(`  ${o.kind}: “${o.note.title}” → ${where} (belongs to ${o.note.page})`)
  }
  return lines.join('\n')
}

/**
 * Builds the space in `t` (whose caller `root` is a super admin), drops every note, runs the tidy-up
 * once and judges it.
 */
export async function runEvaluation(t: TestApp, root: string): Promise<EvaluationReport> {
  await t.call('POST', '/organizations', { token: root, body: { slug: 'eval', name: 'Eval', join: true } })
  await t.call('POST', '/organizations/eval/spaces', {
    token: root,
    body: { slug: 'libraries', name: 'Libraries' },
  })
  await t.deps.indexQueue.idle()
  const found = await t.deps.store.spaceById(1)
  if (!found) throw new Error('the evaluation space was not created')
  const { space } = found
  const repo = t.deps.repos.open(space.id, space.branch)
  const encoder = new TextEncoder()
  const head = await repo.commit({
    parent: await repo.head(),
    changes: libraryPages().map((p) => ({ path: `content/${p.path}`, content: encoder.encode(p.text) })),
    author: { name: 'Evaluation', email: 'evaluation@example.com' },
    message: 'Libraries',
  })
  await repo.settle()
  // Indexed by words and by meaning as any write is; the pages are the space as it stands.
  await requestIndex(t.deps, space)
  await t.deps.indexQueue.idle()
  await t.deps.store
    .forOrg(space.orgId)
    .space(space.id)
    .marks.resetChangeBase(head ?? null)

  const names = new Map<string, EvalNote>()
  for (const note of EVAL_NOTES) {
    const response = await t.call('POST', `${SPACE}/inbox`, {
      token: root,
      body: { title: note.title, content: note.text },
    })
    if (response.status !== 201) throw new Error(`drop refused (${response.status}): ${note.title}`)
    names.set((await json<{ name: string }>(response)).name, note)
  }
  await t.call('POST', `${SPACE}/tidy`, { token: root })
  const started = performance.now()
  await drainJobs(t.deps)
  const runMs = performance.now() - started
  const [run] = await json<{ status: string; operations: RunOperation[] }[]>(
    await t.call('GET', `${SPACE}/tidy/runs`, { token: root }),
  )
  if (run?.status !== 'done') throw new Error(`the tidy-up run did not finish: ${run?.status}`)
  return judgeRun(run.operations, names, runMs)
}

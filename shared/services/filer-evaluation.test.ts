import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeReport, type EvaluationReport, runEvaluation } from '../testing/filer-eval/evaluate.ts'
import { EVAL_NOTES } from '../testing/filer-eval/notes.ts'
import { type TestApp, testApp } from '../testing/test-app.ts'

/**
 * The built-in filer on real documents: installed packages' READMEs and the project's own README as
 * the pages of a space, notes in English and French that each belong to one of them, one tidy-up run
 * with no AI provider, through the API. Appending to a wrong page is the worst outcome; a new page
 * beside the right one the second worst; a note left names the pages it could go to.
 */
let t: TestApp
let report: EvaluationReport

beforeAll(async () => {
  t = await testApp()
  const root = await t.user('root', { superadmin: true })
  report = await runEvaluation(t, root)
  console.info(`Built-in filer on real documents: ${describeReport(report)}`)
}, 240_000)

afterAll(async () => {
  await t?.close()
}, 120_000)

describe('the built-in filer on real documents', () => {
  it('is judged on at least 60 notes in English and French', () => {
    expect(report.notes).toBe(EVAL_NOTES.length)
    expect(EVAL_NOTES.length).toBeGreaterThanOrEqual(60)
    const french = EVAL_NOTES.filter((n) => /[éèàùç’]|\b(?:les|des|une|pour)\b/i.test(n.text))
    expect(french.length).toBeGreaterThanOrEqual(20)
  })

  it('files at least 85% of the notes into their page', () => {
    expect(report.recall).toBeGreaterThanOrEqual(0.85)
  })

  it('never appends a note to a wrong page', () => {
    expect(report.outcomes.filter((o) => o.kind === 'misfiled').map((o) => o.note.title)).toEqual([])
    expect(report.precision).toBe(1)
  })

  it('starts no page beside the page a note belongs to', () => {
    expect(report.outcomes.filter((o) => o.kind === 'new page').map((o) => o.note.title)).toEqual([])
  })

  it('leaves the rest with the pages they could go to named', () => {
    const left = report.outcomes.filter((o) => o.kind === 'left')
    expect(report.notes - left.length).toBe(Math.round(report.recall * report.notes))
    for (const o of left) expect(o.candidates.length, o.note.title).toBeGreaterThan(0)
    // Mostly with the right page among them: one click for the person.
    expect(report.leftWithTheirPage).toBeGreaterThanOrEqual(Math.ceil(left.length / 2))
  })
})

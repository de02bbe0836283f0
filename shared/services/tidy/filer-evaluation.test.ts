import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chunkPage } from '../../domain/chunks.ts'
import { noteMeaning } from '../../domain/filer/note-meaning.ts'
import { noteTitle } from '../../domain/filer/page-text.ts'
import { folderOf } from '../../domain/links/paths.ts'
import { vectorMemo } from '../../testing/embed/vector-memo.ts'
import { describeReport, type EvaluationReport, runEvaluation } from '../../testing/filer-eval/evaluate.ts'
import { EVAL_NOTES } from '../../testing/filer-eval/notes.ts'
import {
  describeOutcome,
  expectedFolder,
  judge,
  KNOWN_MISSES,
  type Outcome,
} from '../../testing/fixtures/filer/judge.ts'
import { type FixtureWiki, HOUSEHOLD_WIKI, OPS_WIKI } from '../../testing/fixtures/filer/wikis.ts'
import { sharedSentenceEmbedder, type TestApp, testApp } from '../../testing/test-app.ts'

/**
 * The built-in filer on real documents: installed packages' READMEs and the project's own README as
 * the pages of a space, notes in English and French that each belong to one of them, one tidy-up run
 * with no AI provider, through the API. Appending to a wrong page is the worst outcome; a new page
 * beside the right one the second worst; a note left names the pages it could go to.
 */
let t: TestApp
let report: EvaluationReport
/** The built-in transformer's vectors of this file's texts, kept (see vector-memo.ts). */
const model = vectorMemo(
  sharedSentenceEmbedder(),
  new URL('../../testing/fixtures/filer/evaluation.vectors.bin', import.meta.url).pathname,
)

beforeAll(async () => {
  t = await testApp({}, { sentenceEmbedder: model })
  const root = await t.user('root', { superadmin: true })
  report = await runEvaluation(t, root)
  console.info(`Built-in filer on real documents: ${describeReport(report)}`)
}, 240_000)

afterAll(async () => {
  await t?.close()
  model.save()
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

/**
 * The fixture wikis of the filer's unit tests again, with each note's meaning from the built-in model
 * (the notes' vectors against every chunk of the pages): meaning must not make the filer worse there.
 */
describe.each([OPS_WIKI, HOUSEHOLD_WIKI])(
  'the $name with the built-in model’s meaning',
  (wiki: FixtureWiki) => {
    let outcomes: Outcome[]

    beforeAll(async () => {
      const embedder = model
      const chunks = wiki.pages.flatMap((p) => chunkPage(p.path, p.text))
      const vectors = await embedder.embed(chunks.map((c) => `${c.heading}\n${c.text}`))
      const byPath = new Map<string, Float32Array[]>()
      chunks.forEach((c, i) => {
        byPath.set(c.path, [...(byPath.get(c.path) ?? []), vectors[i]!])
      })
      const notes = wiki.cases.map((c) => c.note)
      const noteVectors = await embedder.embed(
        notes.map((n) => `${noteTitle(n.title, n.text, n.name)}\n${n.text}`),
      )
      outcomes = judge(wiki, new Map(notes.map((n, i) => [n.name, noteMeaning(noteVectors[i]!, byPath)])))
    }, 120_000)

    it('files at least 85% of the notes where a person would', () => {
      console.info(`${wiki.name} with meaning:\n${outcomes.map(describeOutcome).join('\n')}`)
      expect(outcomes.filter((o) => o.right).length / outcomes.length).toBeGreaterThanOrEqual(0.85)
    })

    it('files every other note only where a person would, or leaves it', () => {
      for (const o of outcomes) {
        if (o.right) continue
        const wanted = expectedFolder(o.case.expected)
        expect(KNOWN_MISSES[o.case.note.name], describeOutcome(o)).toBeDefined()
        expect(
          o.operation.kind === 'leave' || (wanted !== undefined && folderOf(o.operation.path) === wanted),
        ).toBe(true)
      }
    })
  },
)

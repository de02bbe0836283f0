import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vectorMemo } from '../../testing/embed/vector-memo.ts'
import { corpusCases, npmReadmes } from '../../testing/filer-eval/corpora.ts'
import {
  describeHalf,
  type HalfFigures,
  type LeaveOneOutReport,
  runLeaveOneOut,
} from '../../testing/filer-eval/leave-one-out.ts'
import { sharedSentenceEmbedder } from '../../testing/test-app.ts'

/**
 * The built-in filer on notes nobody wrote for it: a fixed sample of the installed packages' READMEs
 * (every clone has them after `npm ci`), one section cut from each page and dropped as a note, one
 * tidy-up run with no AI provider through the API. The figures are judged on the held-out half only;
 * the bench (`npm run bench -- filer`) runs the whole evaluation on three corpora.
 */
const SAMPLE_PAGES = 50
/** Longest README of the sample: short pages keep the space's indexing by meaning within seconds. */
const SAMPLE_PAGE_CHARS = 5_000

let run: LeaveOneOutReport
let heldOut: HalfFigures
/** The built-in transformer's vectors of the sample's texts, kept (see vector-memo.ts). */
const model = vectorMemo(
  sharedSentenceEmbedder(),
  new URL('../../testing/fixtures/filer/leave-one-out.vectors.bin', import.meta.url).pathname,
)

beforeAll(async () => {
  const corpus = npmReadmes()
  if ('missing' in corpus) throw new Error(corpus.missing)
  run = await runLeaveOneOut(corpusCases(corpus, SAMPLE_PAGES, SAMPLE_PAGE_CHARS), {
    sentenceEmbedder: model,
  })
  heldOut = run.halves.B
  console.info(`Leave-one-section-out, npm READMEs: held-out half ${describeHalf(heldOut)}`)
}, 180_000)

afterAll(() => {
  model.save()
})

describe('the built-in filer on sections cut from package READMEs', () => {
  it('is judged on a held-out half of a dozen notes or more', () => {
    expect(heldOut.notes).toBeGreaterThanOrEqual(12)
    expect(run.halves.A.notes + heldOut.notes).toBe(run.report.notes)
  })

  it('appends at most 2% of the held-out notes to a wrong page', () => {
    expect(heldOut.wrong).toBeLessThanOrEqual(Math.floor(heldOut.notes * 0.02))
  })

  it('files at least half of the held-out notes into their page itself', () => {
    expect(heldOut.right / heldOut.notes).toBeGreaterThanOrEqual(0.5)
  })

  // The share of the notes left that have their page among the candidates (the bench reports it for
  // every held-out half) falls whenever such a note is filed instead: on the half-dozen notes this sample
  // leaves, one filed moves it by ten points with no note worse off. What a person pays is a note left
  // without its page named.
  it('leaves at most one held-out note in ten without its page among the candidates', () => {
    expect(heldOut.leftWithRight).toBeGreaterThan(0)
    expect(heldOut.leftWithout).toBeLessThanOrEqual(Math.floor(heldOut.notes / 10))
  })
})

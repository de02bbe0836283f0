/**
 * Fitting the built-in filer's append model (shared/domain/filer/append-model.ts) on notes nobody wrote
 * for it: sections cut from pages of installed corpora, each note's evidence against its best page by
 * words labelled with whether that page is the one the section was cut from. Only the looked-at half of
 * the evaluation's pages, and pages the evaluation never reads, are fitted on: the held-out half stays
 * held out.
 */
import {
  type AppendEvidence,
  type AppendModel,
  appendLikelihood,
  EVIDENCE_KEYS,
} from '../../domain/filer/append-model.ts'
import { decide } from '../../domain/filer/decide.ts'
import { noteTitle } from '../../domain/filer/page-text.ts'
import type { FilerNote } from '../../domain/filer/types.ts'
import { folderVocabulary } from '../../domain/filer/vocation.ts'
import { builtInFilerContext } from '../../services/tidy/run-tidy.ts'
import { type TestHostOptions, testApp } from '../test-app.ts'
import { seedSpace } from './leave-one-out.ts'
import type { CutCase } from './sections-corpus.ts'

/** One note's evidence against its best page by words, and whether that page is the note's. */
export type Sample = {
  evidence: AppendEvidence
  right: boolean
  /** The note's title, its best page by words and its own page, to say which went wrong. */
  note: { title: string; best: string; page: string }
  /** The space the note was filed in: the bar is set on each space's notes by a model fitted without them. */
  space: string
  /** Whether the note was cut from a page the space does not hold (see SpaceOptions). */
  orphan: boolean
  /**
   * Where the filer's rules alone append the note, if they do: to its page, or to a wrong one. The
   * model weighs only the notes they leave, and the bar counts the rules' wrong appends as its own.
   */
  byRules?: 'right' | 'wrong'
}

/** What a fitting space holds beside its pages' own cut notes. */
export type SpaceOptions = {
  host?: TestHostOptions
  /** Notes planned but not sampled: the evaluation's held-out half. */
  skip?: (c: CutCase) => boolean
  /**
   * Notes cut from pages the space does not hold: about something no page covers, such a note has no
   * right page, and any append buries it.
   */
  orphans?: readonly CutCase[]
}

/**
 * The samples of a space (named `space`) holding `cases`' pages: every note (theirs, and the orphans)
 * is planned as the tidy-up plans it (the space indexed by words and meaning, the meaning measured by
 * the service), and each that has a best page near enough to weigh gives one sample.
 */
export async function collectSamples(
  space: string,
  cases: readonly CutCase[],
  options: SpaceOptions = {},
): Promise<Sample[]> {
  const { host = {}, skip = () => false, orphans = [] } = options
  const t = await testApp({}, host)
  try {
    const root = await t.user('root', { superadmin: true })
    await seedSpace(t, root, cases)
    const found = await t.deps.store.spaceById(1)
    if (!found) throw new Error('the fitting space was not created')
    const all = [...cases, ...orphans]
    const notes: FilerNote[] = all.map((c, i) => ({
      name: `note-${i}`,
      title: c.note.title,
      text: c.note.text,
      hint: '',
    }))
    const input = { notes, pages: cases.map((c) => c.page), vocation: '', today: '2026-01-01' }
    const { index, meaning } = await builtInFilerContext(t.deps, found.space, input)
    const vocabulary = folderVocabulary('', index)
    const samples: Sample[] = []
    all.forEach((c, i) => {
      const note = notes[i]!
      if (i < cases.length && skip(c)) return
      const title = noteTitle(note.title, note.text, note.name)
      // As the tidy-up decides, and as the rules alone do (no model).
      const decideWith = (model?: null) =>
        decide(note, title, index, vocabulary, meaning?.get(note.name), model)
      const decided = decideWith()
      const best = decided.weighed?.[0].path
      if (!decided.evidence || !best) return
      const rules = decideWith(null).decision
      // An orphan's page is not in the space: its best page is never right.
      samples.push({
        evidence: decided.evidence,
        right: best === c.note.page,
        note: { title: c.note.title, best, page: c.note.page },
        space,
        orphan: i >= cases.length,
        ...(rules.kind === 'append'
          ? {
              byRules:
                index.pages[rules.page]!.path === c.note.page ? ('right' as const) : ('wrong' as const),
            }
          : {}),
      })
    })
    return samples
  } finally {
    await t.close()
  }
}

export type FitOptions = {
  /** Ridge penalty on the scaled weights, in samples' worth. */
  l2?: number
  iterations?: number
  /** Largest share of the fitting notes the threshold lets go to a wrong page. */
  wrongShare?: number
  /** The notes the threshold's share counts (all by default); the others only teach the weights. */
  barOn?: (s: Sample) => boolean
}

/** The weights of a logistic model fitted on `samples`, the threshold left at 1 (appending nothing). */
function fitWeights(samples: readonly Sample[], l2: number, iterations: number): AppendModel {
  const n = samples.length
  const column = (key: (typeof EVIDENCE_KEYS)[number]) => samples.map((s) => s.evidence[key])
  const mean = {} as AppendEvidence
  const scale = {} as AppendEvidence
  for (const key of EVIDENCE_KEYS) {
    const values = column(key)
    const m = values.reduce((a, b) => a + b, 0) / n
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - m) ** 2, 0) / n)
    mean[key] = m
    scale[key] = sd > 1e-9 ? sd : 1
  }
  const rows = samples.map((s) => EVIDENCE_KEYS.map((key) => (s.evidence[key] - mean[key]) / scale[key]))
  const labels = samples.map((s) => (s.right ? 1 : 0))
  const w = EVIDENCE_KEYS.map(() => 0)
  let bias = 0
  for (let step = 0; step < iterations; step++) {
    const grad = w.map((wk) => (l2 * wk) / n)
    let gradBias = 0
    rows.forEach((row, i) => {
      const z = bias + row.reduce((sum, x, k) => sum + x * w[k]!, 0)
      const error = 1 / (1 + Math.exp(-z)) - labels[i]!
      row.forEach((x, k) => {
        grad[k]! += (error * x) / n
      })
      gradBias += error / n
    })
    w.forEach((_, k) => {
      w[k]! -= grad[k]!
    })
    bias -= gradBias
  }
  const weights = {} as AppendEvidence
  EVIDENCE_KEYS.forEach((key, k) => {
    weights[key] = w[k]!
  })
  return { mean, scale, weights, bias, threshold: 1 }
}

/**
 * A logistic model of whether the best page is the note's, fitted by gradient descent on the scaled
 * evidence with a ridge penalty, and the lowest threshold at which at most `wrongShare` of the samples
 * are appended to a wrong page. The threshold is set on likelihoods a model gave notes of spaces it was
 * not fitted on (each space's notes by a model fitted on the others), as the filer meets every space
 * it files in: a bar set on the very notes a model was fitted on lets about twice as many go wrong on
 * others. Samples of a single space are judged by the model fitted on them.
 */
export function fitAppendModel(samples: readonly Sample[], options: FitOptions = {}): AppendModel {
  const { l2 = 1, iterations = 3_000, wrongShare = 0.01, barOn = () => true } = options
  if (samples.length === 0) throw new Error('no samples to fit on')
  const fitted = fitWeights(samples, l2, iterations)
  const spaces = [...new Set(samples.map((s) => s.space))]
  const judged =
    spaces.length < 2
      ? samples.filter(barOn).map((s) => judgedBy(s, fitted))
      : spaces.flatMap((space) => {
          const without = fitWeights(
            samples.filter((s) => s.space !== space),
            l2,
            iterations,
          )
          return samples.filter((s) => s.space === space && barOn(s)).map((s) => judgedBy(s, without))
        })
  return { ...fitted, threshold: thresholdFor(judged, wrongShare) }
}

type Judged = { p: number; right: boolean; byRules?: 'right' | 'wrong' }

const judgedBy = (s: Sample, model: AppendModel): Judged => ({
  p: appendLikelihood(s.evidence, model),
  right: s.right,
  ...(s.byRules ? { byRules: s.byRules } : {}),
})

/**
 * The lowest likelihood (to three decimals) at which at most `wrongShare` of the notes go to a wrong
 * page: those the rules append wrongly, and those the model appends of the notes the rules leave.
 */
function thresholdFor(judged: readonly Judged[], wrongShare: number): number {
  const scored = judged
    .filter((s) => !s.byRules)
    .map((s) => ({ p: Math.floor(s.p * 1000) / 1000, right: s.right }))
    .sort((a, b) => b.p - a.p)
  let threshold = 1
  let wrong = judged.filter((s) => s.byRules === 'wrong').length
  for (let i = 0; i < scored.length; i++) {
    if (!scored[i]!.right) wrong++
    const next = scored[i + 1]
    // Only where the likelihood changes: a threshold takes every sample at its level.
    if (next && next.p === scored[i]!.p) continue
    if (wrong > wrongShare * judged.length) break
    threshold = scored[i]!.p
  }
  return threshold
}

/** How many samples the filer appends with a model (the rules', then the model's), right and wrong. */
export function appendsOf(samples: readonly Sample[], model: AppendModel): { right: number; wrong: number } {
  let right = 0
  let wrong = 0
  for (const s of samples) {
    if (s.byRules) {
      if (s.byRules === 'right') right++
      else wrong++
      continue
    }
    if (appendLikelihood(s.evidence, model) < model.threshold) continue
    if (s.right) right++
    else wrong++
  }
  return { right, wrong }
}

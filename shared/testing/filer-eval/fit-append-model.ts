/**
 * Fitting the built-in filer's append model (shared/domain/filer/append-model.ts) on notes nobody wrote
 * for it: sections cut from pages of installed corpora, each note's evidence against its best page by
 * words labelled with whether that page is the one the section was cut from. Only the looked-at half of
 * the evaluation's pages, and pages the evaluation never reads, are fitted on: the held-out half stays
 * held out.
 */
import {
  APPEND_MODEL,
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
  /**
   * The kind of documents the note was cut from (a corpus: READMEs, French manual pages): the bar holds
   * for every kind alike, not for the pooled notes, which the largest and easiest kind would dominate.
   */
  corpus: string
  /** Whether the note was cut from a page the space does not hold (see SpaceOptions). */
  orphan: boolean
  /**
   * Whether the best page may take the note at all: the rules that stop an append outright (a title
   * the page never uses, too few shared words, a name only the runner-up holds) let it through, and do
   * not give it to the runner-up instead.
   */
  open: boolean
  /** Whether the rules alone append the note to its best page (the model may still stop them). */
  rulesSure: boolean
  /** Where the rules give the note to the runner-up its names point to: its page, or a wrong one. */
  takeover?: 'right' | 'wrong'
}

/** What a fitting space holds beside its pages' own cut notes. */
export type SpaceOptions = {
  /** The kind of documents the space holds (see Sample); the space's name by default. */
  corpus?: string
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
  const { host = {}, skip = () => false, orphans = [], corpus = space } = options
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
      // As the tidy-up decides, as the rules alone do, and with a model that takes every note the
      // rules let it weigh.
      const decideWith = (model: AppendModel | null) =>
        decide(note, title, index, vocabulary, meaning?.get(note.name), model)
      const decided = decideWith(APPEND_MODEL)
      const best = decided.weighed?.[0].path
      if (!decided.evidence || !best) return
      const open = decideWith({ ...APPEND_MODEL, threshold: 0 }).decision
      const rules = decideWith(null).decision
      const taker = decided.decision.kind === 'append' ? index.pages[decided.decision.page]!.path : undefined
      // An orphan's page is not in the space: its best page is never right.
      samples.push({
        evidence: decided.evidence,
        right: best === c.note.page,
        note: { title: c.note.title, best, page: c.note.page },
        space,
        corpus,
        orphan: i >= cases.length,
        open: open.kind === 'append' && index.pages[open.page]!.path === best,
        rulesSure: rules.kind === 'append' && index.pages[rules.page]!.path === best,
        ...(taker !== undefined && taker !== best
          ? { takeover: taker === c.note.page ? ('right' as const) : ('wrong' as const) }
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
  /**
   * Largest share of the fitting notes of any kind of documents (a corpus) the threshold lets go to a
   * wrong page: the filer's target on every held-out half, met on each kind of the fitting notes.
   */
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
  return { mean, scale, weights, bias, threshold: 1, assent: 1 }
}

/**
 * A logistic model of whether the best page is the note's, fitted by gradient descent on the scaled
 * evidence with a ridge penalty, and its two bars (see AppendModel): those at which the most notes go
 * to their page while at most `wrongShare` of the samples of every kind of documents go to a wrong one.
 * The bars are set on likelihoods a model gave notes of spaces it was not fitted on (each space's
 * notes by a model fitted on the others), as the filer meets every space it files in: a bar set on the
 * very notes a model was fitted on lets about twice as many go wrong on others. Samples of a single
 * space are judged by the model fitted on them.
 */
export function fitAppendModel(samples: readonly Sample[], options: FitOptions = {}): AppendModel {
  const { l2 = 1, iterations = 3_000, wrongShare = 0.02, barOn = () => true } = options
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
  return { ...fitted, ...barsFor(judged, wrongShare) }
}

type Judged = Pick<Sample, 'right' | 'open' | 'rulesSure' | 'takeover' | 'corpus'> & { p: number }

const judgedBy = (s: Sample, model: AppendModel): Judged => ({
  p: Math.floor(appendLikelihood(s.evidence, model) * 1000) / 1000,
  right: s.right,
  open: s.open,
  rulesSure: s.rulesSure,
  corpus: s.corpus,
  ...(s.takeover ? { takeover: s.takeover } : {}),
})

type Bars = Pick<AppendModel, 'threshold' | 'assent'>

/** Levels the assent bar is tried at: from none (every append the rules are sure of stands) to 0.9. */
const ASSENT_LEVELS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]

/** Where a judged note goes with these bars: to the runner-up the rules give it to, or its best page. */
function outcome(s: Judged, bars: Bars): 'right' | 'wrong' | undefined {
  if (s.takeover) return s.takeover
  if (!s.open || !((s.rulesSure && s.p >= bars.assent) || s.p >= bars.threshold)) return undefined
  return s.right ? 'right' : 'wrong'
}

/**
 * The bars (likelihoods to three decimals) at which the most notes go to their page while at most
 * `wrongShare` of the notes of every kind of documents go to a wrong one; of equals, the higher. With
 * no such pair, bars of 1: the model and the rules append nothing the model weighs.
 */
function barsFor(judged: readonly Judged[], wrongShare: number): Bars {
  const notes = new Map<string, number>()
  for (const s of judged) notes.set(s.corpus, (notes.get(s.corpus) ?? 0) + 1)
  const levels = [...new Set(judged.filter((s) => s.open).map((s) => s.p))].sort((a, b) => b - a)
  let best: Bars & { right: number } = { threshold: 1, assent: 1, right: -1 }
  for (const assent of ASSENT_LEVELS) {
    for (const threshold of levels) {
      if (threshold < assent) break
      const wrong = new Map<string, number>()
      let right = 0
      for (const s of judged) {
        const to = outcome(s, { threshold, assent })
        if (to === 'right') right++
        else if (to === 'wrong') wrong.set(s.corpus, (wrong.get(s.corpus) ?? 0) + 1)
      }
      // A lower threshold only adds appends: past the first beyond the share, none is within it.
      if (![...notes].every(([corpus, n]) => (wrong.get(corpus) ?? 0) <= wrongShare * n)) break
      if (right > best.right) best = { threshold, assent, right }
    }
  }
  return { threshold: best.threshold, assent: best.assent }
}

/** Where the filer appends a sample with a model: the runner-up the rules give it to, or its best page. */
export function appendOf(s: Sample, model: AppendModel): 'right' | 'wrong' | undefined {
  return outcome(judgedBy(s, model), model)
}

/** How many samples the filer appends with a model, right and wrong. */
export function appendsOf(samples: readonly Sample[], model: AppendModel): { right: number; wrong: number } {
  let right = 0
  let wrong = 0
  for (const s of samples) {
    const to = appendOf(s, model)
    if (to === 'right') right++
    else if (to === 'wrong') wrong++
  }
  return { right, wrong }
}

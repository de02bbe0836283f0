import { APPEND_MODEL, type AppendModel, MODEL_MIN_PAGES } from '../shared/domain/filer/append-model.ts'
import {
  type Corpus,
  corpusCases,
  englishCommands,
  englishManuals,
  frenchManuals,
  npmReadmes,
  otherManuals,
} from '../shared/testing/filer-eval/corpora.ts'
import {
  appendOf,
  appendsOf,
  collectSamples,
  fitAppendModel,
  type Sample,
} from '../shared/testing/filer-eval/fit-append-model.ts'
import type { CutCase } from '../shared/testing/filer-eval/sections-corpus.ts'
import { keptVectors } from './filer-corpora.ts'

/** Pages of the evaluation's space: the first fitting space of a corpus is the same one. */
const SPACE_PAGES = 100
/** The evaluation reads each corpus's first SPACE_PAGES pages; the fitting may read this many more. */
const MORE_PAGES = 400
/** Sizes of the fitting's further spaces, in turn. */
const SIZES = [200, 50]

/**
 * How many notes of a fitting space are about something it has no page for: one in five. Without
 * them the model only meets notes whose page exists, and learns that a lead on words means the page.
 */
const ORPHAN_EVERY = 5

/**
 * A corpus's samples: the looked-at half (A) of the pages the evaluation reads, then every note of the
 * spaces of SIZES pages, in turn, the following pages make (the evaluation never reads them). A corpus
 * the evaluation does not report (`fitOnly`) gives all of its notes. Each space also gets orphan
 * notes: half-A notes of the next space (the last, of the one before), whose pages it does not hold.
 * The evaluation's orphans are half-B notes of the pages after its hundred, never fitted on as orphans.
 */
async function samplesOf(corpus: Corpus, fitOnly: boolean): Promise<Sample[]> {
  if ('missing' in corpus) {
    console.log(`${corpus.name}: skipped, not installed here (${corpus.missing})`)
    return []
  }
  const model = keptVectors('fit', corpus.name)
  const cases = corpusCases(corpus, SPACE_PAGES + MORE_PAGES)
  // Spaces of several sizes, the first the evaluation's own, so that the model learns what a lead on
  // words is worth among more or fewer pages.
  const spaces: CutCase[][] = []
  for (let start = 0, k = 0; start + MODEL_MIN_PAGES <= cases.length; k++) {
    const size = k === 0 ? SPACE_PAGES : (SIZES[k % SIZES.length] ?? SPACE_PAGES)
    spaces.push(cases.slice(start, start + size))
    start += size
  }
  const samples: Sample[] = []
  for (const [k, space] of spaces.entries()) {
    const heldOut = k === 0 && !fitOnly
    const source = spaces[k + 1] ?? (k > 0 ? spaces[k - 1] : undefined) ?? []
    const orphans = source
      .filter((c) => c.note.half === 'A')
      .slice(0, Math.floor(space.length / (ORPHAN_EVERY - 1)))
    samples.push(
      ...(await collectSamples(`${corpus.name} ${k}`, space, {
        corpus: corpus.name,
        host: { sentenceEmbedder: model },
        skip: (c) => heldOut && c.note.half === 'B',
        orphans,
      })),
    )
  }
  model.save()
  const orphans = samples.filter((s) => s.orphan).length
  console.log(
    `${corpus.name}: ${samples.length} notes (${samples.filter((s) => s.right).length} best page right, ${orphans} orphans)`,
  )
  return samples
}

function printModel(model: AppendModel): void {
  const round = (x: number) => Number(x.toPrecision(4))
  const record = (r: Record<string, number>) =>
    `{ ${Object.entries(r)
      .map(([k, v]) => `${k}: ${round(v)}`)
      .join(', ')} }`
  console.log(`  mean: ${record(model.mean)},`)
  console.log(`  scale: ${record(model.scale)},`)
  console.log(`  weights: ${record(model.weights)},`)
  console.log(`  bias: ${round(model.bias)},`)
  console.log(`  threshold: ${model.threshold},`)
  console.log(`  assent: ${model.assent},`)
}

/**
 * Fits the built-in filer's append model again and prints its constants, for
 * shared/domain/filer/append-model.ts, with what it and the model in use append of the fitting notes.
 */
export async function benchFilerFit(): Promise<void> {
  const samples = [
    ...(await samplesOf(npmReadmes(), false)),
    ...(await samplesOf(englishManuals(), false)),
    ...(await samplesOf(frenchManuals(), false)),
    ...(await samplesOf(englishCommands(), true)),
    ...(await samplesOf(otherManuals('en'), true)),
    ...(await samplesOf(otherManuals('fr'), true)),
  ]
  // Orphans teach the weights; the bar is a share of the notes that have a page.
  const model = fitAppendModel(samples, { barOn: (s) => !s.orphan })
  const paged = samples.filter((s) => !s.orphan)
  const share = (n: number) => `${n} (${((n / paged.length) * 100).toFixed(1)}%)`
  for (const [name, m] of [
    ['fitted now', model],
    ['in use', APPEND_MODEL],
  ] as const) {
    const { right, wrong } = appendsOf(paged, m)
    const orphans = samples.filter((s) => s.orphan)
    const buried = appendsOf(orphans, m).wrong
    console.log(
      `${name}: of ${paged.length} fitting notes with a page, appends ${share(right)} right, ${share(wrong)} wrong ` +
        `(${buried} of the ${orphans.length} orphans)`,
    )
  }
  for (const corpus of new Set(paged.map((s) => s.corpus))) {
    const of = paged.filter((s) => s.corpus === corpus)
    const { right, wrong } = appendsOf(of, model)
    console.log(`  ${corpus}: ${of.length} notes with a page, ${right} right, ${wrong} wrong`)
  }
  printModel(model)
  console.log('fitting notes appended to a wrong page by the fitted model (or the runner-up rule):')
  for (const s of samples) {
    if (appendOf(s, model) === 'wrong')
      console.log(
        `  “${s.note.title}” → ${s.takeover ? 'the runner-up' : s.note.best} (${s.orphan ? 'cut from' : 'belongs to'} ${s.note.page})`,
      )
  }
}

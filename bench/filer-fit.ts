import {
  APPEND_MODEL,
  type AppendModel,
  appendLikelihood,
  MODEL_MIN_PAGES,
} from '../shared/domain/filer/append-model.ts'
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
  appendsOf,
  collectSamples,
  fitAppendModel,
  type Sample,
} from '../shared/testing/filer-eval/fit-append-model.ts'
import { keptVectors } from './filer-corpora.ts'

/** Pages of the evaluation's space: the first fitting space of a corpus is the same one. */
const SPACE_PAGES = 100
/** The evaluation reads each corpus's first SPACE_PAGES pages; the fitting may read this many more. */
const MORE_PAGES = 400
/** Sizes of the fitting's further spaces, in turn. */
const SIZES = [200, 50]

/**
 * A corpus's samples: the looked-at half (A) of the pages the evaluation reads, then every note of the
 * spaces of SIZES pages, in turn, the following pages make (the evaluation never reads them). A corpus
 * the evaluation does not report (`fitOnly`) gives all of its notes.
 */
async function samplesOf(corpus: Corpus, fitOnly: boolean): Promise<Sample[]> {
  if ('missing' in corpus) {
    console.log(`${corpus.name}: skipped, not installed here (${corpus.missing})`)
    return []
  }
  const model = keptVectors('fit', corpus.name)
  const cases = corpusCases(corpus, SPACE_PAGES + MORE_PAGES)
  const samples: Sample[] = []
  // Spaces of several sizes, the first the evaluation's own, so that the model learns what a lead on
  // words is worth among more or fewer pages.
  let start = 0
  for (let k = 0; start + MODEL_MIN_PAGES <= cases.length; k++) {
    const size = k === 0 ? SPACE_PAGES : (SIZES[k % SIZES.length] ?? SPACE_PAGES)
    const space = cases.slice(start, start + size)
    const heldOut = k === 0 && !fitOnly
    start += size
    samples.push(
      ...(await collectSamples(
        `${corpus.name} ${k}`,
        space,
        { sentenceEmbedder: model },
        (c) => heldOut && c.note.half === 'B',
      )),
    )
  }
  model.save()
  console.log(
    `${corpus.name}: ${samples.length} notes (${samples.filter((s) => s.right).length} best page right)`,
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
  const model = fitAppendModel(samples)
  const share = (n: number) => `${n} (${((n / samples.length) * 100).toFixed(1)}%)`
  for (const [name, m] of [
    ['fitted now', model],
    ['in use', APPEND_MODEL],
  ] as const) {
    const { right, wrong } = appendsOf(samples, m)
    console.log(
      `${name}: of ${samples.length} fitting notes, appends ${share(right)} right, ${share(wrong)} wrong`,
    )
  }
  printModel(model)
  console.log('fitting notes the fitted model appends to a wrong page:')
  for (const s of samples) {
    if (!s.right && appendLikelihood(s.evidence, model) >= model.threshold)
      console.log(`  “${s.note.title}” → ${s.note.best} (belongs to ${s.note.page})`)
  }
}

import { mkdirSync } from 'node:fs'
import { type VectorMemo, vectorMemo } from '../shared/testing/embed/vector-memo.ts'
import {
  type Corpus,
  corpusCases,
  englishManuals,
  frenchManuals,
  npmReadmes,
} from '../shared/testing/filer-eval/corpora.ts'
import { describeHalf, runLeaveOneOut } from '../shared/testing/filer-eval/leave-one-out.ts'
import { sharedSentenceEmbedder } from '../shared/testing/test-app.ts'

/** Pages taken from each corpus: one note cut from each, about half of them held out. */
const PAGES_PER_CORPUS = 100

/**
 * The built-in model's vectors of a corpus's texts, kept between runs on this machine (not in the
 * repository): the first run embeds each corpus once (minutes), the next ones read them back.
 */
const VECTORS_CACHE = new URL('../node_modules/.cache/quire-bench/', import.meta.url).pathname

/** The kept vectors of a corpus's texts for one use (`filer-<corpus><suffix>.bin`, `fit-<corpus>.bin`). */
export function keptVectors(use: string, corpus: string, suffix = ''): VectorMemo {
  mkdirSync(VECTORS_CACHE, { recursive: true })
  const file = `${VECTORS_CACHE}${use}-${corpus.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}${suffix}.bin`
  return vectorMemo(sharedSentenceEmbedder(), file, true)
}

/**
 * The built-in filer on notes nobody wrote for it: from each page of three corpora installed on the
 * machine (npm READMEs, Debian's English and French manual pages) one section is cut out and dropped as
 * a note, and one tidy-up run files them. Half A is where thresholds may be looked at; half B is held out.
 */
export async function benchFilerCorpora(pages = PAGES_PER_CORPUS): Promise<void> {
  const corpora: Corpus[] = [npmReadmes(), englishManuals(), frenchManuals()]
  for (const corpus of corpora) {
    if ('missing' in corpus) {
      console.log(`${corpus.name}: skipped, not installed here (${corpus.missing})`)
      continue
    }
    const cases = corpusCases(corpus, pages)
    const model = keptVectors('filer', corpus.name, `-${pages}`)
    const { report, halves } = await runLeaveOneOut(cases, { sentenceEmbedder: model })
    model.save()
    console.log(
      `${corpus.name}, ${cases.length} pages, one note cut from each (run ${Math.round(report.runMs)} ms):`,
    )
    console.log(`  half A (looked at): ${describeHalf(halves.A)}`)
    console.log(`  half B (held out):  ${describeHalf(halves.B)}`)
  }
}

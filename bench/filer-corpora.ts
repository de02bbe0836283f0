import { mkdirSync } from 'node:fs'
import { type VectorMemo, vectorMemo } from '../shared/testing/embed/vector-memo.ts'
import {
  type Corpus,
  corpusCases,
  englishManuals,
  frenchManuals,
  npmReadmes,
} from '../shared/testing/filer-eval/corpora.ts'
import { describeHalf, runLeaveOneOut, runOrphans } from '../shared/testing/filer-eval/leave-one-out.ts'
import { sharedSentenceEmbedder } from '../shared/testing/test-app.ts'

/** Pages taken from each corpus: one note cut from each, about half of them held out. */
const PAGES_PER_CORPUS = 100
/**
 * Further pages whose half-B notes are dropped into the space as notes about something it has no page
 * for (the append model's fitting takes its such notes from half A only).
 */
const ORPHAN_PAGES = 60

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
    const all = corpusCases(corpus, pages + ORPHAN_PAGES)
    const cases = all.slice(0, pages)
    const orphans = all.slice(pages).filter((c) => c.note.half === 'B')
    const model = keptVectors('filer', corpus.name, `-${pages}`)
    const { report, halves } = await runLeaveOneOut(cases, { sentenceEmbedder: model })
    console.log(
      `${corpus.name}, ${cases.length} pages, one note cut from each (run ${Math.round(report.runMs)} ms):`,
    )
    console.log(`  half A (looked at): ${describeHalf(halves.A)}`)
    console.log(`  half B (held out):  ${describeHalf(halves.B)}`)
    if (orphans.length === 0)
      console.log('  notes about no page of the space: none, the corpus has no further pages')
    else {
      const o = await runOrphans(cases, orphans, { sentenceEmbedder: model })
      const share = (n: number) => `${n} (${((n / Math.max(1, o.notes)) * 100).toFixed(1)}%)`
      console.log(
        `  notes about no page of the space (held out): ${o.notes}: appended to a page ${share(o.appended)}, ` +
          `new page ${share(o.newPage)}, left ${share(o.left)}`,
      )
    }
    model.save()
  }
}

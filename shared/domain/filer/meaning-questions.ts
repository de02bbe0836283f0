/** Which notes the built-in filer must ask a sentence model about, and which two pages for each. */
import type { WeighedPage } from './confidence.ts'
import { decide } from './decide.ts'
import type { PageIndex } from './page-index.ts'
import { noteTitle } from './page-text.ts'
import type { FilingInput, NoteMeaning } from './types.ts'
import { folderVocabulary } from './vocation.ts'

/**
 * The notes whose filing turns on how close they are in meaning to their best page by words and its
 * runner-up, each with those two pages' paths. A note placed, or left, the same whether its meaning
 * backs the best page, goes against it or says nothing needs no sentence model: the model's time goes
 * to the notes it decides. `nearest` holds the pages nearest each note in the space's meaning index
 * (by note name), which the filer reads whatever the sentence model says.
 */
export function meaningQuestions(
  input: Omit<FilingInput, 'meaning'>,
  index: PageIndex,
  nearest: ReadonlyMap<string, readonly string[]>,
): Map<string, readonly [WeighedPage, WeighedPage]> {
  const vocabulary = folderVocabulary(input.vocation, index)
  const out = new Map<string, readonly [WeighedPage, WeighedPage]>()
  for (const note of input.notes) {
    const title = noteTitle(note.title, note.text, note.name)
    const near = nearest.get(note.name) ?? []
    const decidedWith = (chunks: ReadonlyMap<string, readonly number[]>) =>
      decide(note, title, index, vocabulary, { chunks, nearest: near } satisfies NoteMeaning)
    const silent = decidedWith(new Map())
    const weighed = silent.weighed
    if (!weighed) continue
    // Meaning that backs the best page over the runner-up, then meaning that goes against it.
    const [best, second] = weighed
    const leaning = (toBest: number) =>
      decidedWith(
        new Map([
          [best.path, [toBest]],
          [second.path, [1 - toBest]],
        ]),
      )
    const backed = leaning(1)
    const opposed = leaning(0)
    const same = (a: typeof silent) => JSON.stringify(a.decision) === JSON.stringify(silent.decision)
    if (!same(backed) || !same(opposed)) out.set(note.name, weighed)
  }
  return out
}

/**
 * What the word index stores of a file: its language, guessed once, and its words as stems of that
 * language, so every adapter indexes the same terms the queries look for.
 */
import { detectLanguage, type Language, stem, words } from '../text-words.ts'

/** How much of a file the language guess reads: its stopwords are plentiful well before that. */
export const LANGUAGE_SAMPLE_CHARS = 20_000

/** The language a file is indexed in, guessed from its title and the start of its text. */
export function fileLanguage(title: string, text: string): Language {
  return detectLanguage(`${title}\n${text.slice(0, LANGUAGE_SAMPLE_CHARS)}`)
}

/** The stems of the words of `text`, in the file's language, as the word index stores them. */
export function stemmedText(text: string, lang: Language): string {
  return words(text)
    .map((w) => stem(w, lang))
    .join(' ')
}

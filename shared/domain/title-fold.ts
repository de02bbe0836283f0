/** Letters that do not come apart into a base letter and an accent, written as the letters they stand for. */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', ı: 'i' }

/**
 * Text as compared when a person searches or names a file: lower case, accents taken off
 * (`Été` → `ete`), ligatures spelt out, so `/tache` finds `Tâche` and `Œuvre` names `oeuvre.md`.
 */
export function fold(text: string): string {
  return (
    text
      .normalize('NFD')
      // The accents of Latin, Greek and Cyrillic letters only: other scripts' marks (a kana's voicing)
      // are part of the letter, kept when it is put back together.
      .replace(/[\u0300-\u036f]+/g, '')
      .normalize('NFC')
      .toLowerCase()
      .replace(/[œæßøđłı]/g, (letter) => LIGATURES[letter] ?? letter)
  )
}

/** The words of a text once folded: runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? []
}

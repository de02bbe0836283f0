/** A piece of a snippet, marked when it is one of the searched words. */
export type Piece = { text: string; isMatch: boolean }

// Case and accents ignored, like the server's search: each character folded on its own so that
// positions in the folded text map back to the original.
function fold(char: string): string {
  return char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The words of a query worth marking (two letters or more, folded). */
export function queryWords(q: string): string[] {
  const words = q
    .split(/[^\p{L}\p{N}]+/u)
    .map((word) => [...word].map(fold).join(''))
    .filter((word) => word.length >= 2)
  return [...new Set(words)].sort((a, b) => b.length - a.length)
}

/** Splits `text` into pieces, marking every occurrence of one of `words` (folded, see queryWords). */
export function highlight(text: string, words: readonly string[]): Piece[] {
  if (words.length === 0 || text === '') return [{ text, isMatch: false }]
  const chars = [...text]
  let folded = ''
  // starts[i]: the index in `chars` of the character whose folding produced folded[i].
  const starts: number[] = []
  chars.forEach((char, index) => {
    const f = fold(char)
    for (let k = 0; k < f.length; k++) starts.push(index)
    folded += f
  })
  const marked = new Array<boolean>(chars.length).fill(false)
  for (const word of words) {
    let at = folded.indexOf(word)
    while (at >= 0) {
      const first = starts[at] ?? 0
      const last = starts[at + word.length - 1] ?? first
      for (let i = first; i <= last; i++) marked[i] = true
      at = folded.indexOf(word, at + word.length)
    }
  }
  const pieces: Piece[] = []
  chars.forEach((char, index) => {
    const isMatch = marked[index] ?? false
    const previous = pieces.at(-1)
    if (previous && previous.isMatch === isMatch) previous.text += char
    else pieces.push({ text: char, isMatch })
  })
  return pieces
}

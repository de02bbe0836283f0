import { describe, expect, it } from 'vitest'
import { addedLines, addedText, splitLines } from './added-lines.ts'

const lines = (...texts: string[]) => `${texts.join('\n')}\n`

/** Length of a longest common subsequence, by the textbook table, to check the fast search against. */
function lcsLength(a: string[], b: string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0)
  for (const x of a) {
    const row = [0]
    for (let j = 0; j < b.length; j++) row.push(x === b[j] ? prev[j]! + 1 : Math.max(prev[j + 1]!, row[j]!))
    prev = row
  }
  return prev[b.length]!
}

/** A small deterministic generator, so a failing case can be replayed. */
function random(seed: number): () => number {
  let s = seed
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648
    return s / 2_147_483_648
  }
}

describe('splitLines', () => {
  it('ends lines at LF, CRLF and CR, without an empty line after a final break', () => {
    expect(splitLines('a\nb\r\nc\rd')).toEqual(['a', 'b', 'c', 'd'])
    expect(splitLines('a\n')).toEqual(['a'])
    expect(splitLines('a\n\n')).toEqual(['a', ''])
    expect(splitLines('')).toEqual([])
    expect(splitLines('\n')).toEqual([''])
  })
})

describe('addedLines', () => {
  it('counts every line as added when there was no text before', () => {
    expect(addedLines(undefined, 'one\ntwo')).toEqual([
      { line: 1, text: 'one' },
      { line: 2, text: 'two' },
    ])
    expect(addedLines(undefined, '')).toEqual([])
  })

  it('finds nothing when the text is unchanged', () => {
    const text = lines('# Title', '', 'Some text.', '', 'More text.')
    expect(addedLines(text, text)).toEqual([])
  })

  it('reports an inserted line at its line number in the new text', () => {
    const before = lines('a', 'b', 'c', 'd')
    const after = lines('a', 'b', 'new', 'c', 'd')
    expect(addedLines(before, after)).toEqual([{ line: 3, text: 'new' }])
  })

  it('reports a changed line as added, and deletions not at all', () => {
    expect(addedLines(lines('a', 'b', 'c'), lines('a', 'B', 'c'))).toEqual([{ line: 2, text: 'B' }])
    expect(addedLines(lines('a', 'b', 'c', 'd'), lines('a', 'd'))).toEqual([])
  })

  it('handles edits at the start and the end', () => {
    expect(addedLines(lines('b', 'c'), lines('a', 'b', 'c', 'd'))).toEqual([
      { line: 1, text: 'a' },
      { line: 4, text: 'd' },
    ])
  })

  it('never counts an unchanged line, even when it repeats elsewhere in the page', () => {
    const before = lines('x', 'password = same', 'y', 'z')
    const after = lines('x', 'password = same', 'y', 'password = same', 'z')
    expect(addedLines(before, after)).toEqual([{ line: 4, text: 'password = same' }])
  })

  it('may count a moved line as added, but keeps the longest run of unmoved lines', () => {
    const before = lines('1', '2', '3', '4', '5')
    const after = lines('2', '3', '4', '5', '1')
    expect(addedLines(before, after)).toEqual([{ line: 5, text: '1' }])
  })

  it('ignores the kind of line breaks and a missing final newline', () => {
    expect(addedLines('a\r\nb\r\nc\r\n', 'a\nb\nc')).toEqual([])
    expect(addedLines('a\nb', 'a\nb\n')).toEqual([])
    expect(addedLines('a\r\nb', 'a\r\nb\r\nc')).toEqual([{ line: 3, text: 'c' }])
  })

  it('treats an empty old text like an empty page', () => {
    expect(addedLines('', 'a\nb')).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: 'b' },
    ])
  })

  it('keeps as many lines as a longest common subsequence, on random edits', () => {
    const next = random(42)
    const pick = (n: number) => Math.floor(next() * n)
    for (let round = 0; round < 300; round++) {
      const alphabet = 2 + pick(6)
      const a = Array.from({ length: pick(30) }, () => String(pick(alphabet)))
      const b = Array.from({ length: pick(30) }, () => String(pick(alphabet)))
      const added = addedLines(a.join('\n'), b.join('\n'))
      expect(b.length - added.length).toBe(lcsLength(a, b))
      // The kept lines must also be a subsequence of the old text, in order.
      const addedAt = new Set(added.map((l) => l.line))
      const kept = b.filter((_, i) => !addedAt.has(i + 1))
      let i = 0
      for (const line of a) if (line === kept[i]) i++
      expect(i).toBe(kept.length)
    }
  })

  it('handles pages of a few thousand lines, even fully shuffled', () => {
    const page = Array.from({ length: 4000 }, (_, i) => `line ${i % 700} of the page`)
    const edited = [...page]
    edited.splice(1000, 0, 'inserted')
    edited[3000] = 'changed'
    expect(addedLines(page.join('\n'), edited.join('\n'))).toEqual([
      { line: 1001, text: 'inserted' },
      { line: 3001, text: 'changed' },
    ])
    const next = random(7)
    const shuffled = [...page].sort(() => next() - 0.5)
    const added = addedLines(page.join('\n'), shuffled.join('\n'))
    expect(shuffled.length - added.length).toBeGreaterThan(0)
    expect(added.every((l) => shuffled[l.line - 1] === l.text)).toBe(true)
  })
})

describe('addedText', () => {
  it('joins the added lines and maps each back to its line in the new text', () => {
    const before = lines('a', 'b', 'c')
    const after = lines('a', 'new 1', 'b', 'c', 'new 2', 'new 3')
    expect(addedText(before, after)).toEqual({ text: 'new 1\nnew 2\nnew 3', lineMap: [2, 5, 6] })
  })

  it('is the whole text, line for line, when there was nothing before', () => {
    expect(addedText(undefined, 'a\r\nb\r\n')).toEqual({ text: 'a\nb', lineMap: [1, 2] })
  })

  it('is empty when nothing was added', () => {
    expect(addedText('a\nb', 'b')).toEqual({ text: '', lineMap: [] })
  })
})

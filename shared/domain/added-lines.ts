/**
 * Which lines an edit added: a line diff (longest common subsequence, Myers' linear-space search)
 * between two versions of a text, so that checks on new content can skip what was already there.
 */

/** A line of a text with its 1-based number in that text. */
export type NumberedLine = { line: number; text: string }

const LINE_BREAK = /\r\n|\r|\n/

/** The lines of a text: CRLF, CR and LF each end a line, and a final line break opens no empty line. */
export function splitLines(text: string): string[] {
  if (text === '') return []
  const lines = text.split(LINE_BREAK)
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

/** The lines of `after` (numbered in `after`) that a minimal line diff from `before` counts as added. */
export function addedLines(before: string | undefined, after: string): NumberedLine[] {
  const afterLines = splitLines(after)
  const kept =
    before === undefined ? new Uint8Array(afterLines.length) : keptLines(splitLines(before), afterLines)
  const added: NumberedLine[] = []
  afterLines.forEach((text, i) => {
    if (kept[i] === 0) added.push({ line: i + 1, text })
  })
  return added
}

/**
 * The added lines joined with '\n', and `lineMap[i]`: the line in `after` of that text's line i + 1,
 * so that what is found in the text can be reported at the page's own line numbers.
 */
export function addedText(before: string | undefined, after: string): { text: string; lineMap: number[] } {
  const lines = addedLines(before, after)
  return { text: lines.map((l) => l.text).join('\n'), lineMap: lines.map((l) => l.line) }
}

/** 1 for each line of `b` that belongs to a longest common subsequence of `a` and `b`. */
function keptLines(a: string[], b: string[]): Uint8Array {
  const kept = new Uint8Array(b.length)
  // Most edits touch a few lines: the common head and tail need no search.
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) kept[start++] = 1
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    kept[--endB] = 1
  }
  // Lines found on one side only cannot be in the common subsequence: dropping them before the
  // search keeps its cost low even when most of the text was rewritten.
  const ids = new Map<string, number>()
  const idsA: number[] = []
  for (let i = start; i < endA; i++) {
    const line = a[i]!
    let id = ids.get(line)
    if (id === undefined) {
      id = ids.size
      ids.set(line, id)
    }
    idsA.push(id)
  }
  const seqB: number[] = []
  const posB: number[] = []
  const inB = new Uint8Array(ids.size)
  for (let j = start; j < endB; j++) {
    const id = ids.get(b[j]!)
    if (id === undefined) continue
    seqB.push(id)
    posB.push(j)
    inB[id] = 1
  }
  const matched = commonSubsequence(
    Int32Array.from(idsA.filter((id) => inB[id] === 1)),
    Int32Array.from(seqB),
  )
  matched.forEach((m, k) => {
    if (m === 1) kept[posB[k]!] = 1
  })
  return kept
}

/**
 * 1 for each item of `b` kept by a shortest edit script from `a`: find the middle snake of the script,
 * then solve both sides of it (Myers 1986, section 4b). Space stays linear, and the recursion depth
 * is logarithmic in the number of edits.
 */
function commonSubsequence(a: Int32Array, b: Int32Array): Uint8Array {
  const matched = new Uint8Array(b.length)
  // Diagonal k (x - y = k) of a call lives at index max + 1 + k; the buffers are shared down the
  // recursion because each call is done with them before it recurses.
  const size = 2 * Math.ceil((a.length + b.length) / 2) + 4
  const vf = new Int32Array(size)
  const vb = new Int32Array(size)

  /** The middle snake of a[aLo, aHi) → b[bLo, bHi), which share no first or last item: [x0, y0, x1, y1]. */
  const middleSnake = (
    aLo: number,
    aHi: number,
    bLo: number,
    bHi: number,
  ): [number, number, number, number] => {
    const n = aHi - aLo
    const m = bHi - bLo
    const delta = n - m
    const odd = (delta & 1) === 1
    const max = Math.ceil((n + m) / 2)
    const off = max + 1
    vf[off + 1] = 0
    vb[off + 1] = 0
    for (let d = 0; d <= max; d++) {
      for (let k = -d; k <= d; k += 2) {
        let x =
          k === -d || (k !== d && vf[off + k - 1]! < vf[off + k + 1]!)
            ? vf[off + k + 1]!
            : vf[off + k - 1]! + 1
        let y = x - k
        const x0 = x
        const y0 = y
        while (x < n && y < m && a[aLo + x] === b[bLo + y]) {
          x++
          y++
        }
        vf[off + k] = x
        // The reverse search of step d - 1 ran on diagonal delta - k of its own coordinates.
        const kr = delta - k
        if (odd && kr >= 1 - d && kr <= d - 1 && x + vb[off + kr]! >= n) {
          return [aLo + x0, bLo + y0, aLo + x, bLo + y]
        }
      }
      for (let k = -d; k <= d; k += 2) {
        let x =
          k === -d || (k !== d && vb[off + k - 1]! < vb[off + k + 1]!)
            ? vb[off + k + 1]!
            : vb[off + k - 1]! + 1
        let y = x - k
        const x0 = x
        const y0 = y
        while (x < n && y < m && a[aHi - 1 - x] === b[bHi - 1 - y]) {
          x++
          y++
        }
        vb[off + k] = x
        const kf = delta - k
        if (!odd && kf >= -d && kf <= d && x + vf[off + kf]! >= n) {
          return [aHi - x, bHi - y, aHi - x0, bHi - y0]
        }
      }
    }
    // Unreachable: the two searches meet by step ceil((n + m) / 2).
    return [aLo, bLo, aHi, bHi]
  }

  const solve = (aLo: number, aHi: number, bLo: number, bHi: number): void => {
    while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) {
      matched[bLo++] = 1
      aLo++
    }
    while (aLo < aHi && bLo < bHi && a[aHi - 1] === b[bHi - 1]) {
      aHi--
      matched[--bHi] = 1
    }
    if (aLo === aHi || bLo === bHi) return
    const [x0, y0, x1, y1] = middleSnake(aLo, aHi, bLo, bHi)
    for (let y = y0; y < y1; y++) matched[y] = 1
    solve(aLo, x0, bLo, y0)
    solve(x1, aHi, y1, bHi)
  }

  solve(0, a.length, 0, b.length)
  return matched
}

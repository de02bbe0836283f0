/**
 * Binary-quantised vectors held in memory for the first pass of a search by meaning: one bit per
 * dimension (set when the value is positive, as sqlite-vec's `vec_quantize_binary` sets it), compared by
 * Hamming distance. A pass reads every vector of the spaces searched, so it reads them here rather than
 * from SQLite: 64 bytes each at 512 bits, about a millisecond per 15,000 of them (bit-scan.ts runs the
 * larger passes in a thread of their own).
 */

/** 32-bit words per vector of `dimensions` bits. */
export function wordsFor(dimensions: number): number {
  return Math.ceil(dimensions / 32)
}

/** The sign bits of `vector`: bit `d` for dimension `d`, the layout of `vec_quantize_binary`. */
export function signBits(vector: Float32Array): Uint32Array {
  const words = new Uint32Array(wordsFor(vector.length))
  for (let d = 0; d < vector.length; d++) {
    if (vector[d]! > 0) words[d >>> 5]! |= 1 << (d & 31)
  }
  return words
}

/** The bit vector as sqlite-vec stores a `bit[n]` column (little-endian bytes), read into words. */
export function wordsOfBlob(blob: Uint8Array, dimensions: number): Uint32Array {
  const words = new Uint32Array(wordsFor(dimensions))
  new Uint8Array(words.buffer).set(blob.subarray(0, words.byteLength))
  return words
}

/**
 * A space's bit vectors as a scan reads them: `count` vectors of `words.length / ids.length` words,
 * the chunk id of each by slot. Views of shared memory, so a scan in another thread reads the vectors
 * in place, as they are then.
 */
export type ScanSpace = { words: Uint32Array; ids: Float64Array; count: number }

/** Slots a space's memory starts with; it doubles as it fills. */
const FIRST_SLOTS = 64

/** The bit vectors of one space, with the chunk id of each, in memory a scanning thread can share. */
export class SpaceBits {
  private count = 0
  private slots = new Map<number, number>()
  private words: Uint32Array
  private ids: Float64Array
  private readonly width: number

  constructor(dimensions: number) {
    this.width = wordsFor(dimensions)
    this.words = sharedWords(this.width * FIRST_SLOTS)
    this.ids = sharedIds(FIRST_SLOTS)
  }

  get size(): number {
    return this.count
  }

  /** Adds a chunk's bits, or replaces them if the id is already there. */
  set(id: number, bits: Uint32Array): void {
    let slot = this.slots.get(id)
    if (slot === undefined) {
      slot = this.count++
      if (slot === this.ids.length) {
        // A scan already under way keeps reading the memory it was given, whole and unchanged.
        const words = sharedWords(this.words.length * 2)
        words.set(this.words)
        this.words = words
        const ids = sharedIds(this.ids.length * 2)
        ids.set(this.ids)
        this.ids = ids
      }
      this.ids[slot] = id
      this.slots.set(id, slot)
    }
    this.words.set(bits.subarray(0, this.width), slot * this.width)
  }

  /** Removes a chunk; the last one takes its slot, so the vectors stay packed. */
  delete(id: number): void {
    const slot = this.slots.get(id)
    if (slot === undefined) return
    const last = this.count - 1
    const lastId = this.ids[last]!
    if (slot !== last) {
      this.words.copyWithin(slot * this.width, last * this.width, (last + 1) * this.width)
      this.ids[slot] = lastId
      this.slots.set(lastId, slot)
    }
    this.count--
    this.slots.delete(id)
  }

  /** The vectors as a scan reads them (no copy). */
  view(): ScanSpace {
    return { words: this.words, ids: this.ids, count: this.count }
  }
}

function sharedWords(length: number): Uint32Array {
  return new Uint32Array(new SharedArrayBuffer(length * Uint32Array.BYTES_PER_ELEMENT))
}

function sharedIds(length: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT))
}

/** The Hamming distance of every vector of `space` to `query`, by slot, counted into `histogram` as well. */
function distances(space: ScanSpace, query: Uint32Array, histogram: Uint32Array): Uint16Array {
  const { words, count } = space
  const width = query.length
  const out = new Uint16Array(count)
  // Words are counted two at a time (popcountOfTwo), about a sixth faster than one at a time.
  const paired = width - (width % 2)
  for (let slot = 0, at = 0; slot < count; slot++, at += width) {
    let distance = 0
    for (let w = 0; w < paired; w += 2)
      distance += popcountOfTwo(words[at + w]! ^ query[w]!, words[at + w + 1]! ^ query[w + 1]!)
    if (paired < width) distance += popcount(words[at + paired]! ^ query[paired]!)
    out[slot] = distance
    histogram[distance]!++
  }
  return out
}

/**
 * The ids of the `k` vectors closest to `query` across `spaces` (all of them when there are fewer), in no
 * particular order. Exact: distances are counted by value (there are only `dimensions + 1` of them), so the
 * k-th distance is known after one pass and the second pass keeps what lies within it.
 */
export function nearestIds(query: Uint32Array, dimensions: number, k: number, spaces: ScanSpace[]): number[] {
  const histogram = new Uint32Array(dimensions + 1)
  const found = spaces.map((space) => distances(space, query, histogram))
  // The smallest distance within which k vectors lie; ties at that distance are taken in slot order.
  let cut = 0
  let within = 0
  while (cut < dimensions && within + histogram[cut]! < k) within += histogram[cut++]!
  let atCut = k - within
  const ids: number[] = []
  spaces.forEach((space, s) => {
    const list = found[s]!
    for (let slot = 0; slot < list.length; slot++) {
      const distance = list[slot]!
      if (distance < cut || (distance === cut && atCut-- > 0)) ids.push(space.ids[slot]!)
    }
  })
  return ids
}

/**
 * Bits set in two 32-bit words: each word's bytes are counted as `popcount` does, and the two words'
 * byte counts (at most 16 a byte, no carry) added before the one multiply that sums the bytes.
 */
export function popcountOfTwo(x: number, y: number): number {
  x -= (x >>> 1) & 0x55555555
  y -= (y >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  y = (y & 0x33333333) + ((y >>> 2) & 0x33333333)
  x = (x + (x >>> 4)) & 0x0f0f0f0f
  y = (y + (y >>> 4)) & 0x0f0f0f0f
  return Math.imul(x + y, 0x01010101) >>> 24
}

/** Bits set in a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff
}

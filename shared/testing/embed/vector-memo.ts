import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { Embedder } from '../../ports/embedder.ts'

/**
 * Vectors the built-in model gave once, kept in a file beside a test, so a test whose subject is what
 * is done with the vectors (the filer's evaluations) does not spend minutes running the model over the
 * same texts at every run. Each vector is the model's own output for that exact text (looked up by its
 * SHA-256): a text not in the file is embedded by the model, as without the memo, and counted.
 *
 * Recording: with `QUIRE_RECORD_VECTORS=1`, `save()` writes the vectors of every text embedded during
 * the run (and only those) to the file. Regenerate after a dependency update changes the READMEs, or
 * when the chunking or the model changes:
 *
 *     QUIRE_RECORD_VECTORS=1 npm run test:unit -- --project sqlite shared/services/tidy/filer-
 *
 * File: a 4-byte little-endian length, a JSON header `{model, dimensions, count}`, then `count` entries
 * of 32 bytes of SHA-256 and `dimensions` float32 little-endian.
 */
export type VectorMemo = Embedder & {
  /** Texts embedded by the model during this run because the file did not have them. */
  readonly misses: number
  /**
   * At the end of a run: says how many texts were not in the file (the model embedded them), and
   * writes the run's vectors to the file when recording.
   */
  save(): void
}

type Header = { model: string; dimensions: number; count: number }

export function vectorMemo(
  model: Embedder,
  file: string,
  record = process.env.QUIRE_RECORD_VECTORS === '1',
): VectorMemo {
  const known = readMemo(file, model)
  const used = new Map<string, Float32Array>()
  let misses = 0
  return {
    id: model.id,
    dimensions: model.dimensions,
    get misses() {
      return misses
    },
    async embed(texts) {
      const keys = texts.map(keyOf)
      const wanted = [...new Set(keys.filter((k) => !known.has(k) && !used.has(k)))]
      if (wanted.length > 0) {
        const textOf = new Map(keys.map((k, i) => [k, texts[i]!]))
        const vectors = await model.embed(wanted.map((k) => textOf.get(k)!))
        misses += wanted.length
        for (const [i, k] of wanted.entries()) used.set(k, vectors[i]!)
      }
      return keys.map((k) => {
        const vector = (used.get(k) ?? known.get(k))!
        used.set(k, vector)
        return vector
      })
    },
    close: () => model.close(),
    save() {
      if (misses > 0)
        console.info(`${misses} texts were not in the kept vectors and were embedded by the model`)
      if (!record) return
      writeMemo(file, { model: model.id, dimensions: model.dimensions, count: used.size }, used)
    },
  }
}

function keyOf(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

function readMemo(file: string, model: Embedder): Map<string, Float32Array> {
  const entries = new Map<string, Float32Array>()
  if (!existsSync(file)) return entries
  const bytes = readFileSync(file)
  const headerLength = bytes.readUInt32LE(0)
  const header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8')) as Header
  // Vectors of another model are not this model's: every text is embedded again.
  if (header.model !== model.id || header.dimensions !== model.dimensions) return entries
  const size = 32 + header.dimensions * 4
  let at = 4 + headerLength
  for (let i = 0; i < header.count; i++, at += size) {
    const key = bytes.subarray(at, at + 32).toString('hex')
    const vector = new Float32Array(header.dimensions)
    for (let d = 0; d < header.dimensions; d++) vector[d] = bytes.readFloatLE(at + 32 + d * 4)
    entries.set(key, vector)
  }
  return entries
}

function writeMemo(file: string, header: Header, entries: Map<string, Float32Array>): void {
  const head = Buffer.from(JSON.stringify(header), 'utf8')
  const size = 32 + header.dimensions * 4
  const out = Buffer.alloc(4 + head.length + entries.size * size)
  out.writeUInt32LE(head.length, 0)
  head.copy(out, 4)
  let at = 4 + head.length
  // Sorted by key: the same vectors make the same file.
  for (const key of [...entries.keys()].sort()) {
    Buffer.from(key, 'hex').copy(out, at)
    const vector = entries.get(key)!
    for (let d = 0; d < header.dimensions; d++) out.writeFloatLE(vector[d]!, at + 32 + d * 4)
    at += size
  }
  writeFileSync(file, out)
}

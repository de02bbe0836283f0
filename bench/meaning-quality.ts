import { join } from 'node:path'
import { createBuiltinEmbedder } from '../shared/adapters/embed/builtin-embedder.ts'
import { isHeldOut, qualitySets, scoreRetrieval } from '../shared/adapters/embed/retrieval-quality.ts'
import { readInstalledTexts } from '../shared/adapters/embed/retrieval-quality-texts.ts'
import type { Embedder } from '../shared/ports/embedder.ts'
import { summarize } from './stats.ts'

/**
 * Retrieval quality of the built-in static model beside the transformer it was distilled from, on
 * documentation installed on this machine that the distillation never read (the held-out packages and
 * man pages): for each language and kind of pair, each query's passage ranked among the set's passages
 * (theirs and `distractors` other paragraphs). Then the time to embed one search query with each.
 */
export async function benchMeaningQuality({
  maxQueries = 500,
  distractors = 2_000,
}: {
  maxQueries?: number
  distractors?: number
} = {}): Promise<void> {
  const texts = readInstalledTexts({ nodeModules: join(import.meta.dirname, '..', 'node_modules') }).filter(
    (text) => isHeldOut(text.key),
  )
  const sets = qualitySets(texts, { maxQueries, distractors })
  const models: [string, Embedder][] = [
    ['static', createBuiltinEmbedder({ model: 'static' })],
    ['transformer', createBuiltinEmbedder({ model: 'transformer' })],
  ]
  try {
    console.log(
      `  held-out documents: ${new Set(texts.map((t) => t.key)).size}; recall@10 / MRR, static | transformer (static ÷ transformer)`,
    )
    for (const set of sets) {
      const [ours, theirs] = await Promise.all(models.map(([, embedder]) => scoreRetrieval(embedder, set)))
      console.log(
        `  ${set.language} ${set.kind.padEnd(10)} ${String(set.queries.length).padStart(4)} queries, ` +
          `${String(set.passages.length).padStart(5)} passages: ` +
          `${pct(ours!.recallAt10)} / ${ours!.mrr.toFixed(3)} | ${pct(theirs!.recallAt10)} / ${theirs!.mrr.toFixed(3)} ` +
          `(recall ${pct(ours!.recallAt10 / theirs!.recallAt10)}, MRR ${pct(ours!.mrr / theirs!.mrr)}); ` +
          `passage above the model's relevance floor ${pct(ours!.aboveFloor)} | ${pct(theirs!.aboveFloor)}`,
      )
    }
    const queries = sets.flatMap((set) => set.queries).slice(0, 200)
    for (const [name, embedder] of models) {
      await embedder.embed(['Warm up.'])
      const times: number[] = []
      for (const query of queries) {
        const started = performance.now()
        await embedder.embed([query])
        times.push(performance.now() - started)
      }
      const { median, p95 } = summarize(times)
      console.log(`  one search query, ${name}: median ${median.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms`)
    }
  } finally {
    await Promise.all(models.map(([, embedder]) => embedder.close()))
  }
}

function pct(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`
}

// `node bench/meaning-quality.ts [queries] [distractors]` runs this bench alone.
if (import.meta.main) {
  const [maxQueries, distractors] = process.argv.slice(2).map(Number)
  await benchMeaningQuality({ maxQueries: maxQueries || 500, distractors: distractors || 2_000 })
}

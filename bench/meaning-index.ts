import { availableParallelism } from 'node:os'
import { type BuiltinModel, createBuiltinEmbedder } from '../shared/adapters/embed/builtin-embedder.ts'
import { chunkPage } from '../shared/domain/chunks.ts'
import type { Deps } from '../shared/ports/deps.ts'
import { catchUpIndexes } from '../shared/services/search/rebuild-indexes.ts'
import { page, random } from './search.ts'
import { benchSpace } from './setup.ts'

/**
 * Building a space's index by meaning with the built-in model at `pages` pages (the pages of the
 * search bench): the words are indexed first, with meaning off, then meaning is turned on and the
 * whole space embedded, as when a space is first indexed or the model changes. The files and chunks
 * the space's meaning index state reports are printed as they grow. `model` is the built-in model
 * (the static one by default); the transformer runs on `threads` threads (its default when not given).
 * Returns the chunks indexed per second.
 */
export async function benchMeaningIndex(
  pages: number,
  { threads, model = 'static' }: { threads?: number; model?: BuiltinModel } = {},
): Promise<number> {
  const next = random(pages)
  const { t } = await benchSpace(Array.from({ length: pages }, (_, i) => page(i, next)))
  const builtin = createBuiltinEmbedder({ model, ...(threads === undefined ? {} : { threads }) })
  const deps: Deps = { ...t.deps, embedders: { ...t.deps.embedders, builtin } }
  const index = deps.store.index.forSpace(1)
  try {
    await index.setState({ meaning: false })
    let started = performance.now()
    await catchUpIndexes(deps)
    await deps.indexQueue.idle()
    const words = performance.now() - started
    // The model's threads are started before the clock does, as in a server that has answered a search.
    await builtin.embed(Array.from({ length: 32 }, (_, i) => `Warm up ${i}.`))

    await index.setState({ meaning: true })
    const vectors = deps.vectorIndex(builtin.dimensions).forSpace(1)
    const cpu = process.cpuUsage()
    started = performance.now()
    const progress = setInterval(() => {
      void vectors.counts().then(({ files, chunks }) => {
        const at = ((performance.now() - started) / 1000).toFixed(0)
        console.log(`    after ${at} s: ${files} files, ${chunks} chunks`)
      })
    }, 30_000)
    try {
      await catchUpIndexes(deps)
      // The vectors fill in a lane of their own, after the words.
      await deps.indexQueue.idle()
    } finally {
      clearInterval(progress)
    }
    const seconds = (performance.now() - started) / 1000
    // The process's processor time, all threads: below threads × wall time when the machine is shared.
    const { user, system } = process.cpuUsage(cpu)
    const cpuSeconds = (user + system) / 1e6
    const { files, chunks } = await vectors.counts()
    const used =
      model === 'static'
        ? 'in the indexing thread'
        : `threads: ${threads ?? `default, ${availableParallelism()} cores`}`
    console.log(`  word index build: ${(words / 1000).toFixed(1)} s for ${pages} pages`)
    console.log(
      `  meaning index build, ${model} model (${builtin.id}): ${seconds.toFixed(1)} s for ${pages} pages ` +
        `(${files} files, ${chunks} chunks): ${(pages / seconds).toFixed(1)} pages/s, ` +
        `${(chunks / seconds).toFixed(0)} chunks/s, ${((seconds * 1000) / chunks).toFixed(2)} ms per chunk [${used}]`,
    )
    console.log(
      `  processor time: ${cpuSeconds.toFixed(1)} s, ${((cpuSeconds * 1000) / chunks).toFixed(1)} ms per chunk, ` +
        `${(cpuSeconds / seconds).toFixed(2)} cores busy on average`,
    )
    return chunks / seconds
  } finally {
    await builtin.close()
    await t.close()
  }
}

/**
 * The transformer's chunks per second on a sample of the same pages' chunks (heading and text, as the
 * indexer embeds them), on its default threads: the anchor the static model's build is compared with.
 */
export async function benchTransformerChunks(pages: number, sampled: number): Promise<number> {
  const next = random(pages)
  const texts = Array.from({ length: pages }, (_, i) => page(i, next))
    .filter((_, i) => i % Math.max(1, Math.floor(pages / sampled)) === 0)
    .flatMap(({ path, text }) => chunkPage(path, text).map((c) => `${c.heading}\n${c.text}`))
  const transformer = createBuiltinEmbedder({ model: 'transformer' })
  try {
    await transformer.embed(Array.from({ length: 32 }, (_, i) => `Warm up ${i}.`))
    const started = performance.now()
    for (let i = 0; i < texts.length; i += 64) await transformer.embed(texts.slice(i, i + 64))
    const seconds = (performance.now() - started) / 1000
    const rate = texts.length / seconds
    console.log(
      `  transformer (builtin:use-lite-512) on ${texts.length} chunks of ${sampled} of those pages: ` +
        `${rate.toFixed(1)} chunks/s, ${((seconds * 1000) / texts.length).toFixed(1)} ms per chunk ` +
        `[threads: default, ${availableParallelism()} cores]; ${pages} pages at that rate: ` +
        `${((pages / sampled) * seconds).toFixed(0)} s`,
    )
    return rate
  } finally {
    await transformer.close()
  }
}

/** The static model's build at `pages` pages beside the transformer's rate in the same run. */
export async function benchMeaningModels(pages: number): Promise<void> {
  const fast = await benchMeaningIndex(pages)
  const slow = await benchTransformerChunks(pages, 300)
  console.log(`  static ÷ transformer: ${(fast / slow).toFixed(1)}× the chunks per second`)
}

// `node bench/meaning-index.ts [pages] [threads]` runs this bench alone (with threads: the transformer's build).
if (import.meta.main) {
  const [pages, threads] = process.argv.slice(2).map(Number)
  if (threads) await benchMeaningIndex(pages || 1_000, { threads, model: 'transformer' })
  else await benchMeaningModels(pages || 1_000)
}

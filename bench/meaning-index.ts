import { availableParallelism } from 'node:os'
import { createBuiltinEmbedder } from '../shared/adapters/embed/builtin-embedder.ts'
import type { Deps } from '../shared/ports/deps.ts'
import { catchUpIndexes } from '../shared/services/search/rebuild-indexes.ts'
import { page, random } from './search.ts'
import { benchSpace } from './setup.ts'

/**
 * Building a space's index by meaning with the built-in model at `pages` pages (the pages of the
 * search bench), on `threads` model threads (the embedder's default when not given): the words are
 * indexed first, with meaning off, then meaning is turned on and the whole space embedded, as when a
 * space is first indexed or the model changes. The files and chunks the space's meaning index state reports
 * are printed as they grow.
 */
export async function benchMeaningIndex(
  pages: number,
  { threads }: { threads?: number } = {},
): Promise<void> {
  const next = random(pages)
  const { t } = await benchSpace(Array.from({ length: pages }, (_, i) => page(i, next)))
  const builtin = createBuiltinEmbedder(threads === undefined ? {} : { threads })
  const deps: Deps = { ...t.deps, embedders: { ...t.deps.embedders, builtin } }
  const index = deps.store.index.forSpace(1)
  try {
    await index.setState({ meaning: false })
    let started = performance.now()
    await catchUpIndexes(deps)
    const words = performance.now() - started
    // The model's threads are started before the clock does, as in a server that has answered a search.
    await builtin.embed(Array.from({ length: 32 }, (_, i) => `Warm up ${i}.`))

    await index.setState({ meaning: true })
    const vectors = deps.vectorIndex(512).forSpace(1)
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
    } finally {
      clearInterval(progress)
    }
    const seconds = (performance.now() - started) / 1000
    // The process's processor time, all threads: below threads × wall time when the machine is shared.
    const { user, system } = process.cpuUsage(cpu)
    const cpuSeconds = (user + system) / 1e6
    const { files, chunks } = await vectors.counts()
    const used = threads ?? `default, ${availableParallelism()} cores`
    console.log(`  word index build: ${(words / 1000).toFixed(1)} s for ${pages} pages`)
    console.log(
      `  meaning index build: ${seconds.toFixed(1)} s for ${pages} pages (${files} files, ${chunks} chunks): ` +
        `${(pages / seconds).toFixed(1)} pages/s, ${((seconds * 1000) / chunks).toFixed(1)} ms per chunk ` +
        `[threads: ${used}]`,
    )
    console.log(
      `  processor time: ${cpuSeconds.toFixed(1)} s, ${((cpuSeconds * 1000) / chunks).toFixed(1)} ms per chunk, ` +
        `${(cpuSeconds / seconds).toFixed(2)} cores busy on average`,
    )
  } finally {
    await builtin.close()
    await t.close()
  }
}

// `node bench/meaning-index.ts [pages] [threads]` runs this bench alone.
if (import.meta.main) {
  const [pages, threads] = process.argv.slice(2).map(Number)
  await benchMeaningIndex(pages || 1_000, threads ? { threads } : {})
}

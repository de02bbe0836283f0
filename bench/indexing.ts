import { monitorEventLoopDelay } from 'node:perf_hooks'
import { requestIndex } from '../shared/services/search/index-space.ts'
import { benchSpace } from './setup.ts'

/**
 * Indexing a space by words and links after `pages` pages arrived at once (a first push, an
 * import), as the requests of everyone else wait for the thread: how long it took, and the
 * longest the event loop was held meanwhile. Its meaning index is off: vectors fill in a lane
 * of their own.
 */
export async function benchIndexing(pages: number): Promise<void> {
  const { t, root } = await benchSpace(
    Array.from({ length: pages }, (_, n) => ({
      path: `content/folder-${n % 20}/page-${n}.md`,
      text:
        `---\nowner: ada\n---\n# Page ${n}\n\nAbout topic ${n % 97}, see [the next](page-${n + 20}.md) and [[page-${(n * 7) % pages}]].\n\n` +
        `${'A line of the page, as a handbook has many of them, with its own words. '.repeat(15)}\n`,
    })),
  )
  try {
    await t.call('PUT', '/organizations/bench/spaces/wiki/semantic', {
      token: root,
      body: { enabled: false },
    })
    const found = await t.deps.store.spaceById(1)
    if (!found) throw new Error('no space')
    const delay = monitorEventLoopDelay({ resolution: 5 })
    delay.enable()
    const started = performance.now()
    await requestIndex(t.deps, found.space)
    await t.deps.indexQueue.idle()
    const took = performance.now() - started
    delay.disable()
    console.log(
      `Index by words and links, ${pages} new pages: ${(took / 1000).toFixed(1)} s, event loop held at most ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms)`,
    )
  } finally {
    await t.close()
  }
}

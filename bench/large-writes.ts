import { monitorEventLoopDelay } from 'node:perf_hooks'
import { FILE_MAX_BYTES } from '../shared/domain/limits.ts'
import { BENCH_TOKEN, startBenchServer } from './setup.ts'

/** A text page of about `bytes` bytes. */
function textOf(bytes: number): string {
  const line = (i: number) => `line ${i} of a long page about backups and deploys.`
  return Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => line(i))
    .join('\n')
    .slice(0, bytes)
}

/**
 * Large writes through the API, and how long each held the thread that answers every request: the
 * longest event-loop delay seen while the request ran (a real server in this process; the body is
 * built before timing starts).
 */
export async function benchLargeWrites(): Promise<void> {
  const server = await startBenchServer()
  try {
    await server.api('POST', '/organizations', { slug: 'bench', name: 'Bench', join: true })
    await server.api('POST', '/organizations/bench/spaces', { slug: 'big', name: 'Big' })
    for (const size of [1024 * 1024, 5 * 1024 * 1024, FILE_MAX_BYTES]) {
      for (const kind of ['binary', 'text'] as const) {
        const bytes = Buffer.alloc(size)
        if (kind === 'binary') for (let i = 0; i < size; i++) bytes[i] = (i * 7919) % 251
        const body = JSON.stringify(
          kind === 'binary' ? { content_base64: bytes.toString('base64') } : { content: textOf(size) },
        )
        const path = `big-${kind}-${size}.${kind === 'binary' ? 'bin' : 'md'}`
        const delay = monitorEventLoopDelay({ resolution: 5 })
        delay.enable()
        const started = performance.now()
        const response = await fetch(`${server.url}/api/v1/organizations/bench/spaces/big/files/${path}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json' },
          body,
        })
        await response.arrayBuffer()
        const took = performance.now() - started
        delay.disable()
        if (response.status !== 201) throw new Error(`large write failed: ${response.status}`)
        // Then the indexing that follows the write, in the background of the same process.
        const indexing = monitorEventLoopDelay({ resolution: 5 })
        indexing.enable()
        const indexStarted = performance.now()
        await server.deps.indexQueue.idle()
        const indexed = performance.now() - indexStarted
        indexing.disable()
        const label = `PUT files, ${(size / 1024 / 1024).toFixed(0)} MiB ${kind}`
        console.log(
          `${label.padEnd(30)} ${took.toFixed(0).padStart(6)} ms, loop held ${(delay.max / 1e6).toFixed(0).padStart(4)} ms; indexed in ${indexed.toFixed(0).padStart(6)} ms, loop held ${(indexing.max / 1e6).toFixed(0).padStart(4)} ms`,
        )
      }
    }
    await server.deps.indexQueue.idle()
  } finally {
    await server.close()
  }
}

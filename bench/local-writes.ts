import { startBenchServer } from './setup.ts'
import { report, time } from './stats.ts'

const WRITES = 200
const WRITERS = 8

/**
 * One-file writes through the API to a space the service keeps itself (no remote), so a write is
 * the commit and its durability alone: one writer at a time, then `WRITERS` writers at once (each
 * sample is then one writer's wait, queued behind the others in the space's queue).
 */
export async function benchLocalWrites(): Promise<void> {
  const server = await startBenchServer()
  try {
    await server.api('POST', '/organizations', { slug: 'bench', name: 'Bench', join: true })
    await server.api('POST', '/organizations/bench/spaces', { slug: 'local', name: 'Local' })
    const S = '/organizations/bench/spaces/local'
    const write = async (path: string) => {
      const response = await server.api('PUT', `${S}/files/${path}`, {
        content: `# ${path}\n\nWritten through the API.\n`,
      })
      if (response.status !== 201)
        throw new Error(`write failed: ${response.status} ${await response.text()}`)
    }
    // Warm-up runs count too: every write creates a page of its own.
    let n = 0
    report(
      'API write: PUT files, local space, one writer',
      await time(WRITES, () => write(`one/p-${n++}.md`)),
    )
    const concurrent: number[] = []
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        let m = 0
        concurrent.push(...(await time(WRITES / WRITERS, () => write(`many/w${w}/p-${m++}.md`), 2)))
      }),
    )
    report(`API write: PUT files, local space, ${WRITERS} writers at once`, concurrent)
  } finally {
    await server.close()
  }
}

import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const LOGGER = new URL('./logger.ts', import.meta.url).pathname

/**
 * Runs `script` in a Node process of its own with `log` (the server's logger on stdout) in scope,
 * and gives back each stdout line with the time it arrived.
 */
async function run(script: string): Promise<{ line: Record<string, unknown>; at: number }[]> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { createLogger } = await import(${JSON.stringify(LOGGER)}); const log = createLogger('info'); ${script}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const lines: { line: Record<string, unknown>; at: number }[] = []
  let rest = ''
  child.stdout.on('data', (chunk: Buffer) => {
    rest += chunk.toString()
    const parts = rest.split('\n')
    rest = parts.pop() ?? ''
    for (const part of parts) {
      lines.push({ line: JSON.parse(part) as Record<string, unknown>, at: Date.now() })
    }
  })
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  expect(code).toBe(0)
  return lines
}

describe('the server log on stdout', () => {
  it('writes a line within a fraction of a second while the server idles', async () => {
    const started = Date.now()
    const lines = await run(`log.info({}, 'listening'); setTimeout(() => process.exit(0), 3000)`)
    expect(lines.map(({ line }) => line.msg)).toEqual(['listening'])
    // Well before the process ends 3 s later: lines wait at most a fifth of a second.
    expect((lines[0]?.at ?? Infinity) - started).toBeLessThan(2500)
  })

  it('loses no line written just before the process exits or fails', async () => {
    const exiting = await run(
      `for (let i = 0; i < 500; i++) log.info({ i }, 'request'); log.error({}, 'last'); process.exit(0)`,
    )
    expect(exiting).toHaveLength(501)
    expect(exiting.at(-1)?.line).toMatchObject({ level: 50, msg: 'last' })
  })
})

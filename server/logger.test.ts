import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const LOGGER = new URL('./logger.ts', import.meta.url).pathname

/**
 * Runs `script` in a Node process of its own with `log` (the server's logger on stdout, made by
 * `make`) in scope, and gives back each stdout line with the time it arrived.
 */
async function output(
  script: string,
  make = `createLogger('info')`,
): Promise<{ text: string; at: number }[]> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { createLogger } = await import(${JSON.stringify(LOGGER)}); const log = ${make}; ${script}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const lines: { text: string; at: number }[] = []
  let rest = ''
  child.stdout.on('data', (chunk: Buffer) => {
    rest += chunk.toString()
    const parts = rest.split('\n')
    rest = parts.pop() ?? ''
    for (const part of parts) lines.push({ text: part, at: Date.now() })
  })
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  expect(code).toBe(0)
  return lines
}

/** The JSON lines `script` writes, parsed. */
async function run(script: string): Promise<{ line: Record<string, unknown>; at: number }[]> {
  return (await output(script)).map(({ text, at }) => ({
    line: JSON.parse(text) as Record<string, unknown>,
    at,
  }))
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

describe('the server log for a person at a terminal (SERVICE_LOG_FORMAT=pretty)', () => {
  const pretty = `createLogger('info', undefined, 'pretty')`

  it('writes one readable line per entry: time, level, message, then key=value, secrets still hidden', async () => {
    const lines = await output(
      `log.info({ url: 'http://127.0.0.1:8080', dataDir: '/srv/my wiki', apiDocs: false, token: 'qpat_secret' }, 'listening');
       log.unredacted().warn({ method: 'GET', path: '/api/v1/me', status: 401, user: undefined }, 'request');
       process.exit(0)`,
      pretty,
    )
    expect(lines.map(({ text }) => text)).toEqual([
      expect.stringMatching(
        /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] INFO: listening url=http:\/\/127\.0\.0\.1:8080 dataDir="\/srv\/my wiki" apiDocs=false token=\[redacted\]$/,
      ),
      expect.stringMatching(/^\[[^\]]+\] WARN: request method=GET path=\/api\/v1\/me status=401$/),
    ])
    // Not a terminal here: no colour codes.
    expect(lines.some(({ text }) => text.includes('\u001b['))).toBe(false)
  })

  it('names an error on its line and gives its stack below, and loses no line at exit', async () => {
    const lines = await output(
      `for (let i = 0; i < 200; i++) log.info({ i }, 'request');
       log.error({ err: new TypeError('no such space') }, 'request failed'); process.exit(0)`,
      pretty,
    )
    const failed = lines.findIndex(({ text }) => text.includes('ERROR: request failed'))
    expect(failed).toBe(200)
    expect(lines[failed]?.text).toMatch(/ERROR: request failed err="TypeError: no such space"$/)
    expect(lines[failed + 1]?.text).toMatch(/^ {4}at /)
  })
})

import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeTinyModel } from '../../testing/embed/tiny-model.ts'

const run = promisify(execFile)

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-offline-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the local embedders offline', () => {
  it('load and run with every way to the network refused, in the main thread and the worker threads', async () => {
    const model = await writeTinyModel(join(dir, 'tiny-model'))
    const log = join(dir, 'network.log')
    const guard = fileURLToPath(new URL('../../testing/embed/no-network.ts', import.meta.url))
    const probe = fileURLToPath(new URL('../../testing/embed/offline-probe.ts', import.meta.url))

    const { stdout } = await run(process.execPath, ['--import', guard, probe, model.dir], {
      env: { ...process.env, QUIRE_NETWORK_LOG: log },
      timeout: 20_000,
    })

    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({
      builtin: 512,
      transformers: 8,
      guarded: true,
    })
    const lines = (await readFile(log, 'utf8')).trim().split('\n')
    // The probe's own fetch is the only attempt; the guard was armed in the process and in both threads.
    expect(lines.filter((line) => line.startsWith('attempt'))).toEqual(['attempt fetch http://127.0.0.1:9/'])
    expect(lines.filter((line) => line.startsWith('armed'))).toHaveLength(3)
  })
})

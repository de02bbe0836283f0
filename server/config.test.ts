import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const dirs: string[] = []

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The configuration over a fresh data folder, with `env` added. */
function config(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'quire-config-'))
  dirs.push(dir)
  return loadConfig({ SERVICE_DATA_DIR: dir, ...env })
}

describe('SERVICE_EMBEDDING_THREADS', () => {
  it("leaves the model's default when unset, and takes a whole number of threads", () => {
    expect(config({}).embeddingThreads).toBeUndefined()
    expect(config({ SERVICE_EMBEDDING_THREADS: ' 3 ' }).embeddingThreads).toBe(3)
  })

  it('refuses to start on anything but a whole number, 1 or more, and says which setting', () => {
    for (const value of ['0', '-1', '1.5', 'two']) {
      expect(() => config({ SERVICE_EMBEDDING_THREADS: value })).toThrow(ConfigError)
      expect(() => config({ SERVICE_EMBEDDING_THREADS: value })).toThrow(/^SERVICE_EMBEDDING_THREADS must be/)
    }
  })
})

import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const ROOT = join(import.meta.dirname, '..')
let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** Runs `server/<script>.ts` as its npm script does; its exit code and error output. */
async function command(script: string, args: string[], dataDir: string) {
  try {
    await run(process.execPath, [`server/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, SERVICE_DATA_DIR: dataDir },
    })
    return { code: 0, stderr: '' }
  } catch (error) {
    const failed = error as { code: number; stderr: string }
    return { code: failed.code, stderr: failed.stderr }
  }
}

describe('a command given a data folder that holds no installation (a typing mistake)', () => {
  it('says so and makes nothing there: no folder, no key, no database', async () => {
    dir = mkdtempSync(join(tmpdir(), 'quire-mistyped-'))
    const mistyped = join(dir, 'quire-dta')
    expect(await command('reindex', [], mistyped)).toEqual({
      code: 2,
      stderr: `no installation at ${mistyped}: SERVICE_DATA_DIR names the one to reindex\n`,
    })
    expect(await command('migrate', ['--to', 'postgres://quire@127.0.0.1:1/quire'], mistyped)).toEqual({
      code: 2,
      stderr: `no SQLite database at ${join(mistyped, 'service.db')}: SERVICE_DATA_DIR names the installation to copy\n`,
    })
    expect(existsSync(mistyped)).toBe(false)
  }, 30_000)
})

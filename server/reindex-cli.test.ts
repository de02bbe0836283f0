import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { markMoved } from './moved-marker.ts'
import { startInProcess } from './testing/in-process-server.ts'

const run = promisify(execFile)
const ROOT = join(import.meta.dirname, '..')
const TOKEN = 'reindex-cli-admin-token-0123456789'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quire-reindex-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** `npm run reindex` on these settings: its exit code and what it wrote. */
async function reindex(
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['server/reindex.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string }
  }
}

describe('npm run reindex', () => {
  it('leaves alone a SQLite file moved to PostgreSQL, saying so in one line', async () => {
    const dataDir = join(dir, 'data')
    await (await startInProcess(dataDir, TOKEN)).server.close()
    markMoved(dataDir, 'postgres://quire:secret@db.internal:5432/quire', new Date('2026-11-30T10:00:00Z'))
    const before = statSync(join(dataDir, 'service.db')).mtimeMs
    const done = await reindex({ SERVICE_DATA_DIR: dataDir })
    expect(done.code).toBe(1)
    expect(done.stderr).toMatch(
      /^the indexes cannot be rebuilt: npm run reindex would run on the SQLite database of .+, moved to postgres:\/\/quire@db\.internal:5432\/quire/,
    )
    expect(done.stderr.trim().split('\n')).toHaveLength(1)
    expect(statSync(join(dataDir, 'service.db')).mtimeMs).toBe(before)
  }, 60_000)

  it('says in one line that the database does not answer', async () => {
    const done = await reindex({
      SERVICE_DATA_DIR: join(dir, 'data'),
      SERVICE_DATABASE_URL: 'postgres://quire:secret@127.0.0.1:1/quire',
    })
    expect(done.code).toBe(1)
    expect(done.stderr).toMatch(
      /^the indexes cannot be rebuilt: the database at SERVICE_DATABASE_URL does not answer/,
    )
    expect(done.stderr).not.toMatch(/\n\s+at /)
  }, 60_000)
})

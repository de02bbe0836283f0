import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { RunningServer } from './start.ts'
import { startInProcess } from './testing/in-process-server.ts'
import { launchServer } from './testing/server-process.ts'

const TOKEN = 'foreign-repos-admin-token-0123456789'

/** Git's own answer, run in `dir`. */
const git = (dir: string, ...args: string[]) =>
  execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()

let server: RunningServer | undefined
let dataDir: string | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** A data folder with one space holding a page, as a backup restores it; the server stopped. */
async function folderWithSpace(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-foreign-'))
  const started = await startInProcess(dir, TOKEN)
  await started.api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
  await started.api('POST', '/organizations/acme/spaces', { slug: 'wiki', name: 'Wiki' })
  await started.api('PUT', '/organizations/acme/spaces/wiki/files/plans.md', { content: '# Plans\n' })
  await started.server.close()
  return dir
}

describe('repositories the database does not know', () => {
  it('refuse a start on a database with no space, saying what to check, and makes no admin', async () => {
    dataDir = await folderWithSpace()
    // The database is not this folder's (another address, a restore half done): here, a new one.
    rmSync(join(dataDir, 'service.db'))
    rmSync(join(dataDir, 'initial-admin-password'))
    const tip = git(join(dataDir, 'repos', '1.git'), 'rev-parse', 'main')
    const child = launchServer(dataDir, { SERVICE_ADMIN_TOKEN: TOKEN, SERVICE_LOG_FORMAT: 'json' })
    child.listening.catch(() => {})
    expect(await child.exited).toBe(1)
    const output = child.output()
    expect(output).toContain(
      'the server cannot start: the data folder keeps 1 space repositories (repos/1.git) but the database is new',
    )
    expect(output).toContain('Check SERVICE_DATABASE_URL')
    expect(output).not.toMatch(/\n\s+at /)
    expect(git(join(dataDir, 'repos', '1.git'), 'rev-parse', 'main')).toBe(tip)
    expect(existsSync(join(dataDir, 'initial-admin-password'))).toBe(false)
  })

  it('left by a space whose deletion was cut short, are only named: a database in use starts', async () => {
    dataDir = await folderWithSpace()
    const repos = join(dataDir, 'repos')
    git(repos, 'clone', '-q', '--bare', join(repos, '1.git'), 'kept.git')
    let started = await startInProcess(dataDir, TOKEN)
    await started.api('DELETE', '/organizations/acme/spaces/wiki')
    await started.server.close()
    // The folder outlived its row (a crash between the two): no space is left in the database.
    rmSync(join(repos, '1.git'), { recursive: true, force: true })
    execFileSync('mv', [join(repos, 'kept.git'), join(repos, '1.git')])
    const lines: string[] = []
    started = await startInProcess(dataDir, TOKEN, { lines })
    server = started.server
    expect(lines.join('')).toContain('repository of no space in the database')
    expect((await started.api('GET', '/organizations/acme/spaces')).status).toBe(200)
  })

  it('are told at start and set aside, never deleted, when a new space takes their id', async () => {
    dataDir = await folderWithSpace()
    // A repository whose space the database does not hold (a database restored from before it).
    const repos = join(dataDir, 'repos')
    git(repos, 'clone', '-q', '--bare', join(repos, '1.git'), '2.git')
    const kept = git(join(repos, '2.git'), 'rev-parse', 'main')
    const lines: string[] = []
    const started = await startInProcess(dataDir, TOKEN, { lines })
    server = started.server
    expect(lines.join('')).toContain('repository of no space in the database')
    expect(lines.join('')).toContain('repos/2.git')
    const created = await started.api('POST', '/organizations/acme/spaces', { slug: 'again', name: 'Again' })
    expect(created.status).toBe(201)
    const aside = readdirSync(repos).filter((name) => name.startsWith('2.git.set-aside-'))
    expect(aside).toHaveLength(1)
    expect(git(join(repos, aside[0] as string), 'rev-parse', 'main')).toBe(kept)
    expect(((await created.json()) as { slug: string }).slug).toBe('again')
    const page = await started.api('GET', '/organizations/acme/spaces/again/files/plans.md')
    expect(page.status).toBe(404)
  })
})

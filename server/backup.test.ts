import { execFile, spawn } from 'node:child_process'
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import * as tar from 'tar'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { describePostgres, freshPostgresUrl } from '#shared/testing/postgres.ts'
import { startInProcess } from './testing/in-process-server.ts'
import { callApi, launchServer, type ServerProcess } from './testing/server-process.ts'

const run = promisify(execFile)
const ROOT = join(import.meta.dirname, '..')
const TOKEN = 'backup-test-admin-token-0123456789'
const SPACES = ['alpha', 'beta']
const WRITERS_PER_SPACE = 3

let dir: string
const servers: ServerProcess[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quire-backup-'))
})
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.child.kill('SIGKILL')
    await server.exited
  }
  rmSync(dir, { recursive: true, force: true })
})

/** Runs `server/<script>.ts` as `npm run <script>` does; resolves with its exit code and output. */
async function cli(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [`server/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

async function start(dataDir: string): Promise<string> {
  const server = launchServer(dataDir, { SERVICE_ADMIN_TOKEN: TOKEN })
  servers.push(server)
  return server.listening
}

const pageUrl = (space: string, path: string) => `/organizations/acme/spaces/${space}/files/${path}`

/** The commits named in a restored database that its space's repository lacks. */
async function missingCommits(dataDir: string): Promise<string[]> {
  const db = new Database(join(dataDir, 'service.db'), { readonly: true })
  const named = db
    .prepare(
      `select space_id as space, "commit" as oid from index_state where "commit" is not null
       union select space_id, vectors_commit from index_state where vectors_commit is not null
       union select space_id, "commit" from page_commits
       union select space_id, "commit" from changed_pages
       union select space_id, change_base from space_git where change_base is not null
       union select space_id, change_cursor from space_git where change_cursor is not null`,
    )
    .all() as { space: number; oid: string }[]
  db.close()
  const missing: string[] = []
  for (const { space, oid } of named) {
    const gitdir = join(dataDir, 'repos', `${space}.git`)
    await run('git', ['--git-dir', gitdir, 'cat-file', '-e', `${oid}^{commit}`]).catch(() =>
      missing.push(`${space}:${oid}`),
    )
  }
  return missing
}

describe('npm run backup and npm run restore', () => {
  it('back up a server under concurrent writes; the restore starts with every page acknowledged before, and git fsck is clean', async () => {
    const dataDir = join(dir, 'data')
    const url = await start(dataDir)
    expect(
      (await callApi(url, TOKEN, 'POST', '/organizations', { slug: 'acme', name: 'Acme', join: true }))
        .status,
    ).toBe(201)
    for (const slug of SPACES)
      expect(
        (await callApi(url, TOKEN, 'POST', '/organizations/acme/spaces', { slug, name: slug })).status,
      ).toBe(201)

    /** Every acknowledged write (space/path -> content), and every content tried, in order. */
    const acknowledged = new Map<string, string>()
    const tried = new Map<string, string[]>()
    let acks = 0
    let stopping = false
    const writer = async (space: string, w: number) => {
      for (let i = 0; !stopping; i++) {
        // New pages, and one page each writer keeps replacing.
        const path = i % 3 === 2 ? `journal-${w}.md` : `w${w}/page-${i}.md`
        const content = `# Writer ${w}, write ${i}\n\n${'Words of the page. '.repeat(10)}\n`
        const key = `${space}/${path}`
        tried.set(key, [...(tried.get(key) ?? []), content])
        const response = await callApi(url, TOKEN, 'PUT', pageUrl(space, path), { content, force: true })
        await response.arrayBuffer()
        if (response.status === 200 || response.status === 201) {
          acknowledged.set(key, content)
          acks++
        }
      }
    }
    const writers = SPACES.flatMap((space) =>
      Array.from({ length: WRITERS_PER_SPACE }, (_, w) => writer(space, w)),
    )
    await new Promise((resolve) => setTimeout(resolve, 1_000))

    // What was acknowledged before the backup starts must be in it; writes go on meanwhile.
    const before = new Map(acknowledged)
    const acksBefore = acks
    const archive = join(dir, 'nightly.tar')
    const backup = await cli('backup', ['--to', archive], { SERVICE_DATA_DIR: dataDir })
    const duringBackup = acks - acksBefore
    await new Promise((resolve) => setTimeout(resolve, 200))
    stopping = true
    await Promise.all(writers)
    expect(backup).toMatchObject({ code: 0, stderr: '' })
    expect(backup.stdout).toContain('backed up 2 space(s)')
    expect(before.size).toBeGreaterThan(SPACES.length * WRITERS_PER_SPACE)
    expect(duringBackup).toBeGreaterThan(0)
    // The archive holds the key: only its owner may read it.
    expect(statSync(archive).mode & 0o777).toBe(0o600)

    const restored = join(dir, 'restored')
    const restore = await cli('restore', ['--from', archive, '--data', restored])
    expect(restore).toMatchObject({ code: 0, stderr: '' })
    expect(restore.stdout).toContain(`SERVICE_DATA_DIR=${restored} npm start`)
    expect(statSync(join(restored, 'secret.key')).mode & 0o777).toBe(0o600)
    expect(statSync(restored).mode & 0o777).toBe(0o700)
    expect(readFileSync(join(restored, 'secret.key'), 'utf8')).toBe(
      readFileSync(join(dataDir, 'secret.key'), 'utf8'),
    )
    const manifest = JSON.parse(
      readFileSync(join(restored, 'manifest.json'), 'utf8'),
    ) as import('./backup-archive.ts').BackupManifest
    expect(manifest).toMatchObject({
      format: 'quire-backup',
      database: 'sqlite',
      sensitive: ['secret.key', 'service.db'],
    })
    expect(manifest.spaces.map((s) => `${s.organization}/${s.slug}`)).toEqual(['acme/alpha', 'acme/beta'])

    // Git's own verdict on each restored repository, and every commit the database names is there.
    for (const space of manifest.spaces) {
      const gitdir = join(restored, 'repos', `${space.id}.git`)
      await run('git', ['--git-dir', gitdir, 'fsck', '--strict', '--no-dangling'])
      const { stdout } = await run('git', ['--git-dir', gitdir, 'rev-parse', space.branch])
      expect(stdout.trim()).toBe(space.commit)
    }
    expect(await missingCommits(restored)).toEqual([])

    // The original stops; the restored folder starts on its own and has every page acknowledged before.
    servers[0]?.child.kill('SIGTERM')
    await servers[0]?.exited
    const restoredUrl = await start(restored)
    const checks = await Promise.all(
      [...before].map(async ([key, content]) => {
        const [space = '', ...rest] = key.split('/')
        const response = await callApi(restoredUrl, TOKEN, 'GET', pageUrl(space, rest.join('/')))
        const text = response.status === 200 ? ((await response.json()) as { text: string }).text : undefined
        // A page replaced during the backup may hold a later version, never an older one.
        const versions = tried.get(key) ?? []
        const same = text !== undefined && versions.indexOf(text) >= versions.indexOf(content)
        return { key, status: response.status, same }
      }),
    )
    expect(checks.filter((check) => !check.same)).toEqual([])
    for (const space of SPACES) {
      const response = await callApi(restoredUrl, TOKEN, 'PUT', pageUrl(space, 'after-restore.md'), {
        content: '# After the restore\n',
      })
      expect(response.status).toBe(201)
    }

    // An empty folder that already exists (a mounted volume, say) is restored into as well.
    const mounted = join(dir, 'mounted')
    mkdirSync(mounted)
    expect((await cli('restore', ['--from', archive, '--data', mounted])).code).toBe(0)
    expect(readdirSync(mounted).sort()).toEqual(['manifest.json', 'repos', 'secret.key', 'service.db'])
    expect(statSync(mounted).mode & 0o777).toBe(0o700)

    // A second restore into the folder now in use is refused, and leaves it as it was.
    const files = readdirSync(restored).sort()
    const again = await cli('restore', ['--from', archive, '--data', restored])
    expect(again.code).toBe(1)
    expect(again.stderr).toBe(
      `restore failed: ${restored} is not empty: restore into a new or empty folder\n`,
    )
    expect(readdirSync(restored).sort()).toEqual(files)
    // And a backup never overwrites a file.
    const twice = await cli('backup', ['--to', archive], { SERVICE_DATA_DIR: dataDir })
    expect(twice).toMatchObject({
      code: 1,
      stderr: `backup failed: ${archive} already exists: choose a new file name\n`,
    })
  }, 60_000)

  it('says which space it could not back up, its repository lost, and exits non-zero', async () => {
    const dataDir = join(dir, 'data')
    const started = await startInProcess(dataDir, TOKEN)
    await started.api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
    for (const slug of SPACES) await started.api('POST', '/organizations/acme/spaces', { slug, name: slug })
    await started.server.close()
    renameSync(join(dataDir, 'repos', '2.git'), join(dir, 'beta-elsewhere.git'))
    const archive = join(dir, 'partial-backup.tar')
    const done = await cli('backup', ['--to', archive], { SERVICE_DATA_DIR: dataDir })
    expect(done.code).toBe(3)
    expect(done.stdout).toContain(`backed up 1 space(s) to ${archive}`)
    expect(done.stderr).toBe(
      `warning: space #2 (acme/beta) has no repository in ${dataDir}/repos: it is not in this backup; restore it from an earlier backup or its remote\n`,
    )
  }, 60_000)

  it('leaves out a secret.key that a key set in the environment replaces: it is not the one in use', async () => {
    const dataDir = join(dir, 'data')
    const started = await startInProcess(dataDir, TOKEN)
    await started.server.close()
    const archive = join(dir, 'env-key.tar')
    const done = await cli('backup', ['--to', archive], {
      SERVICE_DATA_DIR: dataDir,
      SERVICE_SECRET_KEY: 'a key set in the environment, long enough',
    })
    expect(done.code).toBe(0)
    expect(done.stdout).toContain('the secret key is SERVICE_SECRET_KEY and is not in the archive')
    const names: string[] = []
    await tar.list({ file: archive, onReadEntry: (entry) => names.push(entry.path) })
    expect(names).not.toContain('secret.key')
  }, 60_000)

  it('reads a key given as a file as the server does, and leaves it out too', async () => {
    const dataDir = join(dir, 'data')
    const started = await startInProcess(dataDir, TOKEN)
    await started.server.close()
    const keyFile = join(dir, 'key')
    writeFileSync(keyFile, 'a key set in a file for the container, long enough\n')
    const archive = join(dir, 'file-key.tar')
    const done = await cli('backup', ['--to', archive], {
      SERVICE_DATA_DIR: dataDir,
      SERVICE_SECRET_KEY_FILE: keyFile,
    })
    expect(done).toMatchObject({ code: 0, stderr: '' })
    expect(done.stdout).toContain('is not in the archive')
    const names: string[] = []
    await tar.list({ file: archive, onReadEntry: (entry) => names.push(entry.path) })
    expect(names).not.toContain('secret.key')
  }, 60_000)

  it('lists the mail waiting in files among the sensitive entries: it holds sign-in and reset links', async () => {
    const dataDir = join(dir, 'data')
    const started = await startInProcess(dataDir, TOKEN)
    await started.server.close()
    mkdirSync(join(dataDir, 'outbox'))
    writeFileSync(
      join(dataDir, 'outbox', 'reset.eml'),
      'Subject: Reset\n\nhttps://wiki.example/reset#token\n',
    )
    const archive = join(dir, 'with-mail.tar')
    expect((await cli('backup', ['--to', archive], { SERVICE_DATA_DIR: dataDir })).code).toBe(0)
    const unpacked = join(dir, 'unpacked')
    mkdirSync(unpacked)
    await tar.x({ file: archive, cwd: unpacked }, ['manifest.json'])
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as {
      sensitive: string[]
    }
    expect(manifest.sensitive).toEqual(['secret.key', 'service.db', 'outbox'])
  }, 60_000)

  it('stopped half-way (Ctrl-C, SIGTERM), leaves nothing behind beside the archive', async () => {
    const dataDir = join(dir, 'data')
    const started = await startInProcess(dataDir, TOKEN)
    await started.server.close()
    // Enough mail waiting in files for the copy to take a moment.
    mkdirSync(join(dataDir, 'outbox'))
    for (let i = 0; i < 4000; i++) writeFileSync(join(dataDir, 'outbox', `${i}.eml`), 'x'.repeat(2048))
    const backups = join(dir, 'backups')
    mkdirSync(backups)
    const child = spawn(process.execPath, ['server/backup.ts', '--to', join(backups, 'stopped.tar')], {
      cwd: ROOT,
      env: { ...process.env, SERVICE_DATA_DIR: dataDir },
      stdio: 'ignore',
    })
    const exited = new Promise<string | number | null>((done) =>
      child.once('exit', (code, signal) => done(signal ?? code)),
    )
    await expect.poll(() => readdirSync(backups).length, { timeout: 20_000, interval: 5 }).toBeGreaterThan(0)
    child.kill('SIGTERM')
    expect(await exited).toBe('SIGTERM')
    expect(readdirSync(backups)).toEqual([])
  }, 60_000)

  it('a restore stopped half-way (Ctrl-C, SIGTERM) leaves the folder empty, for the next try', async () => {
    const dataDir = join(dir, 'data')
    const started = await startInProcess(dataDir, TOKEN)
    await started.server.close()
    // Enough mail waiting in files for the unpacking to take a moment.
    mkdirSync(join(dataDir, 'outbox'))
    for (let i = 0; i < 4000; i++) writeFileSync(join(dataDir, 'outbox', `${i}.eml`), 'x'.repeat(2048))
    const archive = join(dir, 'big.tar')
    expect((await cli('backup', ['--to', archive], { SERVICE_DATA_DIR: dataDir })).code).toBe(0)
    // An empty folder, as a mount point is: the copy is unpacked inside it.
    const mounted = join(dir, 'mounted')
    mkdirSync(mounted)
    const child = spawn(process.execPath, ['server/restore.ts', '--from', archive, '--data', mounted], {
      cwd: ROOT,
      stdio: 'ignore',
    })
    const exited = new Promise<string | number | null>((done) =>
      child.once('exit', (code, signal) => done(signal ?? code)),
    )
    await expect.poll(() => readdirSync(mounted).length, { timeout: 20_000, interval: 5 }).toBeGreaterThan(0)
    child.kill('SIGINT')
    expect(await exited).toBe('SIGINT')
    expect(readdirSync(mounted)).toEqual([])
  }, 60_000)

  it('refuses bad archives and bad arguments with one clear line, never a stack trace', async () => {
    const target = join(dir, 'target')
    const noise = join(dir, 'noise.tar')
    writeFileSync(noise, 'this is not an archive at all\n'.repeat(40))
    const notTar = await cli('restore', ['--from', noise, '--data', target])
    expect(notTar.code).toBe(1)
    expect(notTar.stderr).toMatch(/^restore failed: .*noise\.tar is not a readable tar archive/)

    // A tar archive, but not a backup.
    mkdirSync(join(dir, 'other'))
    writeFileSync(join(dir, 'other', 'notes.txt'), 'hello\n')
    const other = join(dir, 'other.tar')
    await tar.create({ file: other, cwd: join(dir, 'other') }, ['notes.txt'])
    const foreign = await cli('restore', ['--from', other, '--data', target])
    expect(foreign).toMatchObject({
      code: 1,
      stderr: `restore failed: ${other} is not a Quire backup: it has no manifest.json\n`,
    })

    // A backup whose repository was cut short.
    mkdirSync(join(dir, 'cut'))
    writeFileSync(
      join(dir, 'cut', 'manifest.json'),
      JSON.stringify({
        format: 'quire-backup',
        version: 1,
        createdAt: new Date().toISOString(),
        database: 'postgresql',
        secretKey: 'environment',
        sensitive: [],
        spaces: [{ id: 1, branch: 'main', commit: 'a'.repeat(40) }],
      }),
    )
    const cut = join(dir, 'cut.tar')
    await tar.create({ file: cut, cwd: join(dir, 'cut') }, ['manifest.json'])
    const incomplete = await cli('restore', ['--from', cut, '--data', target])
    expect(incomplete).toMatchObject({
      code: 1,
      stderr: 'restore failed: the archive lacks the repository of space #1: it is incomplete\n',
    })
    // Cut exactly between two entries: without tar's end, it is known to be cut.
    const whole = join(dir, 'whole.tar')
    mkdirSync(join(dir, 'two'))
    const manifest = JSON.parse(readFileSync(join(dir, 'cut', 'manifest.json'), 'utf8'))
    writeFileSync(join(dir, 'two', 'manifest.json'), JSON.stringify({ ...manifest, spaces: [] }))
    writeFileSync(join(dir, 'two', 'later.txt'), 'the last entry\n')
    await tar.create({ file: whole, cwd: join(dir, 'two') }, ['manifest.json', 'later.txt'])
    const bytes = readFileSync(whole)
    const between = join(dir, 'between.tar')
    // The manifest's header and its data, padded to whole blocks: the next entry's header is gone.
    writeFileSync(between, bytes.subarray(0, 1024))
    expect(await cli('restore', ['--from', between, '--data', target])).toMatchObject({
      code: 1,
      stderr: `restore failed: ${between} is cut short: it lacks the end a whole archive has\n`,
    })
    rmSync(join(dir, 'two'), { recursive: true })
    for (const file of [whole, between]) rmSync(file)
    // A failed restore leaves no folder behind, nor anything beside it.
    expect(readdirSync(dir).sort()).toEqual(['cut', 'cut.tar', 'noise.tar', 'other', 'other.tar'])

    mkdirSync(target)
    writeFileSync(join(target, 'keep.txt'), 'mine\n')
    const nonEmpty = await cli('restore', ['--from', cut, '--data', target])
    expect(nonEmpty).toMatchObject({
      code: 1,
      stderr: `restore failed: ${target} is not empty: restore into a new or empty folder\n`,
    })
    expect(readdirSync(target)).toEqual(['keep.txt'])

    const missing = await cli('restore', ['--from', join(dir, 'nowhere.tar'), '--data', join(dir, 'fresh')])
    expect(missing).toMatchObject({
      code: 1,
      stderr: `restore failed: no archive at ${join(dir, 'nowhere.tar')}\n`,
    })
    expect(await cli('restore', ['--from', cut])).toMatchObject({
      code: 2,
      stderr: 'usage: npm run restore -- --from <file.tar> --data <new data folder>\n',
    })
    expect(await cli('backup', [])).toMatchObject({
      code: 2,
      stderr: 'usage: npm run backup -- --to <file.tar>\n',
    })
    const unknown = await cli('backup', ['--into', 'x.tar'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain("Unknown option '--into'")
    const noData = await cli('backup', ['--to', join(dir, 'b.tar')], { SERVICE_DATA_DIR: join(dir, 'none') })
    expect(noData.code).toBe(1)
    expect(noData.stderr).toMatch(/^backup failed: no data folder at /)
    for (const result of [notTar, foreign, incomplete, nonEmpty, missing, unknown, noData])
      expect(result.stderr).not.toMatch(/\n\s+at /)
  })
})

describePostgres('a backup beside PostgreSQL', () => {
  it('names a space of the database whose repository is lost, and exits non-zero, as on SQLite', async () => {
    const database = await freshPostgresUrl()
    try {
      const dataDir = join(dir, 'data')
      const started = await startInProcess(dataDir, TOKEN, { env: { SERVICE_DATABASE_URL: database.url } })
      await started.api('POST', '/organizations', { slug: 'acme', name: 'Acme', join: true })
      for (const slug of SPACES) await started.api('POST', '/organizations/acme/spaces', { slug, name: slug })
      await started.server.close()
      renameSync(join(dataDir, 'repos', '2.git'), join(dir, 'beta-elsewhere.git'))
      const archive = join(dir, 'partial-backup.tar')
      const done = await cli('backup', ['--to', archive], {
        SERVICE_DATA_DIR: dataDir,
        SERVICE_DATABASE_URL: database.url,
      })
      expect(done.code).toBe(3)
      expect(done.stdout).toContain(`backed up 1 space(s) to ${archive}`)
      expect(done.stderr).toContain('warning: space #2 (acme/beta) has no repository')
    } finally {
      await database.drop()
    }
  }, 60_000)
})

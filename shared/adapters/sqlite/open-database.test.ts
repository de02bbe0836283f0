import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from './open-database.ts'

// Windows has no owner/group/other permission bits to check.
const posix = process.platform !== 'win32'
const modeOf = (file: string) => statSync(file).mode & 0o777

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quire-open-db-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const writeSomething = (sqlite: Database.Database) =>
  sqlite.prepare("INSERT INTO organizations (slug, name, created_at) VALUES ('acme', 'Acme', 0)").run()

describe('a database a newer version migrated', () => {
  it('is refused, saying what to do, and left as it was', () => {
    const file = join(dir, 'service.db')
    openDatabase(file).sqlite.close()
    const newer = new Database(file)
    newer
      .prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)')
      .run('from-a-newer-version', Date.now() + 86_400_000)
    const count = () =>
      (newer.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n
    const before = count()
    expect(() => openDatabase(file)).toThrow(
      /^the database was upgraded by a newer version of Quire \(its last change of structure is from \d{4}-\d\d-\d\d\): run that version again, or restore the backup taken before the upgrade$/,
    )
    expect(count()).toBe(before)
    newer.close()
  })
})

describe('the database files', () => {
  it.runIf(posix)('are created readable by the owner only, in a data folder only the owner can enter', () => {
    const data = join(dir, 'data')
    const file = join(data, 'service.db')
    const { sqlite } = openDatabase(file)
    writeSomething(sqlite)
    try {
      expect(modeOf(data)).toBe(0o700)
      for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(name)).toBe(0o600)
    } finally {
      sqlite.close()
    }
  })

  it.runIf(posix)('left readable by others by an earlier version are made owner-only when opened', () => {
    const file = join(dir, 'service.db')
    const old = new Database(file)
    old.pragma('journal_mode = WAL')
    old.exec('CREATE TABLE t (x)')
    for (const name of [file, `${file}-wal`, `${file}-shm`]) chmodSync(name, 0o644)
    const { sqlite } = openDatabase(file)
    writeSomething(sqlite)
    try {
      for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(name)).toBe(0o600)
    } finally {
      sqlite.close()
      old.close()
    }
  })
})

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

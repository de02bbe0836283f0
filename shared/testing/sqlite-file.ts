import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { openDatabase } from '../adapters/sqlite/open-database.ts'
import { sqliteStore } from '../adapters/sqlite/store.ts'
import type { Store } from '../ports/store.ts'

/**
 * For a test file: each test gets a database file of its own, and `connect()` opens a store on it as
 * one server or command process would (call it twice for two instances). The connections are closed
 * and the file removed after each test.
 */
export function storesOnOneFile(): () => Store {
  let dir: string
  let closers: (() => void)[] = []
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'quire-sqlite-file-'))
    closers = []
  })
  afterEach(() => {
    for (const close of closers) close()
    rmSync(dir, { recursive: true, force: true })
  })
  return () => {
    const { sqlite, db } = openDatabase(join(dir, 'service.db'))
    closers.push(() => sqlite.close())
    return sqliteStore(db)
  }
}

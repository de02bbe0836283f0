import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describePersonalPagesContract } from '../../testing/contracts/personal-pages.contract.ts'
import type { MakeStore } from '../../testing/contracts/store-fixture.ts'
import { openDatabase } from './open-database.ts'
import { sqliteStore } from './store.ts'

/** A fresh database file (migrations applied) in its own folder, removed on close. */
const makeStore: MakeStore = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quire-personal-contract-'))
  const { sqlite, db } = openDatabase(join(dir, 'service.db'))
  return {
    store: sqliteStore(db),
    close: async () => {
      sqlite.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

describePersonalPagesContract('SQLite', makeStore)

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import type { TextIndex, VectorIndex } from '../../ports/search-index.ts'
import type { IndexFixture } from '../../testing/contracts/index-fixture.ts'
import { describeTextIndexContract } from '../../testing/contracts/text-index.contract.ts'
import { describeVectorIndexContract } from '../../testing/contracts/vector-index.contract.ts'
import { openDatabase } from './open-database.ts'
import { sqliteTextIndex } from './text-index.ts'
import { sqliteVectorIndex } from './vector-index.ts'

/** A fresh database file (migrations applied) in its own folder, with an index built on it. */
async function onFreshDatabase<Index>(
  build: (sqlite: Database.Database) => Index,
): Promise<IndexFixture<Index>> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-index-contract-'))
  const { sqlite } = openDatabase(join(dir, 'service.db'))
  return {
    index: build(sqlite),
    // The SQLite search tables do not refer to the spaces table: any ids do.
    spaces: [1, 2],
    close: async () => {
      sqlite.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

describeTextIndexContract('SQLite FTS5', () => onFreshDatabase<TextIndex>(sqliteTextIndex))
describeVectorIndexContract('sqlite-vec', (dimensions) =>
  onFreshDatabase<VectorIndex>((sqlite) => sqliteVectorIndex(sqlite, dimensions)),
)

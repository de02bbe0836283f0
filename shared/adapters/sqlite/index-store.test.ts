import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../../ports/store.ts'
import { meta } from '../../testing/contracts/index-store.contract.ts'
import { seedTwoTenants } from '../../testing/contracts/store-fixture.ts'
import { openDatabase } from './open-database.ts'
import { sqliteStore } from './store.ts'

let dir: string
let closers: (() => void)[]
/** A store on the test's database file, as another instance would open it. */
const open = (): Store => {
  const { sqlite, db } = openDatabase(join(dir, 'service.db'))
  closers.push(() => sqlite.close())
  return sqliteStore(db)
}
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quire-index-store-'))
  closers = []
})
afterEach(() => {
  for (const close of closers) close()
  rmSync(dir, { recursive: true, force: true })
})

describe('page metadata read again for a search', () => {
  it('answers what this instance or another wrote since it was last asked', async () => {
    const mine = open()
    const { wiki } = await seedTwoTenants(mine)
    const other = open()
    const titles = async () =>
      (await mine.index.forSpace(wiki.id).filesAt(['a.md', 'b.md'])).map((f) => `${f.path} ${f.title}`)
    await mine.index.forSpace(wiki.id).upsert([meta('a.md', { title: 'First' })], [])
    expect(await titles()).toEqual(['a.md First'])

    await mine.index.forSpace(wiki.id).upsert([meta('a.md', { title: 'Renamed here' })], [])
    expect(await titles()).toEqual(['a.md Renamed here'])

    await other.index.forSpace(wiki.id).upsert([meta('a.md', { title: 'Renamed there' }), meta('b.md')], [])
    expect(await titles()).toEqual(['a.md Renamed there', 'b.md b.md'])

    await other.index.forSpace(wiki.id).remove(['a.md'])
    expect(await titles()).toEqual(['b.md b.md'])
  })
})

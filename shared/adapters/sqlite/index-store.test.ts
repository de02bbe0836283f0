import { describe, expect, it } from 'vitest'
import { meta } from '../../testing/contracts/index-store.contract.ts'
import { seedTwoTenants } from '../../testing/contracts/store-fixture.ts'
import { storesOnOneFile } from '../../testing/sqlite-file.ts'

/** A store on the test's database file, as another instance would open it. */
const open = storesOnOneFile()

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

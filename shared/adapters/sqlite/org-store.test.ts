import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../../ports/store.ts'
import { seedSpace } from '../../testing/contracts/store-fixture.ts'
import { openDatabase } from './open-database.ts'
import { sqliteStore } from './store.ts'

let dir: string
let close: () => void
let store: Store

const spaceIn = async (orgId: number, slug: string) => (await seedSpace(store, orgId, slug)).id

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quire-org-store-'))
  const { sqlite, db } = openDatabase(join(dir, 'service.db'))
  close = () => sqlite.close()
  store = sqliteStore(db)
})
afterEach(() => {
  close()
  rmSync(dir, { recursive: true, force: true })
})

describe('an organization’s store', () => {
  it('reads and writes its own spaces, and refuses another organization’s', async () => {
    const acme = await store.organizations.create(
      { slug: 'acme', name: 'Acme', description: '', createdAt: 0 },
      null,
    )
    const globex = await store.organizations.create(
      { slug: 'globex', name: 'Globex', description: '', createdAt: 0 },
      null,
    )
    if (!acme || !globex) throw new Error('organizations not created')
    const own = await spaceIn(acme.id, 'wiki')
    const foreign = await spaceIn(globex.id, 'secret')
    const acmeStore = store.forOrg(acme.id)

    await acmeStore.space(own).git.update({ attempts: 2 })
    expect((await acmeStore.space(own).git.get()).attempts).toBe(2)
    await acmeStore.space(own).marks.mark([{ path: 'content/a.md', sha: 'abc' }], 0)
    expect(await acmeStore.space(own).marks.get()).toEqual(new Map([['content/a.md', 'abc']]))

    const refused = /space \d+ is not in organization \d+/
    const other = acmeStore.space(foreign)
    await expect(other.git.get()).rejects.toThrow(refused)
    await expect(other.git.update({ attempts: 1 })).rejects.toThrow(refused)
    await expect(other.marks.get()).rejects.toThrow(refused)
    await expect(other.marks.resetChangeBase(null)).rejects.toThrow(refused)
    await expect(other.members.set(1, 'reader')).rejects.toThrow(refused)
    expect((await store.forOrg(globex.id).space(foreign).git.get()).attempts).toBe(0)
  })
})

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../../ports/store.ts'
import { openDatabase } from './open-database.ts'
import { sqliteStore } from './store.ts'

let dir: string
let close: () => void
let store: Store

const spaceIn = (orgId: number, slug: string) => {
  const space = store.forOrg(orgId).createSpace({
    slug,
    name: slug,
    description: '',
    repoUrl: '',
    branch: 'main',
    reviewEvery: '',
    createdAt: 0,
  })
  if (!space) throw new Error('space not created')
  return space.id
}

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
  it('reads and writes its own spaces, and refuses another organization’s', () => {
    const acme = store.organizations.create(
      { slug: 'acme', name: 'Acme', description: '', createdAt: 0 },
      null,
    )
    const globex = store.organizations.create(
      { slug: 'globex', name: 'Globex', description: '', createdAt: 0 },
      null,
    )
    if (!acme || !globex) throw new Error('organizations not created')
    const own = spaceIn(acme.id, 'wiki')
    const foreign = spaceIn(globex.id, 'secret')
    const acmeStore = store.forOrg(acme.id)

    acmeStore.updateGitState(own, { attempts: 2 })
    expect(acmeStore.gitState(own).attempts).toBe(2)
    acmeStore.markPages(own, [{ path: 'content/a.md', sha: 'abc' }], 0)
    expect(acmeStore.pageMarks(own)).toEqual(new Map([['content/a.md', 'abc']]))

    const refused = /space \d+ is not in organization \d+/
    expect(() => acmeStore.gitState(foreign)).toThrow(refused)
    expect(() => acmeStore.updateGitState(foreign, { attempts: 1 })).toThrow(refused)
    expect(() => acmeStore.pageMarks(foreign)).toThrow(refused)
    expect(() => acmeStore.resetChangeBase(foreign, null)).toThrow(refused)
    expect(() => acmeStore.setSpaceMember(foreign, 1, 'reader')).toThrow(refused)
    expect(store.forOrg(globex.id).gitState(foreign).attempts).toBe(0)
  })
})

import { afterEach, beforeEach, expect } from 'vitest'
import type { Account, Organization, Space, Store, TidyRun } from '../../ports/store.ts'
import { queuedTidyRun } from '../../services/tidy/tidy-schedule.ts'

/** A fresh, empty store and how to let go of it (close connections, remove files). */
export type StoreFixture = { store: Store; close: () => Promise<void> | void }

/** Builds a fresh store for each test; every contract suite of a Store port takes one. */
export type MakeStore = () => Promise<StoreFixture>

/**
 * Gives each test of the calling `describe` a fresh store, and closes it afterwards. The getter is
 * read inside tests only.
 */
export function freshStore(makeStore: MakeStore): () => Store {
  let fixture: StoreFixture | undefined
  beforeEach(async () => {
    fixture = await makeStore()
  })
  afterEach(async () => {
    await fixture?.close()
    fixture = undefined
  })
  return () => {
    if (!fixture) throw new Error('the store is only there inside a test')
    return fixture.store
  }
}

/** Creates an account (username taken as its display name too). */
export async function seedAccount(
  store: Store,
  username: string,
  extra: Partial<Pick<Account, 'isSuperadmin' | 'passwordHash' | 'email' | 'createdAt'>> = {},
): Promise<Account> {
  const account = await store.accounts.create({
    username,
    displayName: username,
    email: `${username}@example.com`,
    locale: null,
    isSuperadmin: false,
    passwordHash: null,
    createdAt: 0,
    ...extra,
  })
  if (!account) throw new Error(`account ${username} not created`)
  return account
}

/** Creates an organization, with `adminId` as its admin when given. */
export async function seedOrganization(
  store: Store,
  slug: string,
  adminId: number | null = null,
): Promise<Organization> {
  const org = await store.organizations.create({ slug, name: slug, description: '', createdAt: 0 }, adminId)
  if (!org) throw new Error(`organization ${slug} not created`)
  return org
}

/** Creates a space in an organization. */
export async function seedSpace(
  store: Store,
  orgId: number,
  slug: string,
  extra: Partial<Omit<Space, 'id' | 'orgId' | 'slug'>> = {},
): Promise<Space> {
  const space = await store.forOrg(orgId).spaces.create({
    slug,
    name: slug,
    description: '',
    repoUrl: '',
    branch: 'main',
    reviewEvery: '',
    createdAt: 0,
    ...extra,
  })
  if (!space) throw new Error(`space ${slug} not created`)
  return space
}

/** Two organizations with one space each, to check that neither sees the other's data. */
export async function seedTwoTenants(store: Store) {
  const acme = await seedOrganization(store, 'acme')
  const globex = await seedOrganization(store, 'globex')
  const wiki = await seedSpace(store, acme.id, 'wiki')
  const secret = await seedSpace(store, globex.id, 'secret')
  return { acme, globex, wiki, secret }
}

/** What a call answers, or that it threw; sync throws and rejections alike (ports turn async). */
export async function attempt<T>(
  call: () => T | Promise<T>,
): Promise<{ threw: true } | { threw: false; value: T }> {
  try {
    return { threw: false, value: await call() }
  } catch {
    return { threw: true }
  }
}

/** Whether a value says "nothing here": undefined, null, false, or an empty list or map. */
function isNothing(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true
  if (Array.isArray(value)) return value.length === 0
  if (value instanceof Map) return value.size === 0
  return false
}

/**
 * A call naming another tenant's thing is refused: it throws, or answers nothing. With `reveals`,
 * an answer is allowed (such as default settings) as long as it shows nothing of the other tenant's.
 */
export async function expectRefused(
  call: () => unknown,
  reveals?: (value: unknown) => boolean,
): Promise<void> {
  const outcome = await attempt(call)
  if (outcome.threw) return
  if (reveals) expect(reveals(outcome.value)).toBe(false)
  else expect(isNothing(outcome.value), `answered ${JSON.stringify(outcome.value)}`).toBe(true)
}

/** A queued tidy run of a space, as the tidy-up records it, with any field changed. */
export function tidyRunFixture(
  spaceId: number,
  id: string,
  createdAt: number,
  extra: Partial<TidyRun> = {},
): TidyRun {
  return { ...queuedTidyRun({ id, spaceId, trigger: 'manual', requestedBy: null, createdAt }), ...extra }
}

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { seedAccount, seedOrganization, seedSpace } from '../../testing/contracts/store-fixture.ts'
import { describePostgres, freshPostgresDatabase } from '../../testing/postgres.ts'
import { openDatabase } from '../sqlite/open-database.ts'
import { sqliteStore } from '../sqlite/store.ts'
import { copySqliteToPostgres, TargetNotEmptyError } from './copy-from-sqlite.ts'
import * as pgs from './schema.ts'
import { postgresStore } from './store.ts'

describePostgres('copying a SQLite installation into PostgreSQL', () => {
  let dir: string
  let source: ReturnType<typeof openDatabase>
  let target: Awaited<ReturnType<typeof freshPostgresDatabase>>
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-copy-'))
    source = openDatabase(join(dir, 'service.db'))
    target = await freshPostgresDatabase()
  })
  afterEach(async () => {
    source.sqlite.close()
    await target.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('copies accounts, organizations, spaces, members, tokens and runs with their ids, and new ids follow', async () => {
    const store = sqliteStore(source.db)
    const ada = await seedAccount(store, 'ada', { isSuperadmin: true, passwordHash: 'hash' })
    const bob = await seedAccount(store, 'bob')
    const acme = await seedOrganization(store, 'acme', ada.id)
    const wiki = await seedSpace(store, acme.id, 'wiki', { repoUrl: 'https://git.example.com/wiki.git' })
    await store.forOrg(acme.id).space(wiki.id).members.set(bob.id, 'contributor')
    await store.forOrg(acme.id).space(wiki.id).git.update({ synced: true, attempts: 2 })
    await store.tokens.create({
      id: 'tok1',
      accountId: bob.id,
      name: 'laptop',
      hint: 'abcd',
      readOnly: true,
      spaceIds: [wiki.id],
      createdAt: 5,
      expiresAt: null,
      lastUsedAt: null,
      secretHash: 'digest',
    })
    await store.jobs.enqueue({ kind: 'tidy', spaceId: wiki.id, payload: { runId: 'r1' }, runAt: 9 }, 9)

    const copied = await copySqliteToPostgres(source.db, target.db)
    expect(copied).toMatchObject({
      accounts: 2,
      organizations: 1,
      spaces: 1,
      space_members: 1,
      tokens: 1,
      jobs: 1,
    })

    const accounts = await target.db.select().from(pgs.accounts).orderBy(pgs.accounts.id)
    expect(accounts.map((a) => [a.id, a.username, a.isSuperadmin, a.passwordHash])).toEqual([
      [ada.id, 'ada', true, 'hash'],
      [bob.id, 'bob', false, null],
    ])
    const [space] = await target.db.select().from(pgs.spaces)
    expect(space).toEqual(wiki)
    const [git] = await target.db.select().from(pgs.spaceGit).where(eq(pgs.spaceGit.spaceId, wiki.id))
    expect(git).toMatchObject({ synced: true, attempts: 2 })
    const [token] = await target.db.select().from(pgs.tokens)
    expect(token).toMatchObject({ id: 'tok1', accountId: bob.id, readOnly: true, restricted: true })
    // An id handed out after the copy does not collide with a copied one.
    const [carol] = await target.db
      .insert(pgs.accounts)
      .values({ username: 'carol', displayName: 'Carol', createdAt: 10 })
      .returning()
    expect(carol?.id).toBe(bob.id + 1)
  })

  it('copies verified addresses, passwords to change, one-time links, invitations and single sign-on', async () => {
    const store = sqliteStore(source.db)
    const ada = await seedAccount(store, 'ada', { isSuperadmin: true, email: 'ada@example.com' })
    const bob = await seedAccount(store, 'bob', { passwordHash: 'set-by-ada' })
    await store.accounts.update(ada.id, { emailVerified: true }, 1)
    await store.accounts.changePassword(bob.id, 'set-by-ada', 2, null, true)
    const acme = await seedOrganization(store, 'acme', ada.id)
    const wiki = await seedSpace(store, acme.id, 'wiki')
    await store.accountLinks.create({
      id: 'link-digest',
      purpose: 'reset_password',
      accountId: bob.id,
      email: 'bob@example.com',
      createdAt: 3,
      expiresAt: 1000,
    })
    const invitation = {
      id: 'inv1',
      orgId: acme.id,
      email: 'carol@example.com',
      orgRole: 'member' as const,
      spaces: [{ spaceId: wiki.id, role: 'contributor' as const }],
      tokenHash: 'invitation-digest',
      mailTokenHash: 'invitation-mail-digest',
      invitedBy: ada.id,
      createdAt: 4,
      expiresAt: 1000,
      acceptedAt: null,
      acceptedBy: null,
      cancelledAt: null,
    }
    await store.invitations.create(invitation)
    const okta = {
      slug: 'okta',
      kind: 'oidc' as const,
      name: 'Okta',
      issuer: 'https://login.example.com',
      clientId: 'client',
      clientSecretSealed: 'sealed',
      autoCreate: true,
      linkByEmail: null,
      allowedDomains: ['example.com'],
      enabled: true,
      createdAt: 5,
      updatedAt: 5,
    }
    await store.sso.put(okta)
    await store.sso.link('okta', 'subject-1', ada.id, 6)
    const attempt = {
      id: 'state-digest',
      providerSlug: 'okta',
      nonce: 'nonce',
      codeVerifier: 'verifier',
      next: '/acme/wiki',
      createdAt: 7,
      expiresAt: 1000,
    }
    await store.sso.saveAttempt(attempt)

    const copied = await copySqliteToPostgres(source.db, target.db)
    expect(copied).toMatchObject({
      account_links: 1,
      invitations: 1,
      sso_providers: 1,
      sso_identities: 1,
      sso_attempts: 1,
    })

    const moved = postgresStore(target.db)
    const verifiedAda = await moved.accounts.byVerifiedEmail('ADA@example.com')
    expect(verifiedAda.map((a) => a.username)).toEqual(['ada'])
    expect(await moved.accounts.byId(bob.id)).toMatchObject({
      mustChangePassword: true,
      emailVerified: false,
    })
    expect(await moved.accountLinks.use('link-digest', 'reset_password', 500)).toMatchObject({
      accountId: bob.id,
      usedAt: 500,
    })
    expect(await moved.invitations.byTokenHash('invitation-digest', 500)).toEqual(invitation)
    expect(await moved.invitations.byTokenHash('invitation-mail-digest', 500)).toEqual(invitation)
    expect(await moved.sso.bySlug('okta')).toEqual(okta)
    expect(await moved.sso.accountOf('okta', 'subject-1')).toMatchObject({ id: ada.id, username: 'ada' })
    expect(await moved.sso.takeAttempt('state-digest', 500)).toEqual(attempt)
  })

  it('refuses a target that already holds data, and leaves it as it was', async () => {
    await seedAccount(sqliteStore(source.db), 'ada')
    await target.db.insert(pgs.accounts).values({ username: 'zoe', displayName: 'Zoe', createdAt: 1 })
    await expect(copySqliteToPostgres(source.db, target.db)).rejects.toBeInstanceOf(TargetNotEmptyError)
    const rows = await target.db.select().from(pgs.accounts)
    expect(rows.map((a) => a.username)).toEqual(['zoe'])
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { SIGN_IN_PER_IP, SSO_ATTEMPT_MS } from '../../domain/limits.ts'
import type { Deps } from '../../ports/deps.ts'
import { addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import { type FakeClaims, type MemoryOidc, memoryOidc } from '../../testing/fakes/memory-oidc.ts'
import { type TestClock, testClock } from '../../testing/fakes/test-clock.ts'
import type { Actor } from '../access/actor.ts'
import { authenticateSession, authenticateToken } from '../accounts/authenticate.ts'
import { signIn } from '../accounts/sign-in.ts'
import { finishSignIn } from './finish-sign-in.ts'
import { localPath } from './internal/local-path.ts'
import { usernameBase } from './internal/new-account.ts'
import { type PutProviderInput, putProvider } from './put-provider.ts'
import { startSignIn } from './start-sign-in.ts'

const REDIRECT = 'https://quire.example/api/v1/sso/corp/callback'
const IP = '203.0.113.7'

let deps: Deps & { clock: TestClock; oidc: MemoryOidc }
let root: Actor

beforeEach(async () => {
  deps = memoryDeps({ clock: testClock(), oidc: memoryOidc() })
  root = await authenticateToken(deps, (await addPerson(deps, 'root', { superadmin: true })).token)
  await addPerson(deps, 'ada', { emailVerified: true })
})

const provider = (input: Partial<PutProviderInput> = {}, slug = 'corp') =>
  putProvider(deps, root, slug, {
    kind: 'oidc',
    name: 'Corp',
    issuer: 'https://id.corp.example',
    clientId: 'quire',
    clientSecret: 'client-secret',
    ...input,
  })

/** A whole sign-in: the start, the person at the provider, and the callback in the same browser. */
async function signInAs(claims: FakeClaims, options: { next?: string; slug?: string } = {}) {
  const slug = options.slug ?? 'corp'
  const started = await startSignIn(deps, { slug, next: options.next, redirectUri: REDIRECT, clientIp: IP })
  const callbackUrl = deps.oidc.signIn(started.url, claims)
  return finishSignIn(deps, {
    slug,
    state: new URL(callbackUrl).searchParams.get('state') ?? undefined,
    cookieState: started.state,
    callbackUrl,
    redirectUri: REDIRECT,
    clientIp: IP,
  })
}

const ADA = { subject: 'ada-at-corp', email: 'ADA@example.com', emailVerified: true }

describe('a sign-in through a provider', () => {
  it('opens a session for the account linked to the subject, and goes to the local path asked for', async () => {
    await provider({ linkByEmail: true })
    const first = await signInAs(ADA, { next: '/s/acme/wiki/page/guide.md?edit=1#top' })
    expect(first.account.username).toBe('ada')
    expect(first.next).toBe('/s/acme/wiki/page/guide.md?edit=1#top')
    expect((await authenticateSession(deps, first.cookie)).account.username).toBe('ada')
    expect(deps.oidc.finished[0]).toEqual({
      issuer: 'https://id.corp.example',
      clientId: 'quire',
      clientSecret: 'client-secret',
    })

    // Linked now: the address no longer matters.
    const again = await signInAs({ subject: 'ada-at-corp', email: 'someone-else@example.com' })
    expect(again.account.username).toBe('ada')
    expect(again.next).toBe('/')
  })

  it('links by verified address by default at Google and Microsoft, not at other providers', async () => {
    await provider({}, 'corp')
    await expect(signInAs(ADA)).rejects.toMatchObject({ reason: 'sso_no_account', code: 'forbidden' })

    await provider({ kind: 'google', issuer: null }, 'google')
    const google = await signInAs({ ...ADA, subject: 'google-ada' }, { slug: 'google' })
    expect(google.account.username).toBe('ada')
    expect((await deps.store.sso.accountOf('google', 'google-ada'))?.username).toBe('ada')

    await provider({ kind: 'microsoft', issuer: null, linkByEmail: false }, 'microsoft')
    await expect(signInAs({ ...ADA, subject: 'ms-ada' }, { slug: 'microsoft' })).rejects.toMatchObject({
      reason: 'sso_no_account',
    })
  })

  it('does not link by an address the provider does not call verified', async () => {
    await provider({ kind: 'google', issuer: null, autoCreate: true }, 'google')
    await expect(signInAs({ ...ADA, emailVerified: false }, { slug: 'google' })).rejects.toMatchObject({
      reason: 'sso_unverified_email',
    })
    expect(await deps.store.sso.accountOf('google', ADA.subject)).toBeUndefined()
    expect((await deps.store.accounts.list()).map((a) => a.username)).toEqual(['ada', 'root'])
  })

  it('does not link to an address the account has not verified itself', async () => {
    await addPerson(deps, 'bob')
    await provider({ linkByEmail: true })
    await expect(
      signInAs({ subject: 'bob-1', email: 'bob@example.com', emailVerified: true }),
    ).rejects.toMatchObject({
      reason: 'sso_no_account',
    })
  })

  it('links no one when several active accounts hold the address', async () => {
    await addPerson(deps, 'ada2', { emailVerified: true })
    const ada2 = await deps.store.accounts.byUsername('ada2')
    await deps.store.accounts.update(
      ada2!.id,
      { email: 'ada@example.com', emailVerified: true },
      deps.clock.now(),
    )
    await provider({ linkByEmail: true, autoCreate: true })
    await expect(signInAs(ADA)).rejects.toMatchObject({ reason: 'sso_no_account' })
    expect(await deps.store.sso.accountOf('corp', ADA.subject)).toBeUndefined()
  })

  it('leaves a new account’s address unverified when another account already holds it verified', async () => {
    // Not linked by address at this provider, so the person gets an account of their own: the
    // address stays its first holder's for invitations, resets and linking.
    await provider({ autoCreate: true })
    const made = await signInAs(ADA)
    expect(made.account.username).not.toBe('ada')
    expect(made.account).toMatchObject({ email: 'ADA@example.com', emailVerified: false })
    expect((await deps.store.accounts.byVerifiedEmail('ada@example.com')).map((a) => a.username)).toEqual([
      'ada',
    ])
  })

  it('creates an account with a free username, the person’s name and address, and no password', async () => {
    await provider({ autoCreate: true })
    const made = await signInAs({
      subject: 'grace-1',
      email: 'grace.hopper@navy.example',
      emailVerified: true,
      preferredUsername: 'Ada',
      name: 'Grace Hopper',
    })
    expect(made.account).toMatchObject({
      username: 'ada-2',
      displayName: 'Grace Hopper',
      email: 'grace.hopper@navy.example',
      emailVerified: true,
      passwordHash: null,
      isSuperadmin: false,
    })
    await expect(signIn(deps, { username: 'ada-2', password: '', clientIp: IP })).rejects.toMatchObject({
      reason: 'bad_credentials',
    })

    const unverified = await signInAs({ subject: 'lin-1', email: 'Lin.Wei@elsewhere.example' })
    expect(unverified.account).toMatchObject({
      username: 'lin.wei',
      displayName: 'lin.wei',
      emailVerified: false,
    })
    // The same subject comes back to the same account.
    expect((await signInAs({ subject: 'lin-1' })).account.id).toBe(unverified.account.id)
  })

  it('creates accounts only in the allowed domains, for addresses the provider verified', async () => {
    await provider({ autoCreate: true, allowedDomains: ['corp.example'] })
    const inside = await signInAs({ subject: 'c-1', email: 'Carol@CORP.example', emailVerified: true })
    expect(inside.account).toMatchObject({ username: 'carol', emailVerified: true })

    await expect(
      signInAs({ subject: 'm-1', email: 'mallory@corp.example.evil', emailVerified: true }),
    ).rejects.toMatchObject({ reason: 'sso_not_allowed', code: 'forbidden' })
    await expect(
      signInAs({ subject: 'm-2', email: 'mallory@sub.corp.example', emailVerified: true }),
    ).rejects.toMatchObject({
      reason: 'sso_not_allowed',
    })
    await expect(signInAs({ subject: 'm-3' })).rejects.toMatchObject({ reason: 'sso_not_allowed' })
    await expect(signInAs({ subject: 'm-4', email: 'mallory@corp.example' })).rejects.toMatchObject({
      reason: 'sso_unverified_email',
    })
    expect((await deps.store.accounts.list()).map((a) => a.username)).toEqual(['ada', 'carol', 'root'])
  })

  it('links by address only in the allowed domains', async () => {
    await provider({ kind: 'google', issuer: null, allowedDomains: ['corp.example'] }, 'google')
    await expect(signInAs(ADA, { slug: 'google' })).rejects.toMatchObject({ reason: 'sso_not_allowed' })
    expect(await deps.store.sso.accountOf('google', ADA.subject)).toBeUndefined()
  })

  it('refuses a deactivated account, linked or found by its address', async () => {
    await provider({ linkByEmail: true })
    await signInAs(ADA)
    const ada = await deps.store.accounts.byUsername('ada')
    await deps.store.accounts.update(ada!.id, { isActive: false }, deps.clock.now())
    await expect(signInAs(ADA)).rejects.toMatchObject({ reason: 'sso_deactivated' })

    await provider({ kind: 'google', issuer: null, autoCreate: true }, 'google')
    await expect(signInAs({ ...ADA, subject: 'g-ada' }, { slug: 'google' })).rejects.toMatchObject({
      reason: 'sso_deactivated',
    })
  })

  it('makes no new account for the address of a deactivated one, verified or not, linked by address or not', async () => {
    // A provider that makes accounts and does not link by address: the deactivated account is not found
    // by linking, and a new account would let its person back in.
    await provider({ autoCreate: true })
    const ada = await deps.store.accounts.byUsername('ada')
    await deps.store.accounts.update(ada!.id, { isActive: false }, deps.clock.now())
    await expect(signInAs(ADA)).rejects.toMatchObject({ reason: 'sso_deactivated' })
    // An address the deactivated account never verified (set by an admin) keeps them out too.
    await addPerson(deps, 'carol')
    const carol = await deps.store.accounts.byUsername('carol')
    await deps.store.accounts.update(carol!.id, { isActive: false }, deps.clock.now())
    const claims = { subject: 'carol-at-corp', email: 'Carol@example.com', emailVerified: true }
    await expect(signInAs(claims)).rejects.toMatchObject({ reason: 'sso_deactivated' })
    expect((await deps.store.accounts.byEmail('carol@example.com')).map((a) => a.username)).toEqual(['carol'])
    // Someone else, with an address of their own, gets their account.
    const erin = await signInAs({ subject: 'erin-at-corp', email: 'erin@example.com', emailVerified: true })
    expect(erin.account.username).toBe('erin')
  })

  it('is refused at the start and at the callback by a disabled or unknown provider', async () => {
    await provider({ linkByEmail: true })
    const started = await startSignIn(deps, { slug: 'corp', redirectUri: REDIRECT, clientIp: IP })
    const callbackUrl = deps.oidc.signIn(started.url, ADA)
    await provider({ linkByEmail: true, enabled: false, clientSecret: null })

    await expect(
      startSignIn(deps, { slug: 'corp', redirectUri: REDIRECT, clientIp: IP }),
    ).rejects.toMatchObject({
      reason: 'sso_disabled',
    })
    await expect(
      startSignIn(deps, { slug: 'nothing', redirectUri: REDIRECT, clientIp: IP }),
    ).rejects.toMatchObject({
      reason: 'sso_disabled',
    })
    const state = new URL(callbackUrl).searchParams.get('state') ?? ''
    const finish = {
      slug: 'corp',
      state,
      cookieState: state,
      callbackUrl,
      redirectUri: REDIRECT,
      clientIp: IP,
    }
    await expect(finishSignIn(deps, finish)).rejects.toMatchObject({ reason: 'sso_disabled' })
  })

  it('fails for a state that is not the browser’s, and works once', async () => {
    await provider({ linkByEmail: true })
    const mine = await startSignIn(deps, { slug: 'corp', redirectUri: REDIRECT, clientIp: IP })
    const theirs = await startSignIn(deps, { slug: 'corp', redirectUri: REDIRECT, clientIp: IP })
    const forged = deps.oidc.signIn(theirs.url, ADA)
    const finish = (callbackUrl: string, cookieState: string | undefined) =>
      finishSignIn(deps, {
        slug: 'corp',
        state: new URL(callbackUrl).searchParams.get('state') ?? undefined,
        cookieState,
        callbackUrl,
        redirectUri: REDIRECT,
        clientIp: IP,
      })
    // Someone else's callback in this browser, or one with no cookie at all.
    await expect(finish(forged, mine.state)).rejects.toMatchObject({ reason: 'sso_failed' })
    await expect(finish(forged, undefined)).rejects.toMatchObject({ reason: 'sso_failed' })

    const callback = deps.oidc.signIn(mine.url, ADA)
    expect((await finish(callback, mine.state)).account.username).toBe('ada')
    // The same callback again (its code with it) finds no sign-in in flight.
    await expect(finish(callback, mine.state)).rejects.toMatchObject({ reason: 'sso_expired' })
  })

  it('expires when the provider takes too long to send the person back', async () => {
    await provider({ linkByEmail: true })
    const started = await startSignIn(deps, { slug: 'corp', redirectUri: REDIRECT, clientIp: IP })
    const callbackUrl = deps.oidc.signIn(started.url, ADA)
    deps.clock.advance(SSO_ATTEMPT_MS)
    await expect(
      finishSignIn(deps, {
        slug: 'corp',
        state: started.state,
        cookieState: started.state,
        callbackUrl,
        redirectUri: REDIRECT,
        clientIp: IP,
      }),
    ).rejects.toMatchObject({ reason: 'sso_expired' })
  })

  it('fails when the person declines at the provider', async () => {
    await provider({ linkByEmail: true })
    const started = await startSignIn(deps, { slug: 'corp', redirectUri: REDIRECT, clientIp: IP })
    const callbackUrl = deps.oidc.decline(started.url)
    await expect(
      finishSignIn(deps, {
        slug: 'corp',
        state: started.state,
        cookieState: started.state,
        callbackUrl,
        redirectUri: REDIRECT,
        clientIp: IP,
      }),
    ).rejects.toMatchObject({ reason: 'sso_failed' })
  })

  it('counts attempts toward the address’s sign-in limit, and gives back those that succeed', async () => {
    await provider({ linkByEmail: true })
    for (let i = 0; i < 5; i++) await signInAs(ADA)
    for (let i = 0; i < SIGN_IN_PER_IP.max; i++)
      await startSignIn(deps, { slug: 'corp', redirectUri: REDIRECT, clientIp: IP })
    await expect(
      startSignIn(deps, { slug: 'corp', redirectUri: REDIRECT, clientIp: IP }),
    ).rejects.toMatchObject({
      reason: 'too_many_sign_ins',
      code: 'too_many_requests',
    })
    // Password sign-ins from the address wait too; another address is not held back.
    await expect(
      signIn(deps, { username: 'ada', password: 'ada-password', clientIp: IP }),
    ).rejects.toMatchObject({
      reason: 'too_many_sign_ins',
    })
    await startSignIn(deps, { slug: 'corp', redirectUri: REDIRECT, clientIp: '198.51.100.1' })
    deps.clock.advance(SIGN_IN_PER_IP.windowMs)
    await startSignIn(deps, { slug: 'corp', redirectUri: REDIRECT, clientIp: IP })
  })
})

describe('localPath', () => {
  it('keeps a path of this site and sends anything else home', () => {
    expect(localPath('/s/acme/wiki')).toBe('/s/acme/wiki')
    expect(localPath('/search?q=a%20b#results')).toBe('/search?q=a%20b#results')
    for (const next of [
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example/',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/.//evil.example',
      '/..//evil.example',
      '/a/..//evil.example/x',
      '/%2e//evil.example',
      'evil.example',
      `/${'a'.repeat(3000)}`,
    ])
      expect(localPath(next), String(next)).toBe('/')
  })
})

describe('usernameBase', () => {
  it('makes a username of the preferred one, else of the address', () => {
    expect(usernameBase({ preferredUsername: 'Zoë Martin', email: null })).toBe('zoe-martin')
    expect(usernameBase({ preferredUsername: 'j.doe@corp.example', email: null })).toBe('j.doe')
    expect(usernameBase({ preferredUsername: null, email: '..Weird..Name!!@x.example' })).toBe('weird.name')
    expect(usernameBase({ preferredUsername: null, email: '日本@x.example' })).toBe('user')
    expect(usernameBase({ preferredUsername: null, email: null })).toBe('user')
    expect(usernameBase({ preferredUsername: 'a'.repeat(60), email: null })).toHaveLength(32)
  })
})

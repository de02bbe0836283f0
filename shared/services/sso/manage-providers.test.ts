import { beforeEach, describe, expect, it } from 'vitest'
import type { Deps } from '../../ports/deps.ts'
import { addPerson } from '../../testing/builders/person.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import type { Actor } from '../access/actor.ts'
import { authenticateToken } from '../accounts/authenticate.ts'
import { createToken } from '../accounts/create-token.ts'
import { deleteProvider } from './delete-provider.ts'
import { listProviders } from './list-providers.ts'
import { listSignInProviders } from './list-sign-in-providers.ts'
import { type PutProviderInput, putProvider } from './put-provider.ts'

let deps: Deps
let root: Actor
let ada: Actor

const CORP: PutProviderInput = {
  kind: 'oidc',
  name: 'Corp',
  issuer: 'https://id.corp.example',
  clientId: 'quire',
  clientSecret: 'first-secret',
}

beforeEach(async () => {
  deps = memoryDeps()
  root = await authenticateToken(deps, (await addPerson(deps, 'root', { superadmin: true })).token)
  ada = await authenticateToken(deps, (await addPerson(deps, 'ada')).token)
})

const put = (slug: string, input: Partial<PutProviderInput>) =>
  putProvider(deps, root, slug, { ...CORP, ...input })

describe('putProvider', () => {
  it('creates a provider with its defaults, then replaces it, and never shows the secret', async () => {
    const first = await put('corp', {})
    expect(first.created).toBe(true)
    expect(first.provider).toEqual({
      slug: 'corp',
      kind: 'oidc',
      name: 'Corp',
      issuer: 'https://id.corp.example',
      clientId: 'quire',
      autoCreate: false,
      linkByEmail: null,
      allowedDomains: [],
      enabled: true,
      openToAnyone: false,
    })
    expect(JSON.stringify(first)).not.toContain('first-secret')

    const second = await put('corp', { name: 'Corp SSO', enabled: false })
    expect(second.created).toBe(false)
    expect(second.provider).toMatchObject({ name: 'Corp SSO', enabled: false })
    expect(await listProviders(deps, root)).toEqual([second.provider])
  })

  it('seals the client secret; null keeps it, a new one replaces it', async () => {
    await put('corp', {})
    const sealed = (await deps.store.sso.bySlug('corp'))?.clientSecretSealed ?? ''
    expect(sealed).not.toContain('first-secret')
    expect(deps.cipher.open(sealed)).toBe('first-secret')

    await put('corp', { clientSecret: null, name: 'Kept' })
    expect(deps.cipher.open((await deps.store.sso.bySlug('corp'))?.clientSecretSealed ?? '')).toBe(
      'first-secret',
    )
    await put('corp', { clientSecret: undefined })
    expect(deps.cipher.open((await deps.store.sso.bySlug('corp'))?.clientSecretSealed ?? '')).toBe(
      'first-secret',
    )

    await put('corp', { clientSecret: 'second-secret' })
    expect(deps.cipher.open((await deps.store.sso.bySlug('corp'))?.clientSecretSealed ?? '')).toBe(
      'second-secret',
    )
  })

  it('needs a client secret to create a provider', async () => {
    await expect(put('corp', { clientSecret: null })).rejects.toMatchObject({
      reason: 'sso_secret_required',
      code: 'invalid',
    })
    await expect(put('corp', { clientSecret: undefined })).rejects.toMatchObject({
      reason: 'sso_secret_required',
    })
    expect(await deps.store.sso.list()).toEqual([])
  })

  it('takes slugs by the rules of other slugs', async () => {
    await expect(put('Corp SSO', {})).rejects.toMatchObject({ reason: 'slug_invalid', code: 'invalid' })
    await expect(put('-corp', {})).rejects.toMatchObject({ reason: 'slug_invalid' })
  })

  it('knows the issuers of Google and Microsoft, and takes a Microsoft tenant’s', async () => {
    const google = await put('google', { kind: 'google', issuer: null })
    expect(google.provider.issuer).toBe('https://accounts.google.com')
    expect(
      (await put('google', { kind: 'google', issuer: 'https://accounts.google.com' })).provider.issuer,
    ).toBe('https://accounts.google.com')
    await expect(put('google', { kind: 'google', issuer: 'https://evil.example' })).rejects.toMatchObject({
      reason: 'sso_issuer_fixed',
      code: 'invalid',
    })

    const common = await put('microsoft', { kind: 'microsoft', issuer: undefined })
    expect(common.provider.issuer).toBe('https://login.microsoftonline.com/common/v2.0')
    const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47'
    const own = await put('microsoft', {
      kind: 'microsoft',
      issuer: `https://login.microsoftonline.com/${tenant}/v2.0/`,
    })
    expect(own.provider.issuer).toBe(`https://login.microsoftonline.com/${tenant}/v2.0`)
    await expect(
      put('microsoft', { kind: 'microsoft', issuer: 'https://login.example.com/common/v2.0' }),
    ).rejects.toMatchObject({ reason: 'sso_issuer_fixed' })
  })

  it('needs an issuer over https for any other provider, or http on loopback', async () => {
    await expect(put('corp', { issuer: null })).rejects.toMatchObject({ reason: 'sso_issuer_required' })
    await expect(put('corp', { issuer: '  ' })).rejects.toMatchObject({ reason: 'sso_issuer_required' })
    for (const issuer of [
      'http://id.corp.example',
      'http://10.0.0.5:8080',
      'ftp://id.corp.example',
      'https://id.corp.example/?tenant=1',
      'https://id.corp.example/#top',
      'https://user:pass@id.corp.example',
      'not an address',
    ])
      await expect(put('corp', { issuer }), issuer).rejects.toMatchObject({
        reason: 'sso_issuer_invalid',
        code: 'invalid',
      })
    for (const issuer of [
      'http://127.0.0.1:4000',
      'http://localhost:4000/realms/test',
      'https://id.corp.example/',
    ])
      expect((await put('corp', { issuer })).provider.issuer).toBe(issuer)
  })

  it('keeps allowed domains lowercased and once each, and refuses what is not a domain', async () => {
    const { provider } = await put('corp', {
      allowedDomains: ['Corp.Example', '@corp.example', 'sub.corp.example'],
    })
    expect(provider.allowedDomains).toEqual(['corp.example', 'sub.corp.example'])
    for (const domain of ['corp', 'corp.example/x', '*.corp.example', 'a@corp.example', ''])
      await expect(put('corp', { allowedDomains: [domain] }), domain).rejects.toMatchObject({
        reason: 'sso_domain_invalid',
        code: 'invalid',
      })
  })

  it('says a provider is open to anyone when anyone at Google or at Microsoft’s shared issuer gets an account', async () => {
    const open = async (input: Partial<PutProviderInput>) => (await put('p', input)).provider.openToAnyone
    expect(await open({ kind: 'google', issuer: null, autoCreate: true })).toBe(true)
    expect(await open({ kind: 'microsoft', issuer: null, autoCreate: true })).toBe(true)
    expect(await open({ kind: 'google', issuer: null, autoCreate: false })).toBe(false)
    expect(
      await open({ kind: 'google', issuer: null, autoCreate: true, allowedDomains: ['corp.example'] }),
    ).toBe(false)
    expect(await open({ kind: 'oidc', autoCreate: true })).toBe(false)
    const tenant = 'https://login.microsoftonline.com/corp.onmicrosoft.com/v2.0'
    expect(await open({ kind: 'microsoft', issuer: tenant, autoCreate: true })).toBe(false)
  })

  it('forgets the accounts linked through a provider whose issuer or client changes', async () => {
    await put('corp', {})
    const account = ada.account
    await deps.store.sso.link('corp', 'subject-1', account.id, deps.clock.now())
    await put('corp', { name: 'Renamed', clientSecret: null })
    expect((await deps.store.sso.accountOf('corp', 'subject-1'))?.id).toBe(account.id)

    await put('corp', { issuer: 'https://other.corp.example', clientSecret: null })
    expect(await deps.store.sso.accountOf('corp', 'subject-1')).toBeUndefined()
    // The secret was kept through the change.
    expect(deps.cipher.open((await deps.store.sso.bySlug('corp'))?.clientSecretSealed ?? '')).toBe(
      'first-secret',
    )
  })
})

describe('deleteProvider', () => {
  it('deletes a provider and its links, and keeps the accounts', async () => {
    await put('corp', {})
    await deps.store.sso.link('corp', 'subject-1', ada.account.id, deps.clock.now())
    await deleteProvider(deps, root, 'corp')
    expect(await listProviders(deps, root)).toEqual([])
    expect(await deps.store.accounts.byUsername('ada')).toBeDefined()
    await put('corp', {})
    expect(await deps.store.sso.accountOf('corp', 'subject-1')).toBeUndefined()
  })

  it('answers 404 for a provider that does not exist', async () => {
    await expect(deleteProvider(deps, root, 'nothing')).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('who manages providers', () => {
  it('is the super admin alone, and not through a restricted token', async () => {
    await put('corp', {})
    await expect(listProviders(deps, ada)).rejects.toMatchObject({ reason: 'forbidden' })
    await expect(putProvider(deps, ada, 'mine', CORP)).rejects.toMatchObject({ reason: 'forbidden' })
    await expect(deleteProvider(deps, ada, 'corp')).rejects.toMatchObject({ reason: 'forbidden' })

    const { secret } = await createToken(deps, root, { name: 'ci', readOnly: true })
    const restricted = await authenticateToken(deps, secret)
    await expect(listProviders(deps, restricted)).rejects.toMatchObject({ reason: 'restricted_token' })
    await expect(putProvider(deps, restricted, 'corp', CORP)).rejects.toMatchObject({
      reason: 'restricted_token',
      code: 'forbidden',
    })
    await expect(deleteProvider(deps, restricted, 'corp')).rejects.toMatchObject({
      reason: 'restricted_token',
    })
    expect(await deps.store.sso.bySlug('corp')).toBeDefined()
  })
})

describe('listSignInProviders', () => {
  it('shows anyone the enabled providers, by name', async () => {
    await put('corp', { name: 'Corp' })
    await put('google', { kind: 'google', issuer: null, name: 'Google' })
    await put('old', { name: 'Old', enabled: false })
    expect(await listSignInProviders(deps)).toEqual([
      { slug: 'corp', name: 'Corp' },
      { slug: 'google', name: 'Google' },
    ])
  })
})

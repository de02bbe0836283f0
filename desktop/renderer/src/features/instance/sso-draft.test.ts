import { describe, expect, it } from 'vitest'
import type { SsoProvider } from './queries.ts'
import { type Draft, draftOf, inputOf } from './sso-draft.ts'

/** A provider as `GET /sso-providers` lists it. */
const microsoft: SsoProvider = {
  slug: 'contoso',
  kind: 'microsoft',
  name: 'Contoso',
  issuer: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0',
  client_id: 'client-1',
  auto_create: true,
  link_by_email: null,
  allowed_domains: ['contoso.com', 'contoso.fr'],
  enabled: true,
  callback_url: 'https://wiki.example.com/api/v1/sso/contoso/callback',
  open_to_anyone: false,
}

const typed = (changes: Partial<Draft>): Draft => ({ ...draftOf(undefined), ...changes })

describe('what the single sign-on provider form sends', () => {
  it('shows a Microsoft provider’s tenant, and sends it back as its issuer', () => {
    const draft = draftOf(microsoft)
    expect(draft.issuer).toBe('contoso.onmicrosoft.com')
    expect(draft.domains).toBe('contoso.com, contoso.fr')
    expect(inputOf(draft, false)).toEqual({
      kind: 'microsoft',
      name: 'Contoso',
      issuer: microsoft.issuer,
      client_id: 'client-1',
      client_secret: null,
      auto_create: true,
      link_by_email: null,
      allowed_domains: ['contoso.com', 'contoso.fr'],
      enabled: true,
    })
  })

  it('leaves the tenant empty for Microsoft’s common issuer, which then stays the default', () => {
    const common = draftOf({ ...microsoft, issuer: 'https://login.microsoftonline.com/common/v2.0' })
    expect(common.issuer).toBe('')
    expect(inputOf(common, false).issuer).toBe('')
  })

  it('keeps the stored secret when its field is left empty on a change, not on a creation', () => {
    expect(inputOf(draftOf(microsoft), false).client_secret).toBeNull()
    expect(inputOf(typed({ clientSecret: '' }), true).client_secret).toBe('')
    expect(inputOf({ ...draftOf(microsoft), clientSecret: 's3cret' }, false).client_secret).toBe('s3cret')
  })

  it('sends no issuer for Google, and an OpenID Connect issuer as typed', () => {
    expect(inputOf(typed({ kind: 'google', issuer: 'https://elsewhere.example' }), true).issuer).toBe('')
    expect(
      inputOf(typed({ kind: 'oidc', issuer: ' https://id.example.com/realms/staff ' }), true).issuer,
    ).toBe('https://id.example.com/realms/staff')
  })

  it('reads allowed domains separated by commas or spaces, lowercased, without an @ or repeats', () => {
    const input = inputOf(
      typed({ domains: 'Example.com, @example.org  example.com;corp.example.net,' }),
      true,
    )
    expect(input.allowed_domains).toEqual(['example.com', 'example.org', 'corp.example.net'])
    expect(inputOf(typed({ domains: '  ' }), true).allowed_domains).toEqual([])
  })
})

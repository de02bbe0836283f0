import { describe, expect, it } from 'vitest'
import { isStaleRefusal } from '#shared/adapters/git/receive-pack.ts'
import { DomainError } from '#shared/errors/domain-error.ts'
import { refusalStatus } from './refusal-status.ts'

describe('the status of a ref the server refused, as a client reads it', () => {
  it('tells a push that raced another one to fetch and try again, in any language', () => {
    for (const locale of ['en', 'fr'] as const) {
      const status = refusalStatus(new DomainError('push_stale', { branch: 'main' }), locale)
      expect(status).toMatch(/^fetch first: /)
      expect(isStaleRefusal(status)).toBe(true)
    }
    expect(refusalStatus(new DomainError('push_stale', { branch: 'main' }), 'en')).toBe(
      'fetch first: The branch main changed since you fetched it: fetch, put your commits on top (git pull --rebase) and push again.',
    )
  })

  it('leaves what a fetch cannot mend (a merge commit, a secret) as a refusal to report', () => {
    expect(isStaleRefusal(refusalStatus(new DomainError('push_merge', { branch: 'main' }), 'en'))).toBe(false)
    expect(
      isStaleRefusal(refusalStatus(new DomainError('push_deletes_branch', { branch: 'main' }), 'fr')),
    ).toBe(false)
  })
})

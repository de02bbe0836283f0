import type { SsoAttempt, SsoProvider, SsoStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import { byBinary, fields, type MemoryTables, mustBeNew, mustRefer, pick } from './memory-tables.ts'

const PROVIDER = fields<SsoProvider>({
  slug: true,
  kind: true,
  name: true,
  issuer: true,
  clientId: true,
  clientSecretSealed: true,
  autoCreate: true,
  linkByEmail: true,
  allowedDomains: true,
  enabled: true,
  createdAt: true,
  updatedAt: true,
})

const ATTEMPT = fields<SsoAttempt>({
  id: true,
  providerSlug: true,
  nonce: true,
  codeVerifier: true,
  next: true,
  createdAt: true,
  expiresAt: true,
})

/**
 * Single sign-on providers in memory, as in SQLite: replacing a provider keeps the time it was
 * created; removing it removes its links to accounts and its sign-ins in flight; a subject stays
 * linked to the first account linked to it.
 */
export function memorySso(tables: MemoryTables): SsoStore {
  const store: Sync<SsoStore> = {
    list: () => [...tables.ssoProviders.values()].sort((a, b) => byBinary(a.slug, b.slug)),
    bySlug: (slug) => tables.ssoProviders.get(slug),
    put: (provider) => {
      const before = tables.ssoProviders.get(provider.slug)
      const createdAt = before?.createdAt ?? provider.createdAt
      tables.ssoProviders.set(provider.slug, pick({ ...provider, createdAt }, PROVIDER))
      return before === undefined
    },
    remove: (slug) => {
      if (!tables.ssoProviders.delete(slug)) return false
      tables.ssoIdentities.delete(slug)
      for (const [id, attempt] of tables.ssoAttempts)
        if (attempt.providerSlug === slug) tables.ssoAttempts.delete(id)
      return true
    },
    accountOf: (providerSlug, subject) => {
      const identity = tables.ssoIdentities.get(providerSlug)?.get(subject)
      return identity && tables.accounts.get(identity.accountId)
    },
    link: (providerSlug, subject, accountId, now) => {
      mustRefer(tables.ssoProviders.has(providerSlug), 'sso_identities.provider_slug')
      mustRefer(tables.accounts.has(accountId), 'sso_identities.account_id')
      let subjects = tables.ssoIdentities.get(providerSlug)
      if (!subjects) {
        subjects = new Map()
        tables.ssoIdentities.set(providerSlug, subjects)
      }
      if (!subjects.has(subject)) subjects.set(subject, { providerSlug, subject, accountId, createdAt: now })
    },
    saveAttempt: (attempt) => {
      mustRefer(tables.ssoProviders.has(attempt.providerSlug), 'sso_attempts.provider_slug')
      mustBeNew(tables.ssoAttempts.has(attempt.id), 'sso_attempts.id')
      tables.ssoAttempts.set(attempt.id, pick(attempt, ATTEMPT))
    },
    takeAttempt: (id, now) => {
      const attempt = tables.ssoAttempts.get(id)
      if (!attempt || attempt.expiresAt <= now) return undefined
      tables.ssoAttempts.delete(id)
      return attempt
    },
    pruneAttempts: (before) => {
      for (const [id, attempt] of tables.ssoAttempts)
        if (attempt.expiresAt < before) tables.ssoAttempts.delete(id)
    },
  }
  return memoryPort(store)
}

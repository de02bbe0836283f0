import type { Account } from './accounts.ts'

/** Kinds of single sign-on provider: any OpenID Connect provider, or one of two hosted public ones. */
export const SSO_KINDS = ['oidc', 'google', 'microsoft'] as const
export type SsoKind = (typeof SSO_KINDS)[number]

/** A single sign-on provider as stored; the client secret is sealed with the server's key. */
export type SsoProvider = {
  slug: string
  kind: SsoKind
  name: string
  issuer: string
  clientId: string
  clientSecretSealed: string
  autoCreate: boolean
  /** null: yes for the hosted public providers, no otherwise. */
  linkByEmail: boolean | null
  /** Lowercased e-mail domains; empty for no restriction. */
  allowedDomains: string[]
  enabled: boolean
  createdAt: number
  updatedAt: number
}

/** A sign-in begun at a provider, waiting for its callback; kept by the digest of its `state`. */
export type SsoAttempt = {
  id: string
  providerSlug: string
  nonce: string
  codeVerifier: string
  /** The local path to go to once signed in. */
  next: string
  createdAt: number
  expiresAt: number
}

/** Providers, the accounts linked to their subjects, and sign-ins in flight. */
export interface SsoStore {
  list(): Promise<SsoProvider[]>
  bySlug(slug: string): Promise<SsoProvider | undefined>
  /** Creates or replaces a provider by slug; true when it was created. */
  put(provider: SsoProvider): Promise<boolean>
  /** Deletes a provider and its links to accounts (the accounts stay); false when there was none. */
  remove(slug: string): Promise<boolean>
  /** The account linked to this provider's subject. */
  accountOf(providerSlug: string, subject: string): Promise<Account | undefined>
  /** Links an account to a provider's subject (one account per subject and provider). */
  link(providerSlug: string, subject: string, accountId: number, now: number): Promise<void>
  saveAttempt(attempt: SsoAttempt): Promise<void>
  /** The attempt, removed, when it exists and has not expired: works once. */
  takeAttempt(id: string, now: number): Promise<SsoAttempt | undefined>
  /** Forgets attempts that expired before `before`. */
  pruneAttempts(before: number): Promise<void>
}

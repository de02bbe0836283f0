/** What a one-time link sent by mail lets its holder do. */
export type AccountLinkPurpose = 'verify_email' | 'reset_password'

/**
 * A one-time link mailed to a person: kept by the digest of its secret, valid until `expiresAt`,
 * used once. A verification link names the address it verifies, so a link sent to an address the
 * account no longer has verifies nothing.
 */
export type AccountLink = {
  /** Digest of the link's secret. */
  id: string
  purpose: AccountLinkPurpose
  accountId: number
  /** The address the link was sent to. */
  email: string
  createdAt: number
  expiresAt: number
  usedAt: number | null
}

/** One-time links of accounts (e-mail verification, password reset). */
export interface AccountLinkStore {
  create(link: Omit<AccountLink, 'usedAt'>): Promise<void>
  /** The link, marked used, when it exists, is unused, is for `purpose` and has not expired; else undefined. Works once, even for two calls at once. */
  use(id: string, purpose: AccountLinkPurpose, now: number): Promise<AccountLink | undefined>
  /** The link when it could still be used (unused, not expired, for `purpose`), without using it. */
  peek(id: string, purpose: AccountLinkPurpose, now: number): Promise<AccountLink | undefined>
  /** Ends every unused link of an account for a purpose (a new address voids older verification links). */
  revoke(accountId: number, purpose: AccountLinkPurpose, now: number): Promise<void>
  /** Forgets links that expired before `before`. */
  prune(before: number): Promise<void>
}

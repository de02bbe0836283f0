import type { Account } from './accounts.ts'

/** A personal access token (its secret is kept as a hash only). */
export type Token = {
  id: string
  accountId: number
  name: string
  hint: string
  readOnly: boolean
  /** Spaces the token is restricted to; null means every space, including future ones. */
  spaceIds: number[] | null
  createdAt: number
  expiresAt: number | null
  lastUsedAt: number | null
}

/** Personal access tokens of accounts. */
export interface TokenStore {
  create(token: Token & { secretHash: string }): Promise<Token>
  /** Active (not revoked) tokens of an account, newest first. */
  listActive(accountId: number): Promise<Token[]>
  /** The active token with this secret hash, with its owner. */
  byHash(secretHash: string): Promise<{ token: Token; account: Account } | undefined>
  /** Revokes one token of an account; false when there is no such active token. */
  revoke(accountId: number, id: string, now: number): Promise<boolean>
  touch(id: string, now: number): Promise<void>
}

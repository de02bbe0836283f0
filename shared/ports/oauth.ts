import type { Account } from './accounts.ts'

/** How a registered client proves who it is at the token endpoint (RFC 7591 `token_endpoint_auth_method`). */
export type ClientAuthMethod = 'none' | 'client_secret_post' | 'client_secret_basic'

/** An OAuth client registered through dynamic client registration (RFC 7591). */
export type OAuthClient = {
  id: string
  name: string
  redirectUris: string[]
  authMethod: ClientAuthMethod
  grantTypes: string[]
  responseTypes: string[]
  /** The scope the client asked for at registration, if any. */
  scope: string | null
  createdAt: number
}

/** A client as stored: a confidential client's secret is kept as its digest only. */
export type StoredClient = OAuthClient & { secretHash: string | null }

/** An authorization code (kept by its digest), and the grant its first exchange creates. */
export type AuthorizationCode = {
  hash: string
  clientId: string
  accountId: number
  redirectUri: string
  codeChallenge: string
  scope: string
  /** Spaces the person limited the grant to; null for every space. */
  spaceIds: number[] | null
  expiresAt: number
  /** When it was exchanged; null while unused. */
  usedAt: number | null
  /** The grant its exchange created, so a second use can end it. */
  grantId: string | null
}

/** A person's consent to a client: a connection they see and can end (`/me/apps`). */
export type Grant = {
  id: string
  clientId: string
  accountId: number
  scope: string
  /** Spaces the grant is restricted to; null means every space, including future ones. */
  spaceIds: number[] | null
  createdAt: number
  lastUsedAt: number | null
}

/** A refresh token (kept by its digest); rotated at each use. */
export type RefreshToken = {
  hash: string
  grantId: string
  createdAt: number
  expiresAt: number
  /** When it was exchanged for a new one; null while current. */
  rotatedAt: number | null
}

/** A grant with its client's name and its owner. */
export type GrantWithOwner = { grant: Grant; clientName: string; account: Account }

/** OAuth clients, authorization codes, grants and refresh tokens. Secrets are stored as digests only. */
export interface OAuthStore {
  createClient(client: StoredClient): Promise<void>
  client(id: string): Promise<StoredClient | undefined>
  /** Deletes the clients registered before `before` for which no grant was ever made; returns how many. */
  pruneUnusedClients(before: number): Promise<number>
  /** Stores a code; its client counts as authorized from `now` on (it is no longer pruned). */
  createCode(code: AuthorizationCode, now: number): Promise<void>
  code(hash: string): Promise<AuthorizationCode | undefined>
  /**
   * Exchanges an unused code: marks it used at `now`, records the grant on it, creates the grant and its
   * first refresh token, in one transaction. False (and nothing written) when the code was used meanwhile.
   */
  redeemCode(hash: string, now: number, grant: Grant, refresh: RefreshToken): Promise<boolean>
  /** The refresh token with this digest (current or rotated), with its grant and owner. */
  refreshToken(hash: string): Promise<(GrantWithOwner & { token: RefreshToken }) | undefined>
  /**
   * Replaces a current refresh token by `next` in one transaction; false (and nothing written) when it
   * was rotated meanwhile.
   */
  rotateRefreshToken(hash: string, now: number, next: RefreshToken): Promise<boolean>
  grant(id: string): Promise<GrantWithOwner | undefined>
  /** An account's grants, newest first. */
  grantsOf(accountId: number): Promise<(Grant & { clientName: string })[]>
  /** Ends a grant (its refresh tokens and codes go with it); `accountId` limits it to one owner's. */
  deleteGrant(id: string, accountId?: number): Promise<boolean>
  touchGrant(id: string, now: number): Promise<void>
  /** Forgets codes that expired before `before` and refresh tokens past their expiry. */
  pruneExpired(before: number): Promise<void>
}

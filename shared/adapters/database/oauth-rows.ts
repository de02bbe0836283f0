import type { AuthorizationCode, Grant, StoredClient } from '../../ports/oauth.ts'

// Both databases keep lists as JSON text and a grant's spaces in a table of their own; what a row means
// is decided here once, so SQLite and PostgreSQL answer the OAuth port alike.

/** A row of the oauth_clients table, as either database reads it. */
export type ClientRow = Omit<StoredClient, 'redirectUris' | 'grantTypes' | 'responseTypes'> & {
  redirectUris: string
  grantTypes: string
  responseTypes: string
  authorizedAt: number | null
}

/** The row stored for a new client. */
export const clientRow = (client: StoredClient): ClientRow => ({
  ...client,
  redirectUris: JSON.stringify(client.redirectUris),
  grantTypes: JSON.stringify(client.grantTypes),
  responseTypes: JSON.stringify(client.responseTypes),
  authorizedAt: null,
})

/** A client from its row. */
export const toClient = ({ authorizedAt: _at, ...row }: ClientRow): StoredClient => ({
  ...row,
  redirectUris: JSON.parse(row.redirectUris) as string[],
  grantTypes: JSON.parse(row.grantTypes) as string[],
  responseTypes: JSON.parse(row.responseTypes) as string[],
})

/** A row of the oauth_codes table. */
export type CodeRow = Omit<AuthorizationCode, 'spaceIds'> & { spaceIds: string | null }

/** The row stored for a new code. */
export const codeRow = (code: AuthorizationCode): CodeRow => ({
  ...code,
  spaceIds: code.spaceIds === null ? null : JSON.stringify(code.spaceIds),
})

/** A code from its row. */
export const toCode = (row: CodeRow): AuthorizationCode => ({
  ...row,
  spaceIds: row.spaceIds === null ? null : (JSON.parse(row.spaceIds) as number[]),
})

/** A row of the oauth_grants table. */
export type GrantRow = Omit<Grant, 'spaceIds'> & { restricted: boolean }

/** The row stored for a new grant. */
export const grantRow = ({ spaceIds, ...grant }: Grant): GrantRow => ({
  ...grant,
  restricted: spaceIds !== null,
})

/** A grant from its row; `spaces` holds the space ids of the restricted grants among the rows read. */
export const toGrant = ({ restricted, ...row }: GrantRow, spaces: Map<string, number[]>): Grant => ({
  ...row,
  spaceIds: restricted ? (spaces.get(row.id) ?? []) : null,
})

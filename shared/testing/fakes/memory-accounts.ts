import { DomainError } from '../../errors/domain-error.ts'
import type { Account, AccountStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import { byBinary, changesOf, dropGrant, fields, type MemoryTables, nextId, pick } from './memory-tables.ts'

const ACCOUNT = fields<Account>({
  id: true,
  username: true,
  displayName: true,
  email: true,
  locale: true,
  isSuperadmin: true,
  isActive: true,
  passwordHash: true,
  emailVerified: true,
  mustChangePassword: true,
  createdAt: true,
})

const CHANGEABLE = ['displayName', 'email', 'locale', 'isSuperadmin', 'isActive', 'emailVerified'] as const

/** Accounts in memory, with the revocations a deactivation or a new password brings, as in SQLite. */
export function memoryAccounts(tables: MemoryTables): AccountStore {
  const activeSuperadmins = (accounts: Iterable<Account>) =>
    [...accounts].filter((a) => a.isSuperadmin && a.isActive).length
  const revokeAll = (accountId: number, now: number, keepSessionId: string | null) => {
    for (const token of tables.tokens.values())
      if (token.accountId === accountId && token.revokedAt === null) token.revokedAt = now
    for (const [id, session] of tables.sessions)
      if (session.accountId === accountId && id !== keepSessionId) tables.sessions.delete(id)
    // An assistant's connection ends too: its refresh and access tokens stop working at once.
    for (const [id, grant] of tables.oauthGrants) if (grant.accountId === accountId) dropGrant(tables, id)
  }
  const existing = (id: number): Account => {
    const account = tables.accounts.get(id)
    if (!account) throw new Error(`account ${id} vanished`)
    return account
  }

  const store: Sync<AccountStore> = {
    count: () => tables.accounts.size,
    list: () => [...tables.accounts.values()].sort((a, b) => byBinary(a.username, b.username)),
    byId: (id) => tables.accounts.get(id),
    byUsername: (username) => [...tables.accounts.values()].find((a) => a.username === username),
    create: (account) => {
      if ([...tables.accounts.values()].some((a) => a.username === account.username)) return undefined
      const row = pick(
        {
          emailVerified: false,
          mustChangePassword: false,
          ...account,
          id: nextId(tables, 'accounts'),
          isActive: true,
        },
        ACCOUNT,
      )
      tables.accounts.set(row.id, row)
      return row
    },
    update: (id, changes, now) => {
      const before = existing(id)
      const after = { ...before, ...changesOf(changes, CHANGEABLE) }
      // Checked before anything is written: a refused change leaves the account as it was.
      const others = [...tables.accounts.values()].filter((a) => a.id !== id)
      if (activeSuperadmins(tables.accounts.values()) > 0 && activeSuperadmins([...others, after]) === 0)
        throw new DomainError('last_superadmin')
      tables.accounts.set(id, after)
      if (changes.isActive === false) revokeAll(id, now, null)
      return after
    },
    countActiveSuperadmins: () => activeSuperadmins(tables.accounts.values()),
    changePassword: (id, passwordHash, now, keepSessionId, mustChange = false) => {
      const account = tables.accounts.get(id)
      if (account) tables.accounts.set(id, { ...account, passwordHash, mustChangePassword: mustChange })
      revokeAll(id, now, keepSessionId)
    },
    byVerifiedEmail: (email) => holding(email).filter((a) => a.emailVerified),
    byEmail: (email) => holding(email),
  }
  /** The accounts whose address is `email` (without case), oldest first. */
  function holding(email: string) {
    const wanted = email.trim().toLowerCase()
    return [...tables.accounts.values()]
      .filter((a) => a.email.toLowerCase() === wanted)
      .sort((a, b) => a.id - b.id)
  }
  return memoryPort(store)
}

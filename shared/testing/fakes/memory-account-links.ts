import type { AccountLink, AccountLinkPurpose, AccountLinkStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import { fields, type MemoryTables, mustBeNew, mustRefer, pick } from './memory-tables.ts'

const LINK = fields<AccountLink>({
  id: true,
  purpose: true,
  accountId: true,
  email: true,
  createdAt: true,
  expiresAt: true,
  usedAt: true,
})

/** One-time links of accounts in memory, used once and only before they expire, as in SQLite. */
export function memoryAccountLinks(tables: MemoryTables): AccountLinkStore {
  const usable = (id: string, purpose: AccountLinkPurpose, now: number) => {
    const link = tables.accountLinks.get(id)
    return link && link.purpose === purpose && link.usedAt === null && link.expiresAt > now ? link : undefined
  }
  const store: Sync<AccountLinkStore> = {
    create: (link) => {
      mustRefer(tables.accounts.has(link.accountId), 'account_links.account_id')
      mustBeNew(tables.accountLinks.has(link.id), 'account_links.id')
      tables.accountLinks.set(link.id, pick({ ...link, usedAt: null }, LINK))
    },
    use: (id, purpose, now) => {
      const link = usable(id, purpose, now)
      if (!link) return undefined
      const used = { ...link, usedAt: now }
      tables.accountLinks.set(id, used)
      return used
    },
    peek: (id, purpose, now) => usable(id, purpose, now),
    revoke: (accountId, purpose, now) => {
      for (const [id, link] of tables.accountLinks)
        if (link.accountId === accountId && link.purpose === purpose && link.usedAt === null)
          tables.accountLinks.set(id, { ...link, usedAt: now })
    },
    prune: (before) => {
      for (const [id, link] of tables.accountLinks)
        if (link.expiresAt < before) tables.accountLinks.delete(id)
    },
  }
  return memoryPort(store)
}

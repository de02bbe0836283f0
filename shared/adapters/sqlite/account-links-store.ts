import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { AccountLinkPurpose, AccountLinkStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import type { Db } from './open-database.ts'
import { accountLinks } from './schema.ts'

/** One-time links of accounts in SQLite, kept by the digest of their secret. */
export function accountLinkStore(db: Db): Sync<AccountLinkStore> {
  const usable = (id: string, purpose: AccountLinkPurpose, now: number) =>
    and(
      eq(accountLinks.id, id),
      eq(accountLinks.purpose, purpose),
      isNull(accountLinks.usedAt),
      gt(accountLinks.expiresAt, now),
    )
  return {
    create: (link) => {
      db.insert(accountLinks)
        .values({ ...link, usedAt: null })
        .run()
    },
    // One statement marks the link used only while it is usable: of two uses at once, one finds it so.
    use: (id, purpose, now) =>
      db
        .update(accountLinks)
        .set({ usedAt: now })
        .where(usable(id, purpose, now))
        .returning()
        .get(),
    peek: (id, purpose, now) =>
      db
        .select()
        .from(accountLinks)
        .where(usable(id, purpose, now))
        .get(),
    revoke: (accountId, purpose, now) => {
      db.update(accountLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountLinks.accountId, accountId),
            eq(accountLinks.purpose, purpose),
            isNull(accountLinks.usedAt),
          ),
        )
        .run()
    },
    prune: (before) => {
      db.delete(accountLinks).where(lt(accountLinks.expiresAt, before)).run()
    },
  }
}

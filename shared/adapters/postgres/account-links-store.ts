import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { AccountLinkPurpose, AccountLinkStore } from '../../ports/store.ts'
import type { PgDb } from './open-database.ts'
import { accountLinks } from './schema.ts'

/** One-time links of accounts in PostgreSQL, kept by the digest of their secret. */
export function accountLinkStore(db: PgDb): AccountLinkStore {
  const usable = (id: string, purpose: AccountLinkPurpose, now: number) =>
    and(
      eq(accountLinks.id, id),
      eq(accountLinks.purpose, purpose),
      isNull(accountLinks.usedAt),
      gt(accountLinks.expiresAt, now),
    )
  return {
    create: async (link) => {
      await db.insert(accountLinks).values({ ...link, usedAt: null })
    },
    // One statement marks the link used only while it is usable: a second use at once waits for the
    // row, then finds it used.
    use: async (id, purpose, now) =>
      (
        await db
          .update(accountLinks)
          .set({ usedAt: now })
          .where(usable(id, purpose, now))
          .returning()
      )[0],
    peek: async (id, purpose, now) =>
      (
        await db
          .select()
          .from(accountLinks)
          .where(usable(id, purpose, now))
      )[0],
    revoke: async (accountId, purpose, now) => {
      await db
        .update(accountLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountLinks.accountId, accountId),
            eq(accountLinks.purpose, purpose),
            isNull(accountLinks.usedAt),
          ),
        )
    },
    prune: async (before) => {
      await db.delete(accountLinks).where(lt(accountLinks.expiresAt, before))
    },
  }
}

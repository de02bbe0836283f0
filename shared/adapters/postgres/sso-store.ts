import { and, eq, gt, lt } from 'drizzle-orm'
import type { SsoProvider, SsoStore } from '../../ports/store.ts'
import type { PgDb } from './open-database.ts'
import { byCodePoint } from './query-helpers.ts'
import { accounts, ssoAttempts, ssoIdentities, ssoProviders } from './schema.ts'

type Row = typeof ssoProviders.$inferSelect

/** A provider from its row; the allowed domains are stored as JSON text. */
function toProvider(row: Row): SsoProvider {
  return { ...row, allowedDomains: JSON.parse(row.allowedDomains) as string[] }
}

/**
 * Single sign-on providers in PostgreSQL. Replacing a provider keeps the time it was created;
 * removing one removes its links to accounts and its sign-ins in flight (foreign keys cascade). A
 * subject stays linked to the first account linked to it: a second link is ignored, the service
 * asking `accountOf` before linking.
 */
export function ssoStore(db: PgDb): SsoStore {
  return {
    list: async () =>
      (await db.select().from(ssoProviders).orderBy(byCodePoint(ssoProviders.slug))).map(toProvider),
    bySlug: async (slug) => {
      const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.slug, slug))
      return row && toProvider(row)
    },
    put: (provider) =>
      db.transaction(async (tx) => {
        const { slug, createdAt, ...rest } = {
          ...provider,
          allowedDomains: JSON.stringify(provider.allowedDomains),
        }
        // Of two puts of a new slug at once, the second waits on the first's row, then updates it.
        const created = await tx
          .insert(ssoProviders)
          .values({ slug, createdAt, ...rest })
          .onConflictDoNothing()
          .returning({ slug: ssoProviders.slug })
        if (created.length > 0) return true
        await tx.update(ssoProviders).set(rest).where(eq(ssoProviders.slug, slug))
        return false
      }),
    remove: async (slug) =>
      (
        await db
          .delete(ssoProviders)
          .where(eq(ssoProviders.slug, slug))
          .returning({ slug: ssoProviders.slug })
      ).length > 0,
    accountOf: async (providerSlug, subject) =>
      (
        await db
          .select({ account: accounts })
          .from(ssoIdentities)
          .innerJoin(accounts, eq(accounts.id, ssoIdentities.accountId))
          .where(and(eq(ssoIdentities.providerSlug, providerSlug), eq(ssoIdentities.subject, subject)))
      )[0]?.account,
    link: async (providerSlug, subject, accountId, now) => {
      await db
        .insert(ssoIdentities)
        .values({ providerSlug, subject, accountId, createdAt: now })
        .onConflictDoNothing()
    },
    saveAttempt: async (attempt) => {
      await db.insert(ssoAttempts).values(attempt)
    },
    // One statement takes the attempt only while it is unexpired: a second callback at once waits
    // for the row, then finds it gone.
    takeAttempt: async (id, now) =>
      (
        await db
          .delete(ssoAttempts)
          .where(and(eq(ssoAttempts.id, id), gt(ssoAttempts.expiresAt, now)))
          .returning()
      )[0],
    pruneAttempts: async (before) => {
      await db.delete(ssoAttempts).where(lt(ssoAttempts.expiresAt, before))
    },
  }
}

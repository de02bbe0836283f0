import { and, eq, gt, lt } from 'drizzle-orm'
import type { SsoProvider, SsoStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import type { Db } from './open-database.ts'
import { accounts, ssoAttempts, ssoIdentities, ssoProviders } from './schema.ts'

type Row = typeof ssoProviders.$inferSelect

/** A provider from its row; the allowed domains are stored as JSON text. */
function toProvider(row: Row): SsoProvider {
  return { ...row, allowedDomains: JSON.parse(row.allowedDomains) as string[] }
}

/**
 * Single sign-on providers in SQLite. Replacing a provider keeps the time it was created; removing
 * one removes its links to accounts and its sign-ins in flight (foreign keys cascade). A subject
 * stays linked to the first account linked to it: a second link is ignored, the service asking
 * `accountOf` before linking.
 */
export function ssoStore(db: Db): Sync<SsoStore> {
  return {
    list: () => db.select().from(ssoProviders).orderBy(ssoProviders.slug).all().map(toProvider),
    bySlug: (slug) => {
      const row = db.select().from(ssoProviders).where(eq(ssoProviders.slug, slug)).get()
      return row && toProvider(row)
    },
    put: (provider) =>
      db.transaction(() => {
        const { slug, createdAt, ...rest } = {
          ...provider,
          allowedDomains: JSON.stringify(provider.allowedDomains),
        }
        const created = db
          .insert(ssoProviders)
          .values({ slug, createdAt, ...rest })
          .onConflictDoNothing()
          .returning({ slug: ssoProviders.slug })
          .get()
        if (created) return true
        db.update(ssoProviders).set(rest).where(eq(ssoProviders.slug, slug)).run()
        return false
      }),
    remove: (slug) => db.delete(ssoProviders).where(eq(ssoProviders.slug, slug)).run().changes > 0,
    accountOf: (providerSlug, subject) =>
      db
        .select({ account: accounts })
        .from(ssoIdentities)
        .innerJoin(accounts, eq(accounts.id, ssoIdentities.accountId))
        .where(and(eq(ssoIdentities.providerSlug, providerSlug), eq(ssoIdentities.subject, subject)))
        .get()?.account,
    link: (providerSlug, subject, accountId, now) => {
      db.insert(ssoIdentities)
        .values({ providerSlug, subject, accountId, createdAt: now })
        .onConflictDoNothing()
        .run()
    },
    saveAttempt: (attempt) => {
      db.insert(ssoAttempts).values(attempt).run()
    },
    // One statement takes the attempt only while it is unexpired: of two callbacks at once, one gets it.
    takeAttempt: (id, now) =>
      db
        .delete(ssoAttempts)
        .where(and(eq(ssoAttempts.id, id), gt(ssoAttempts.expiresAt, now)))
        .returning()
        .get(),
    pruneAttempts: (before) => {
      db.delete(ssoAttempts).where(lt(ssoAttempts.expiresAt, before)).run()
    },
  }
}

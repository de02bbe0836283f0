import { eq } from 'drizzle-orm'
import type { AiSettings, SettingsStore } from '../../ports/store.ts'
import type { PgDb } from './open-database.ts'
import { aiSettings } from './schema.ts'

/** One organization's AI provider settings. */
export function aiSettingsStore(db: PgDb, orgId: number): SettingsStore<AiSettings> {
  return {
    get: async () => {
      const [row] = await db.select().from(aiSettings).where(eq(aiSettings.orgId, orgId))
      if (!row) return undefined
      const { orgId: _org, ...settings } = row
      return settings
    },
    set: async (settings) => {
      if (settings === null) {
        await db.delete(aiSettings).where(eq(aiSettings.orgId, orgId))
        return
      }
      await db
        .insert(aiSettings)
        .values({ orgId, ...settings })
        .onConflictDoUpdate({ target: aiSettings.orgId, set: settings })
    },
  }
}

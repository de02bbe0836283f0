import { eq } from 'drizzle-orm'
import type { AiSettings, SettingsStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import type { Db } from './open-database.ts'
import { aiSettings } from './schema.ts'

/** One organization's AI provider settings. */
export function aiSettingsStore(db: Db, orgId: number): Sync<SettingsStore<AiSettings>> {
  return {
    get: () => {
      const row = db.select().from(aiSettings).where(eq(aiSettings.orgId, orgId)).get()
      if (!row) return undefined
      const { orgId: _org, ...settings } = row
      return settings
    },
    set: (settings) => {
      if (settings === null) {
        db.delete(aiSettings).where(eq(aiSettings.orgId, orgId)).run()
        return
      }
      db.insert(aiSettings)
        .values({ orgId, ...settings })
        .onConflictDoUpdate({ target: aiSettings.orgId, set: settings })
        .run()
    },
  }
}

import { eq } from 'drizzle-orm'
import type { EmbeddingSettingsRow, SettingsStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import type { Db } from './open-database.ts'
import { embeddingSettings } from './schema.ts'

/** One organization's embeddings provider settings. */
export function embeddingSettingsStore(db: Db, orgId: number): Sync<SettingsStore<EmbeddingSettingsRow>> {
  return {
    get: () => {
      const row = db.select().from(embeddingSettings).where(eq(embeddingSettings.orgId, orgId)).get()
      if (!row) return undefined
      const { orgId: _org, ...settings } = row
      return settings
    },
    set: (settings) => {
      if (settings === null) {
        db.delete(embeddingSettings).where(eq(embeddingSettings.orgId, orgId)).run()
        return
      }
      db.insert(embeddingSettings)
        .values({ orgId, ...settings })
        .onConflictDoUpdate({ target: embeddingSettings.orgId, set: settings })
        .run()
    },
  }
}

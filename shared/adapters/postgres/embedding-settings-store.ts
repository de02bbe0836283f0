import { eq } from 'drizzle-orm'
import type { EmbeddingSettingsRow, SettingsStore } from '../../ports/store.ts'
import type { PgDb } from './open-database.ts'
import { embeddingSettings } from './schema.ts'

/** One organization's embeddings provider settings. */
export function embeddingSettingsStore(db: PgDb, orgId: number): SettingsStore<EmbeddingSettingsRow> {
  return {
    get: async () => {
      const [row] = await db.select().from(embeddingSettings).where(eq(embeddingSettings.orgId, orgId))
      if (!row) return undefined
      const { orgId: _org, ...settings } = row
      return settings
    },
    set: async (settings) => {
      if (settings === null) {
        await db.delete(embeddingSettings).where(eq(embeddingSettings.orgId, orgId))
        return
      }
      await db
        .insert(embeddingSettings)
        .values({ orgId, ...settings })
        .onConflictDoUpdate({ target: embeddingSettings.orgId, set: settings })
    },
  }
}

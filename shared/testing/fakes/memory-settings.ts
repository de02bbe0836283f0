import type { SettingsStore } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import { memoryPort } from './memory-port.ts'
import { type MemoryTables, mustRefer, pick } from './memory-tables.ts'

/**
 * One organization's settings of a kind (AI provider, embeddings provider), kept in `table` by
 * organization with the fields `columns` lists.
 */
export function memorySettings<Settings>(
  tables: MemoryTables,
  table: Map<number, Settings>,
  columns: readonly (keyof Settings)[],
  orgId: number,
): SettingsStore<Settings> {
  const store: Sync<SettingsStore<Settings>> = {
    get: () => table.get(orgId),
    set: (settings) => {
      if (settings === null) {
        table.delete(orgId)
        return
      }
      mustRefer(tables.organizations.has(orgId), 'settings.org_id')
      table.set(orgId, pick(settings, columns))
    },
  }
  return memoryPort(store)
}

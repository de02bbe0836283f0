import type { MemoryTables } from './memory-tables.ts'

/** One organization's bounds, shared by the fakes that together make its OrgStore (as in SQLite). */
export type MemoryOrgScope = {
  orgId: number
  /** Whether the space is the organization's. */
  owns(spaceId: number): boolean
  /** Throws unless the space is the organization's: a caller's mistake, never a user's. */
  check(spaceId: number): void
  /** The ids of the organization's spaces, read when asked. */
  spaceIds(): Set<number>
}

/** The bounds of organization `orgId` over the tables. */
export function memoryOrgScope(tables: MemoryTables, orgId: number): MemoryOrgScope {
  const owns = (spaceId: number) => tables.spaces.get(spaceId)?.orgId === orgId
  return {
    orgId,
    owns,
    check: (spaceId) => {
      if (!owns(spaceId)) throw new Error(`space ${spaceId} is not in organization ${orgId}`)
    },
    spaceIds: () => new Set([...tables.spaces.values()].filter((s) => s.orgId === orgId).map((s) => s.id)),
  }
}

import { EMPTY_GIT_STATE } from '../../adapters/database/store-rows.ts'
import type { GitState, GitStateStore, HeldFile, StoredConflict } from '../../ports/store.ts'
import type { Sync } from '../../ports/sync.ts'
import type { MemoryOrgScope } from './memory-org-scope.ts'
import { memoryPort } from './memory-port.ts'
import {
  byBinary,
  changesOf,
  fields,
  type MemoryTables,
  mustSetSomething,
  pick,
  rowsOf,
} from './memory-tables.ts'

const GIT_STATE = fields<GitState>({
  synced: true,
  lastSyncAt: true,
  lastError: true,
  lastErrorCode: true,
  lastErrorAt: true,
  attempts: true,
  retryAt: true,
  credentialsKind: true,
  credentials: true,
  webhookSecret: true,
  changeBase: true,
})

const CONFLICT = fields<StoredConflict>({ path: true, localSha: true, remoteSha: true, detectedAt: true })

const HELD_FILE = fields<HeldFile>({
  path: true,
  text: true,
  authorName: true,
  authorEmail: true,
  message: true,
  heldAt: true,
})

/** The Git state row of a space, made with the defaults when it has none yet. */
export function gitRowOf(tables: MemoryTables, spaceId: number): GitState & { changeCursor: string | null } {
  let row = tables.spaceGit.get(spaceId)
  if (!row) {
    row = { ...EMPTY_GIT_STATE, changeCursor: null }
    tables.spaceGit.set(spaceId, row)
  }
  return row
}

/** Git state, conflicts and held files of one space in memory; a space of another organization is refused. */
export function memoryGitState(
  tables: MemoryTables,
  { check }: MemoryOrgScope,
  spaceId: number,
): GitStateStore {
  const store: Sync<GitStateStore> = {
    get: () => {
      check(spaceId)
      // The row as stored, the change log's cursor with it, as the SQLite adapter answers it.
      return tables.spaceGit.get(spaceId) ?? { ...EMPTY_GIT_STATE }
    },
    update: (changes) => {
      check(spaceId)
      const set = changesOf(changes, GIT_STATE)
      mustSetSomething(set)
      Object.assign(gitRowOf(tables, spaceId), set)
    },
    conflicts: () => {
      check(spaceId)
      return [...(tables.conflicts.get(spaceId)?.values() ?? [])].sort((a, b) => byBinary(a.path, b.path))
    },
    addConflicts: (conflicts) => {
      check(spaceId)
      const listed = rowsOf(tables.conflicts, spaceId)
      for (const conflict of conflicts) {
        const first = listed.get(conflict.path)
        listed.set(
          conflict.path,
          first
            ? { ...first, localSha: conflict.localSha, remoteSha: conflict.remoteSha }
            : pick(conflict, CONFLICT),
        )
      }
    },
    removeConflicts: (paths) => {
      check(spaceId)
      for (const path of paths) tables.conflicts.get(spaceId)?.delete(path)
    },
    heldFiles: () => {
      check(spaceId)
      return [...(tables.heldFiles.get(spaceId)?.values() ?? [])].sort(
        (a, b) => a.heldAt - b.heldAt || byBinary(a.path, b.path),
      )
    },
    holdFile: (file) => {
      check(spaceId)
      rowsOf(tables.heldFiles, spaceId).set(file.path, pick(file, HELD_FILE))
    },
    releaseHeldFiles: (paths) => {
      check(spaceId)
      for (const path of paths) tables.heldFiles.get(spaceId)?.delete(path)
    },
  }
  return memoryPort(store)
}

import type { SyncErrorCode } from '../domain/sync-errors.ts'

/** Sync state of a space's repository; secrets are stored sealed (encrypted) and never returned as is. */
export type GitState = {
  synced: boolean
  lastSyncAt: number | null
  /** The last sync's failure, in English (shown as is to API clients). */
  lastError: string | null
  /** What kind of failure `lastError` is; null beside a message stored before kinds were kept. */
  lastErrorCode: SyncErrorCode | null
  lastErrorAt: number | null
  attempts: number
  retryAt: number | null
  credentialsKind: 'https' | 'ssh' | null
  /** Sealed credentials (JSON, encrypted with the server's key). */
  credentials: string | null
  /** Sealed webhook secret. */
  webhookSecret: string | null
  /** Commit from which changed pages are reported. */
  changeBase: string | null
}

export type StoredConflict = {
  path: string
  localSha: string | null
  remoteSha: string | null
  detectedAt: number
}

export type HeldFile = {
  path: string
  text: string
  authorName: string
  authorEmail: string
  message: string
  heldAt: number
}

/** One space's sync state, its unresolved conflicts, and the texts held until its first sync. */
export interface GitStateStore {
  get(): Promise<GitState>
  update(changes: Partial<GitState>): Promise<void>
  conflicts(): Promise<StoredConflict[]>
  /** Records conflicts (a path already listed keeps its first detection time). */
  addConflicts(conflicts: StoredConflict[]): Promise<void>
  removeConflicts(paths: string[]): Promise<void>
  heldFiles(): Promise<HeldFile[]>
  /** Holds a text until the first sync (replacing one held for the same path). */
  holdFile(file: HeldFile): Promise<void>
  releaseHeldFiles(paths: string[]): Promise<void>
}

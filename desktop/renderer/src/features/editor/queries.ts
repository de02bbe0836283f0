import { queryOptions } from '@tanstack/react-query'
import { type Editable, moveFile, readEditable } from './file-api.ts'

/** The cache keys of the editor's own reads (`[kind, org, space, ...]`, as everything of a space). */
export const editorKeys = {
  /** A file's exact text, read once per visit of its editing screen. */
  editable: (org: string, space: string, path: string) => ['editable', org, space, path] as const,
  /** Which pages a move would rewrite (a dry run of the move). */
  movePreview: (org: string, space: string, from: string, to: string) =>
    ['move-preview', org, space, from, to] as const,
}

/** How long a read started as a navigation to the editor began waits for its screen to take it. */
const STARTED_READ_MS = 5_000

/** Reads started as a navigation to an editor began, each taken once by the screen it was for. */
const startedReads = new Map<string, { at: number; read: Promise<Editable | undefined> }>()

const startedKey = (org: string, space: string, path: string) =>
  JSON.stringify(editorKeys.editable(org, space, path))

/**
 * Starts reading a file's exact text as a navigation to its editor begins, before the editor's code
 * has run: the editing screen, once drawn, takes this read as its visit's one.
 */
export function startEditableRead(org: string, space: string, path: string): void {
  const key = startedKey(org, space, path)
  const now = performance.now()
  for (const [other, started] of startedReads)
    if (now - started.at > STARTED_READ_MS) startedReads.delete(other)
  // Each navigation is a visit of its own, with its own read: one before signing in was refused.
  const read = readEditable(org, space, path)
  // A read nobody takes fails silently; the screen that takes it shows its error.
  read.catch(() => undefined)
  startedReads.set(key, { at: now, read })
}

/** The read started for this visit's editor, if one was and is recent; taken, so never used twice. */
function takeStartedRead(
  org: string,
  space: string,
  path: string,
): Promise<Editable | undefined> | undefined {
  const key = startedKey(org, space, path)
  const started = startedReads.get(key)
  startedReads.delete(key)
  return started && performance.now() - started.at <= STARTED_READ_MS ? started.read : undefined
}

/**
 * A file's exact text and sha, read once per visit: the edit is based on this version, whatever
 * happens meanwhile (never read again while the screen is open, never kept after it). The read may
 * have started as the navigation to the editor began (`startEditableRead`).
 */
export function editableQuery(org: string, space: string, path: string, enabled: boolean) {
  return queryOptions({
    queryKey: editorKeys.editable(org, space, path),
    queryFn: () => takeStartedRead(org, space, path) ?? readEditable(org, space, path),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  })
}

/** The pages whose links a move would rewrite, asked as a dry run while the new path is typed. */
export function movePreviewQuery(org: string, space: string, from: string, to: string, enabled: boolean) {
  return queryOptions({
    queryKey: editorKeys.movePreview(org, space, from, to),
    queryFn: () => moveFile(org, space, from, to, true),
    enabled,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  })
}

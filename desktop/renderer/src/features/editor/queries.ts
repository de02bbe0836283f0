import { queryOptions } from '@tanstack/react-query'
import { moveFile, readEditable } from './file-api.ts'

/** The cache keys of the editor's own reads (`[kind, org, space, ...]`, as everything of a space). */
export const editorKeys = {
  /** A file's exact text, read once per visit of its editing screen. */
  editable: (org: string, space: string, path: string) => ['editable', org, space, path] as const,
  /** Which pages a move would rewrite (a dry run of the move). */
  movePreview: (org: string, space: string, from: string, to: string) =>
    ['move-preview', org, space, from, to] as const,
}

/**
 * A file's exact text and sha, read once per visit: the edit is based on this version, whatever
 * happens meanwhile (never read again while the screen is open, never kept after it).
 */
export function editableQuery(org: string, space: string, path: string, enabled: boolean) {
  return queryOptions({
    queryKey: editorKeys.editable(org, space, path),
    queryFn: () => readEditable(org, space, path),
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

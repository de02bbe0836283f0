import type { QueryClient } from '@tanstack/react-query'
import { ApiError, encodePath, rawUrl, reach, readResponse, request, spaceUrl } from '../../app/api.ts'
import i18n from '../../app/i18n.ts'

/** A file's exact text and the sha it was read at: what an edit starts from. */
export type Editable = { text: string; sha: string }

/** What a save sends: the text, a message, the sha read (`''` for a creation), the secret override. */
export type SaveInput = { content: string; message: string; baseSha: string; allowSecrets?: boolean }

/** The answer of a move (or of its dry run, with `commit: null`). */
export type Moved = { from: string; to: string; commit: string | null; pushed: boolean; rewritten: string[] }

const fileUrl = (org: string, space: string, path: string) =>
  `${spaceUrl(org, space)}/files/${encodePath(path)}`

/**
 * A file's bytes as text, exactly (a byte order mark and every line ending kept, which the read API's
 * `text` does not promise), with the sha of those bytes from the ETag. Undefined when the file is
 * missing; an ApiError `not_text` when it is not UTF-8 text.
 */
export async function readEditable(org: string, space: string, path: string): Promise<Editable | undefined> {
  const res = await reach(
    fetch(rawUrl(org, space, path), {
      headers: { 'Accept-Language': i18n.language || 'en' },
      cache: 'no-store',
    }),
  )
  if (res.status === 404) return undefined
  if (!res.ok) await readResponse(res)
  const sha = (res.headers.get('etag') ?? '').replace(/^W\//, '').replaceAll('"', '')
  const bytes = new Uint8Array(await res.arrayBuffer())
  try {
    if (bytes.includes(0)) throw new Error('binary')
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), sha }
  } catch {
    throw new ApiError(422, 'not_text', i18n.t('editor.notText'), {})
  }
}

/** Creates or replaces a text file: one commit. */
export function saveFile(org: string, space: string, path: string, input: SaveInput) {
  return request<{ path: string; sha: string; commit: string | null }>('PUT', fileUrl(org, space, path), {
    content: input.content,
    message: input.message.trim() || undefined,
    base_sha: input.baseSha,
    ...(input.allowSecrets ? { allow_secrets: true } : {}),
  })
}

/** Adds a file from its bytes, never replacing one (an existing name answers 409). */
export function uploadFile(org: string, space: string, path: string, base64: string) {
  return request<{ path: string; sha: string }>('PUT', fileUrl(org, space, path), {
    content_base64: base64,
    force: false,
    base_sha: '',
  })
}

/** Moves a file, rewriting links to it; `dryRun` only says which pages would change. */
export function moveFile(org: string, space: string, from: string, to: string, dryRun: boolean) {
  return request<Moved>('POST', `${spaceUrl(org, space)}/move`, { from, to, dry_run: dryRun || undefined })
}

/** Deletes a file: one commit. */
export function deleteFile(org: string, space: string, path: string, baseSha: string) {
  const query = baseSha ? `?base_sha=${encodeURIComponent(baseSha)}` : ''
  return request<undefined>('DELETE', `${fileUrl(org, space, path)}${query}`)
}

/** After a change: the tree and the changed files are read again. */
export async function refreshAfterChange(
  queryClient: QueryClient,
  org: string,
  space: string,
  paths: string[],
) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['tree', org, space] }),
    ...paths.map((path) => queryClient.invalidateQueries({ queryKey: ['file', org, space, path] })),
  ])
}

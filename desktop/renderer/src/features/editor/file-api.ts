import type { InferResponseType } from 'hono/client'
import { ApiError, api, encodePath, ok, reach, readResponse, request, spaceUrl } from '../../app/api.ts'
import i18n from '../../app/i18n.ts'

/** The content API of a space: its files read, written, uploaded, moved and deleted. */
const spaceApi = api.organizations[':org'].spaces[':space']

/**
 * The read route's typed endpoint. Its path parameter's pattern holds a slash (`{path{.+(?<!/related)}}`,
 * so that `files/<page>/related` stays the related pages' route), which the typed client splits in two
 * and cannot fill in: the route is called through `readFile`, typed from here.
 */
type FileReadEndpoint = (typeof spaceApi.files)[':path{.+(?<!']['related)}']['$get']

/** A file as the API reads it: kind, sha, text (or extracted text), freshness for a page. */
export type FileRead = InferResponseType<FileReadEndpoint, 200>

/** A file's exact text and the sha it was read at: what an edit starts from. */
export type Editable = { text: string; sha: string }

/** What a save sends: the text, a message, the sha read (`''` for a creation), the secret override. */
export type SaveInput = { content: string; message: string; baseSha: string; allowSecrets?: boolean }

/** A file of a space, at the tip or, with `ref`, as it was at a commit of its history. */
export function readFile(org: string, space: string, path: string, ref?: string): Promise<FileRead> {
  const query = ref ? `?ref=${encodeURIComponent(ref)}` : ''
  return request<FileRead>('GET', `${spaceUrl(org, space)}/files/${encodePath(path)}${query}`)
}

/**
 * A file's bytes as text, exactly (a byte order mark and every line ending kept, which the read API's
 * `text` does not promise), with the sha of those bytes from the ETag. Undefined when the file is
 * missing; an ApiError `not_text` when it is not UTF-8 text.
 */
export async function readEditable(org: string, space: string, path: string): Promise<Editable | undefined> {
  const res = await reach(
    spaceApi.raw[':path{.+}'].$get(
      { param: { org, space, path: encodePath(path) } },
      { init: { cache: 'no-store' } },
    ),
  )
  // The route's type knows only its success; a missing file answers 404 all the same.
  const status: number = res.status
  if (status === 404) return undefined
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
  return ok(
    spaceApi.files[':path{.+}'].$put({
      param: { org, space, path: encodePath(path) },
      json: {
        content: input.content,
        message: input.message.trim() || undefined,
        base_sha: input.baseSha,
        ...(input.allowSecrets ? { allow_secrets: true } : {}),
      },
    }),
  )
}

/** Adds a file from its bytes, never replacing one (an existing name answers 409). */
export function uploadFile(org: string, space: string, path: string, base64: string) {
  return ok(
    spaceApi.files[':path{.+}'].$put({
      param: { org, space, path: encodePath(path) },
      json: { content_base64: base64, force: false, base_sha: '' },
    }),
  )
}

/** Moves a file, rewriting links to it; `dryRun` only says which pages would change. */
export function moveFile(org: string, space: string, from: string, to: string, dryRun: boolean) {
  return ok(spaceApi.move.$post({ param: { org, space }, json: { from, to, dry_run: dryRun || undefined } }))
}

/** Deletes a file: one commit. */
export function deleteFile(org: string, space: string, path: string, baseSha: string) {
  return ok(
    spaceApi.files[':path{.+}'].$delete({
      param: { org, space, path: encodePath(path) },
      query: baseSha ? { base_sha: baseSha } : {},
    }),
  )
}

import { createRoute, z } from '@hono/zod-openapi'
import { accepts } from 'hono/accepts'
import { contentTypeOf, isActiveContent } from '../../domain/file-kinds.ts'
import type { Deps } from '../../ports/deps.ts'
import { fileHistory, HISTORY_PAGE, readFile, readRaw } from '../../services/content/content-files.ts'
import { deleteFile } from '../../services/content/delete-file.ts'
import { moveFile } from '../../services/content/move-file.ts'
import { spaceTree } from '../../services/content/space-tree.ts'
import { selectTree } from '../../services/content/tree-selection.ts'
import { writeFile } from '../../services/content/write-file.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { presentCommit } from '../present.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import { SpaceParams } from '../schemas.ts'
import {
  CommitSchema,
  FileParams,
  FileReadQuery,
  FileSchema,
  HistoryQuery,
  MovedSchema,
  MoveSchema,
  TreeEntrySchema,
  TreeFolderSchema,
  TreeQuery,
  WriteFileSchema,
  WrittenSchema,
} from '../schemas-content.ts'
import { gzippedOnce } from './gzipped-once.ts'

const tags = ['Content']
const base = '/organizations/{org}/spaces/{space}'
/** `{path{.+}}` lets a path parameter hold slashes; the schema shows it as `{path}`. */
const filePath = <P extends string>(prefix: P) => `${base}/${prefix}/{path{.+}}` as const

const tree = createRoute({
  method: 'get',
  path: `${base}/tree`,
  tags,
  security: SECURED,
  summary: 'All files: path, size, sha',
  description: [
    'Without query parameters, every file under `content/`, sorted by path.',
    '`folder` keeps the files under a folder; `depth` cuts the listing that many levels below it, each deeper folder',
    'listed once (`type: "folder"`, with its number of files) where its files would be, so that a client can show',
    'one folder and load the others as they are opened. `limit` answers at most that many entries, the',
    '`X-Next-Cursor` header then giving the `cursor` that continues after them.',
    'The listing is made once per commit: the `ETag` names the commit, and `If-None-Match` with it answers 304.',
    'A listing made while the search index had not read many pages yet names those by their file names and has no',
    '`ETag`: it is made again a second later, and a client reads it again to show their titles.',
  ].join(' '),
  request: { params: SpaceParams, query: TreeQuery },
  responses: {
    200: jsonContent(z.array(z.union([TreeEntrySchema, TreeFolderSchema])), 'Files under content/'),
    304: { description: 'Not modified: the tree is still the one of the `ETag` given in `If-None-Match`' },
    ...errorResponses(404),
  },
})
const read = createRoute({
  method: 'get',
  // `files/<page>/related` belongs to the related-pages route, which Hono's router would let this one shadow.
  path: `${base}/files/{path{.+(?<!/related)}}`,
  tags,
  security: SECURED,
  summary: 'Read a file',
  description:
    '`text` is the content, or the text extracted from a PDF, an Office document or an image; Markdown pages add `freshness`. `ref` reads the file at a commit of its history.',
  request: { params: FileParams, query: FileReadQuery },
  responses: { 200: jsonContent(FileSchema, 'The file'), ...errorResponses(400, 404) },
})
const write = createRoute({
  method: 'put',
  path: filePath('files'),
  tags,
  security: SECURED,
  summary: 'Create or replace a file',
  description:
    'Replacing needs the `base_sha` read (or `force`); `base_sha: ""` requires a creation; likely secrets answer 422 unless `allow_secrets`. One commit, pushed at once.',
  request: { params: FileParams, ...jsonBody(WriteFileSchema) },
  responses: {
    200: jsonContent(WrittenSchema, 'Replaced'),
    201: jsonContent(WrittenSchema, 'Created'),
    ...errorResponses(400, 403, 404, 409),
  },
})
const remove = createRoute({
  method: 'delete',
  path: filePath('files'),
  tags,
  security: SECURED,
  summary: 'Delete a file',
  request: { params: FileParams, query: z.object({ base_sha: z.string().optional() }) },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 403, 404, 409) },
})
const raw = createRoute({
  method: 'get',
  path: filePath('raw'),
  tags,
  security: SECURED,
  summary: 'Raw bytes of a file',
  description:
    'The `ETag` is the file’s sha: `If-None-Match` with it answers 304 while the file is unchanged.',
  request: { params: FileParams },
  responses: {
    200: { description: 'The bytes, with their content type' },
    304: { description: 'Not modified: the file is still the one of the `ETag` given in `If-None-Match`' },
    ...errorResponses(400, 404),
  },
})
const move = createRoute({
  method: 'post',
  path: `${base}/move`,
  tags,
  security: SECURED,
  summary: 'Move a file or a folder, rewriting links to it',
  description:
    "One commit. A folder moves with every file in it, to a path where nothing is yet (409 `folder_exists` or `file_exists` otherwise; 400 `move_into_itself` inside itself); links to what moved, and the moved pages' own relative links, are rewritten in the same commit. With `dry_run: true`, lists the pages whose links would be rewritten and writes nothing.",
  request: { params: SpaceParams, ...jsonBody(MoveSchema) },
  responses: { 200: jsonContent(MovedSchema, 'Moved'), ...errorResponses(400, 403, 404, 409) },
})
const history = createRoute({
  method: 'get',
  path: filePath('history'),
  tags,
  security: SECURED,
  summary: 'Commits that touched a file',
  request: {
    params: FileParams,
    query: HistoryQuery,
  },
  responses: { 200: jsonContent(z.array(CommitSchema), 'Newest first'), ...errorResponses(400, 404) },
})

/** Whether an `If-None-Match` header names `etag` (or is `*`). */
function isKnownTag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}

/** A listing's position as the opaque cursor a client passes back (a path may hold any character). */
const toCursor = (key: string) => Buffer.from(key).toString('base64url')
const fromCursor = (cursor: string) => Buffer.from(cursor, 'base64url').toString()

/** The files of a space: tree, read, raw bytes, write, delete, move, history. */
export function contentRoutes(deps: Deps) {
  return newRouter()
    .openapi(tree, async (c) => {
      const prepared = await spaceTree(deps, actorOf(c), c.req.valid('param'))
      const { cursor, ...selection } = c.req.valid('query')
      const headers: Record<string, string> = { 'Cache-Control': 'private, no-cache' }
      if (prepared.version) {
        headers.ETag = `"${prepared.version}"`
        if (isKnownTag(c.req.header('If-None-Match'), headers.ETag)) return c.body(null, 304, headers)
      }
      headers['Content-Type'] = 'application/json'
      if (cursor === undefined && Object.values(selection).every((value) => value === undefined)) {
        // The whole tree is the same bytes until the next commit: gzipped once for who takes gzip.
        headers.Vary = 'Accept-Encoding'
        if (accepts(c, { header: 'Accept-Encoding', supports: ['gzip'], default: 'identity' }) !== 'gzip')
          return c.body(prepared.body as Uint8Array<ArrayBuffer>, 200, headers)
        headers['Content-Encoding'] = 'gzip'
        return c.body((await gzippedOnce(prepared.body)) as Uint8Array<ArrayBuffer>, 200, headers)
      }
      const part = selectTree(prepared, { ...selection, cursor: cursor && fromCursor(cursor) })
      if (part.next !== undefined) headers['X-Next-Cursor'] = toCursor(part.next)
      return c.body(part.body, 200, headers)
    })
    .openapi(read, async (c) => {
      const { path, ...ref } = c.req.valid('param')
      return c.json(await readFile(deps, actorOf(c), ref, path, c.req.valid('query').ref), 200)
    })
    .openapi(write, async (c) => {
      const { path, ...ref } = c.req.valid('param')
      const body = c.req.valid('json')
      const done = await writeFile(deps, actorOf(c), ref, path, {
        content: body.content,
        contentBase64: body.content_base64,
        message: body.message,
        baseSha: body.base_sha,
        force: body.force,
        allowSecrets: body.allow_secrets,
      })
      const { created, ...result } = done.result
      return c.json({ ...result, commit: done.commit, pushed: done.pushed }, created ? 201 : 200)
    })
    .openapi(remove, async (c) => {
      const { path, ...ref } = c.req.valid('param')
      await deleteFile(deps, actorOf(c), ref, path, { baseSha: c.req.valid('query').base_sha })
      return c.body(null, 204)
    })
    .openapi(raw, async (c) => {
      const { path, ...ref } = c.req.valid('param')
      const file = await readRaw(deps, actorOf(c), ref, path)
      const name = file.path.slice(file.path.lastIndexOf('/') + 1)
      const headers: Record<string, string> = {
        'Content-Type': contentTypeOf(file.path),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "sandbox; default-src 'none'",
        ETag: `"${file.sha}"`,
      }
      if (isActiveContent(file.path))
        headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(name)}`
      if (isKnownTag(c.req.header('If-None-Match'), headers.ETag as string)) return c.body(null, 304, headers)
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, headers)
    })
    .openapi(move, async (c) => {
      const { dry_run: dryRun, ...body } = c.req.valid('json')
      const done = await moveFile(deps, actorOf(c), c.req.valid('param'), { ...body, dryRun })
      return c.json({ ...done.result, commit: done.commit, pushed: done.pushed }, 200)
    })
    .openapi(history, async (c) => {
      const { path, ...ref } = c.req.valid('param')
      const { limit, before } = c.req.valid('query')
      const commits = await fileHistory(deps, actorOf(c), ref, path, limit ?? HISTORY_PAGE, before)
      return c.json(commits.map(presentCommit), 200)
    })
}

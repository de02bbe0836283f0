import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import { dropNote } from '../../services/inbox/drop-note.ts'
import { getInboxItem, listInbox } from '../../services/inbox/inbox.ts'
import type { InboxItem } from '../../services/inbox/inbox-items.ts'
import {
  correctNote,
  deleteNote,
  markSeen,
  moveNote,
  readAttachment,
} from '../../services/inbox/note-changes.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import { SpaceParams } from '../schemas.ts'
import {
  CorrectSchema,
  DropSchema,
  InboxItemSchema,
  InboxItemWithBodySchema,
  InboxParams,
  MoveNoteSchema,
} from '../schemas-inbox.ts'

const tags = ['Inbox']
const base = '/organizations/{org}/spaces/{space}/inbox'

/** An inbox item as JSON. */
export function presentItem(item: InboxItem) {
  return {
    name: item.name,
    type: item.type,
    title: item.title,
    deposited_by: item.depositedBy,
    deposited_at: item.depositedAt,
    status: item.status,
    reason: item.reason,
    candidates: item.candidates,
    hint: item.hint,
    source: item.source,
    via: item.via,
    origin: item.origin,
    attachments: item.attachments,
    ...(item.path ? { path: item.path } : {}),
  }
}

const list = createRoute({
  method: 'get',
  path: base,
  tags,
  security: SECURED,
  summary: 'Pending items',
  description:
    'Notes to process, notes left by the tidy-up (`kind=left`) and changed pages (`kind=change`), newest first. The total is in `X-Total-Count`.',
  request: {
    params: SpaceParams,
    query: z.object({
      kind: z.enum(['note', 'change', 'left']).optional(),
      limit: z.coerce.number().int().min(1).max(500).optional(),
      offset: z.coerce.number().int().min(0).optional(),
    }),
  },
  responses: { 200: jsonContent(z.array(InboxItemSchema), 'Items'), ...errorResponses(404) },
})
const drop = createRoute({
  method: 'post',
  path: base,
  tags,
  security: SECURED,
  summary: 'Drop a note',
  description:
    'At most 120 drops per account per hour across every space and interface (429). Likely secrets answer 422.',
  request: { params: SpaceParams, ...jsonBody(DropSchema) },
  responses: { 201: jsonContent(InboxItemSchema, 'The note'), ...errorResponses(400, 403, 404, 429) },
})
const get = createRoute({
  method: 'get',
  path: `${base}/{name}`,
  tags,
  security: SECURED,
  summary: 'One item with its body',
  request: { params: InboxParams },
  responses: { 200: jsonContent(InboxItemWithBodySchema, 'The item'), ...errorResponses(404) },
})
const correct = createRoute({
  method: 'patch',
  path: `${base}/{name}`,
  tags,
  security: SECURED,
  summary: 'Correct a note',
  description: 'Absent fields stay unchanged; a note left by the tidy-up goes back to be processed.',
  request: { params: InboxParams, ...jsonBody(CorrectSchema) },
  responses: { 200: jsonContent(InboxItemSchema, 'The note'), ...errorResponses(400, 403, 404) },
})
const remove = createRoute({
  method: 'delete',
  path: `${base}/{name}`,
  tags,
  security: SECURED,
  summary: 'Remove a note and its attachments',
  description: 'Only notes: a `change` item answers 400 (mark it seen instead).',
  request: { params: InboxParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(400, 403, 404) },
})
const move = createRoute({
  method: 'post',
  path: `${base}/{name}/move`,
  tags,
  security: SECURED,
  summary: 'Move a note to another space',
  request: { params: InboxParams, ...jsonBody(MoveNoteSchema) },
  responses: {
    200: jsonContent(z.object({ space: z.string(), path: z.string() }), 'Where the note is now'),
    ...errorResponses(400, 403, 404, 409, 429),
  },
})
const seen = createRoute({
  method: 'post',
  path: `${base}/{name}/seen`,
  tags,
  security: SECURED,
  summary: 'Mark a change as seen',
  request: { params: InboxParams },
  responses: { 204: { description: 'Seen' }, ...errorResponses(400, 403, 404) },
})
const attachment = createRoute({
  method: 'get',
  path: `${base}/{name}/files/{filename}`,
  tags,
  security: SECURED,
  summary: 'An attachment, as raw bytes',
  request: {
    params: InboxParams.extend({ filename: z.string().openapi({ param: { name: 'filename', in: 'path' } }) }),
  },
  responses: { 200: { description: 'The bytes, always as a download' }, ...errorResponses(404) },
})

/** A space's inbox: notes and changed pages. */
export function inboxRoutes(deps: Deps) {
  return newRouter()
    .openapi(list, async (c) => {
      const { kind, limit, offset } = c.req.valid('query')
      const { items, total } = await listInbox(deps, actorOf(c), c.req.valid('param'), {
        kind,
        limit: limit ?? 100,
        offset: offset ?? 0,
      })
      c.header('X-Total-Count', String(total))
      return c.json(items.map(presentItem), 200)
    })
    .openapi(drop, async (c) => {
      const body = c.req.valid('json')
      const item = await dropNote(deps, actorOf(c), c.req.valid('param'), {
        title: body.title,
        content: body.content,
        hint: body.hint,
        source: body.source,
        attachments: body.attachments?.map((a) => ({ name: a.name, contentBase64: a.content_base64 })),
        allowSecrets: body.allow_secrets,
      })
      return c.json(presentItem(item), 201)
    })
    .openapi(get, async (c) => {
      const { name, ...ref } = c.req.valid('param')
      const item = await getInboxItem(deps, actorOf(c), ref, name)
      return c.json({ ...presentItem(item), body: item.body }, 200)
    })
    .openapi(correct, async (c) => {
      const { name, ...ref } = c.req.valid('param')
      const body = c.req.valid('json')
      const item = await correctNote(deps, actorOf(c), ref, name, {
        ...body,
        allowSecrets: body.allow_secrets,
      })
      return c.json(presentItem(item), 200)
    })
    .openapi(remove, async (c) => {
      const { name, ...ref } = c.req.valid('param')
      await deleteNote(deps, actorOf(c), ref, name)
      return c.body(null, 204)
    })
    .openapi(move, async (c) => {
      const { name, ...ref } = c.req.valid('param')
      return c.json(await moveNote(deps, actorOf(c), ref, name, c.req.valid('json').space), 200)
    })
    .openapi(seen, async (c) => {
      const { name, ...ref } = c.req.valid('param')
      await markSeen(deps, actorOf(c), ref, name)
      return c.body(null, 204)
    })
    .openapi(attachment, async (c) => {
      const { name, filename, ...ref } = c.req.valid('param')
      const file = await readAttachment(deps, actorOf(c), ref, name, filename)
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "sandbox; default-src 'none'",
      })
    })
}

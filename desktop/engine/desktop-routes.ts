import { createRoute, z } from '@hono/zod-openapi'
import { actorOf, authenticate } from '#shared/api/middleware/authenticate.ts'
import { requireJsonBody } from '#shared/api/middleware/json-body.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '#shared/api/router.ts'
import { SYNC_ERROR_CODES } from '#shared/domain/sync-errors.ts'
import type { Deps } from '#shared/ports/deps.ts'
import { type Actor, localeOf } from '#shared/services/access/actor.ts'
import { updateUser } from '#shared/services/accounts/update-user.ts'
import { listVisibleSpaces } from '#shared/services/spaces/list-spaces.ts'
import { SPACE_KINDS, SYNC_STATUSES } from './contract.ts'
import {
  addDesktopSpaces,
  type DesktopSpace,
  desktopSpace,
  listDesktopSpaces,
  type NewDesktopSpace,
} from './desktop-spaces.ts'
import { credentialOf, type WindowCredential } from './live-tickets.ts'
import { nameLocalOrg, needsIdentity } from './person.ts'
import { serverAccount } from './server-client.ts'

/** What the desktop routes need from the running engine. */
export type DesktopRouteOptions = {
  dataDir: string
  /** The local MCP endpoint's address and the token assistants use. */
  mcp: () => { url: string; token: string }
  /** The origins the window and the loopback listener answer on (same-site checks). */
  ownOrigins: () => readonly string[]
  /** Spaces being synced now. */
  syncing: ReadonlySet<number>
  /** Starts a space's sync in the background. */
  startSync: (spaceId: number) => void
  /** Syncs a space now, as the caller (who must be allowed to write to it), and waits for the outcome. */
  syncNow: (actor: Actor, ref: { org: string; space: string }) => Promise<void>
  /** A ticket for the window's live sessions, standing for its credential, and where to use it. */
  liveTicket: (credential: WindowCredential) => { url: string; ticket: string }
}

const tags = ['Desktop']
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

const PersonSchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.email().max(254),
})
const DesktopSpaceSchema = z.object({
  org: z.string(),
  space: z.string(),
  name: z.string(),
  kind: z.enum(SPACE_KINDS),
  remote: z.string().nullable(),
  server: z.string().nullable(),
  status: z.enum(SYNC_STATUSES),
  waiting: z.number().int(),
  conflicts: z.number().int(),
  last_sync_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_code: z.enum(SYNC_ERROR_CODES).nullable().openapi({
    description: 'What kind of failure `last_error` is; `unreachable` is what makes a space offline',
  }),
  meaning: z
    .object({ indexed: z.number().int(), total: z.number().int() })
    .nullable()
    .openapi({ description: 'The index by meaning filling in (files); null when it is off' }),
})
const SLUG = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/)
  .optional()
const NAME = z.string().trim().min(1).max(100)
const ServerSchema = z.object({ server_url: z.string().min(1).max(2000), token: z.string().min(1).max(500) })
const NewSpaceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('local'), name: NAME, slug: SLUG }),
  z.object({
    kind: z.literal('git'),
    name: NAME,
    slug: SLUG,
    repo_url: z.string().min(1).max(2000),
    branch: z.string().max(200).optional(),
    token: z.string().max(2000).optional(),
    ssh_key: z.string().max(20_000).optional(),
    known_hosts: z.string().max(20_000).optional(),
  }),
  ServerSchema.extend({
    kind: z.literal('server'),
    spaces: z
      .array(z.string().regex(/^[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/))
      .min(1)
      .max(200),
  }),
])

const overview = createRoute({
  method: 'get',
  path: '/',
  tags,
  security: SECURED,
  summary: 'The person, the data folder and the local MCP endpoint',
  responses: {
    200: jsonContent(
      z.object({
        person: z.object({ name: z.string(), email: z.string() }),
        needs_identity: z.boolean(),
        data_dir: z.string(),
        mcp: z.object({ url: z.string(), token: z.string(), config: z.record(z.string(), z.unknown()) }),
      }),
      'The desktop',
    ),
    ...errorResponses(),
  },
})
const setPerson = createRoute({
  method: 'put',
  path: '/person',
  tags,
  security: SECURED,
  summary: 'The name and e-mail of the person’s commits',
  request: jsonBody(PersonSchema),
  responses: { 200: jsonContent(z.object({ person: PersonSchema }), 'Saved'), ...errorResponses() },
})
const spaces = createRoute({
  method: 'get',
  path: '/spaces',
  tags,
  security: SECURED,
  summary: 'The spaces on this computer with their sync state',
  responses: {
    200: jsonContent(z.object({ spaces: z.array(DesktopSpaceSchema) }), 'Spaces'),
    ...errorResponses(),
  },
})
const addSpaces = createRoute({
  method: 'post',
  path: '/spaces',
  tags,
  security: SECURED,
  summary: 'Add a space: local, from a Git remote, or from a hosted server',
  request: jsonBody(NewSpaceSchema),
  responses: {
    201: jsonContent(z.object({ spaces: z.array(DesktopSpaceSchema) }), 'The new spaces'),
    ...errorResponses(400, 404, 409),
  },
})
const serverSpaces = createRoute({
  method: 'post',
  path: '/servers/spaces',
  tags,
  security: SECURED,
  summary: 'The spaces an account can read on a hosted server',
  request: jsonBody(ServerSchema),
  responses: {
    200: jsonContent(
      z.object({
        username: z.string(),
        spaces: z.array(
          z.object({
            org: z.string(),
            space: z.string(),
            name: z.string(),
            organization_name: z.string(),
            role: z.string(),
            kept: z.boolean(),
          }),
        ),
      }),
      'Spaces of the server',
    ),
    ...errorResponses(400),
  },
})
const syncRoute = createRoute({
  method: 'post',
  path: '/spaces/{org}/{space}/sync',
  tags,
  security: SECURED,
  summary: 'Sync a space now',
  request: { params: z.object({ org: z.string(), space: z.string() }) },
  responses: {
    200: jsonContent(DesktopSpaceSchema, 'The space after its sync'),
    ...errorResponses(400, 404),
  },
})
const liveTicket = createRoute({
  method: 'post',
  path: '/live-ticket',
  tags,
  security: SECURED,
  summary: 'A ticket to open one live session on the loopback listener, within 30 s',
  description:
    'The window’s own scheme cannot open a WebSocket: it opens `{url}/api/v1/collab/{org}/{space}/{path}?ticket={ticket}` instead, once.',
  responses: {
    200: jsonContent(
      z.object({
        url: z.string().openapi({ description: 'The loopback listener, as ws://127.0.0.1:<port>' }),
        ticket: z.string(),
      }),
      'The ticket',
    ),
    ...errorResponses(),
  },
})

/** A space for the window, in the API's naming. */
function present(space: DesktopSpace) {
  const { lastSyncAt, lastError, lastErrorCode, ...rest } = space
  return { ...rest, last_sync_at: iso(lastSyncAt), last_error: lastError, last_error_code: lastErrorCode }
}

/**
 * The desktop's own API (`/api/v1/desktop`): the person, the spaces of this computer and their sync.
 * Chained, so its types reach the window's typed client (`DesktopRoutes` in contract.ts).
 */
export function desktopRoutes(deps: Deps, options: DesktopRouteOptions) {
  const routes = newRouter()
  routes.use('*', requireJsonBody(), authenticate(deps, options.ownOrigins, 'desktop'))
  return routes
    .openapi(overview, async (c) => {
      const actor = actorOf(c)
      const account = actor.account
      // As the window opens, in the language it reads (the person's, else its browser's): a script
      // saying no language, or a token that may not rename, leaves the name as it is.
      const full =
        actor.credential.kind === 'session' || (!actor.credential.readOnly && !actor.credential.spaceIds)
      const spoken = actor.account.locale || c.req.header('accept-language')
      if (full && spoken)
        await nameLocalOrg(deps, actor, localeOf(actor, c.get('locale') ?? 'en')).catch(() => undefined)
      const mcp = options.mcp()
      return c.json(
        {
          person: {
            name: account.displayName === account.username ? '' : account.displayName,
            email: account.email,
          },
          needs_identity: needsIdentity(account),
          data_dir: options.dataDir,
          mcp: {
            ...mcp,
            config: {
              mcpServers: {
                quire: { type: 'http', url: mcp.url, headers: { Authorization: `Bearer ${mcp.token}` } },
              },
            },
          },
        },
        200,
      )
    })
    .openapi(setPerson, async (c) => {
      const actor = actorOf(c)
      const { name, email } = c.req.valid('json')
      const account = await updateUser(deps, actor, actor.account.username, { displayName: name, email })
      return c.json({ person: { name: account.displayName, email: account.email } }, 200)
    })
    .openapi(spaces, async (c) => {
      const list = await listDesktopSpaces(deps, actorOf(c), options.syncing)
      return c.json({ spaces: list.map(present) }, 200)
    })
    .openapi(addSpaces, async (c) => {
      const actor = actorOf(c)
      const body = c.req.valid('json')
      const input: NewDesktopSpace =
        body.kind === 'local'
          ? body
          : body.kind === 'git'
            ? {
                kind: 'git',
                name: body.name,
                slug: body.slug,
                repoUrl: body.repo_url,
                branch: body.branch,
                token: body.token,
                sshKey: body.ssh_key,
                knownHosts: body.known_hosts,
              }
            : { kind: 'server', server: { url: body.server_url, token: body.token }, spaces: body.spaces }
      const added = await addDesktopSpaces(deps, actor, input, options.startSync)
      const described = await Promise.all(added.map((ref) => desktopSpace(deps, actor, ref, options.syncing)))
      return c.json({ spaces: described.map(present) }, 201)
    })
    .openapi(serverSpaces, async (c) => {
      const actor = actorOf(c)
      const { server_url, token } = c.req.valid('json')
      const account = await serverAccount({ url: server_url, token })
      // Only which spaces are here: their sync state is not needed.
      const kept = new Set(
        (await listVisibleSpaces(deps, actor)).map((v) => `${v.organization.slug}/${v.space.slug}`),
      )
      return c.json(
        {
          username: account.username,
          spaces: account.spaces.map((s) => ({
            org: s.org,
            space: s.space,
            name: s.name,
            organization_name: s.organizationName,
            role: s.role,
            kept: kept.has(`${s.org}/${s.space}`),
          })),
        },
        200,
      )
    })
    .openapi(syncRoute, async (c) => {
      const actor = actorOf(c)
      const ref = c.req.valid('param')
      await options.syncNow(actor, ref)
      return c.json(present(await desktopSpace(deps, actor, ref, options.syncing)), 200)
    })
    .openapi(liveTicket, async (c) => {
      // Only the person has one: a request without their credential is refused (401).
      actorOf(c)
      return c.json(options.liveTicket(credentialOf(c)), 200)
    })
}

import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Deps } from '../../ports/deps.ts'
import { conflictVersions } from '../../services/git/conflict-versions.ts'
import {
  deleteCredentials,
  newWebhookSecret,
  requestSync,
  setCredentials,
} from '../../services/git/git-settings.ts'
import { gitState } from '../../services/git/git-state.ts'
import { resolveConflicts } from '../../services/git/resolve-conflicts.ts'
import type { AppEnv } from '../env.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import { SpaceParams } from '../schemas.ts'
import {
  ConflictVersionsSchema,
  CredentialsSchema,
  GitStateSchema,
  ResolveSchema,
} from '../schemas-content.ts'

const tags = ['Git']
const base = '/organizations/{org}/spaces/{space}/git'
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** Where the service says it is: SERVICE_BASE_URL, else the address it listens on. */
type PublicOrigin = { baseUrl?: string; ownOrigins?: () => readonly string[] }

/**
 * The public address of a space's incoming webhook. Without a base URL it is the listening address,
 * never the request's `Host`, which whoever sends the request chooses.
 */
function webhookUrl(c: Context<AppEnv>, where: PublicOrigin, org: string, space: string): string {
  const origin = where.baseUrl?.replace(/\/+$/, '') ?? where.ownOrigins?.()[0] ?? new URL(c.req.url).origin
  return `${origin}/api/v1/hooks/git/${org}/${space}`
}

const state = createRoute({
  method: 'get',
  path: base,
  tags,
  security: SECURED,
  summary: 'Git state: status, last sync, conflicts, webhook URL',
  request: { params: SpaceParams },
  responses: { 200: jsonContent(GitStateSchema, 'The state'), ...errorResponses(404) },
})
const putCredentials = createRoute({
  method: 'put',
  path: `${base}/credentials`,
  tags,
  security: SECURED,
  summary: 'Set the remote’s credentials (write-only)',
  request: { params: SpaceParams, ...jsonBody(CredentialsSchema) },
  responses: { 204: { description: 'Stored, encrypted' }, ...errorResponses(400, 403, 404) },
})
const dropCredentials = createRoute({
  method: 'delete',
  path: `${base}/credentials`,
  tags,
  security: SECURED,
  summary: 'Delete the credentials',
  request: { params: SpaceParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(403, 404) },
})
const sync = createRoute({
  method: 'post',
  path: `${base}/sync`,
  tags,
  security: SECURED,
  summary: 'Request a sync',
  request: { params: SpaceParams },
  responses: { 202: { description: 'Sync started' }, ...errorResponses(400, 403, 404) },
})
const secret = createRoute({
  method: 'post',
  path: `${base}/webhook-secret`,
  tags,
  security: SECURED,
  summary: 'A new webhook secret',
  request: { params: SpaceParams },
  responses: {
    200: jsonContent(z.object({ url: z.string(), secret: z.string() }), 'The URL and the secret, shown once'),
    ...errorResponses(403, 404),
  },
})
const conflicts = createRoute({
  method: 'get',
  path: `${base}/conflicts`,
  tags,
  security: SECURED,
  summary: 'Both versions of each conflicted file (admin)',
  description: 'Paths from the repository root, as in `choices` of the resolution.',
  request: { params: SpaceParams },
  responses: {
    200: jsonContent(z.array(ConflictVersionsSchema), 'Our and their version of each file'),
    ...errorResponses(403, 404),
  },
})
const resolve = createRoute({
  method: 'post',
  path: `${base}/conflicts/resolve`,
  tags,
  security: SECURED,
  summary: 'Resolve conflicts',
  description:
    '`choices` maps a path from the repository root (for example `content/page.md`) to `local` or `remote`.',
  request: { params: SpaceParams, ...jsonBody(ResolveSchema) },
  responses: { 202: { description: 'Resolved' }, ...errorResponses(400, 403, 404, 409) },
})

/** A space's Git remote: state, credentials, sync, webhook secret, conflicts. */
export function gitRoutes(deps: Deps, where: PublicOrigin) {
  return newRouter()
    .openapi(state, async (c) => {
      const ref = c.req.valid('param')
      const s = await gitState(deps, actorOf(c), ref)
      return c.json(
        {
          status: s.status,
          repo_url: s.repoUrl,
          branch: s.branch,
          head: s.head,
          last_sync_at: iso(s.lastSyncAt),
          last_error: s.lastError,
          last_error_code: s.lastErrorCode,
          last_error_at: iso(s.lastErrorAt),
          next_retry_at: iso(s.nextRetryAt),
          ahead: s.ahead,
          behind: s.behind,
          conflicts: s.conflicts.map((x) => ({
            path: x.path,
            local_sha: x.localSha,
            remote_sha: x.remoteSha,
            detected_at: iso(x.detectedAt) ?? '',
          })),
          webhook_url: webhookUrl(c, where, ref.org, ref.space),
          has_webhook_secret: s.hasWebhookSecret,
          has_credentials: s.hasCredentials,
          credentials_kind: s.credentialsKind,
        },
        200,
      )
    })
    .openapi(putCredentials, async (c) => {
      const body = c.req.valid('json')
      await setCredentials(
        deps,
        actorOf(c),
        c.req.valid('param'),
        body.kind === 'https'
          ? body
          : { kind: 'ssh', privateKey: body.private_key, knownHosts: body.known_hosts },
      )
      return c.body(null, 204)
    })
    .openapi(dropCredentials, async (c) => {
      await deleteCredentials(deps, actorOf(c), c.req.valid('param'))
      return c.body(null, 204)
    })
    .openapi(sync, async (c) => {
      // Runs in the background: the state shows how it went.
      const { done } = await requestSync(deps, actorOf(c), c.req.valid('param'))
      done.catch(() => undefined)
      return c.body(null, 202)
    })
    .openapi(secret, async (c) => {
      const ref = c.req.valid('param')
      const { secret: value } = await newWebhookSecret(deps, actorOf(c), ref)
      return c.json({ url: webhookUrl(c, where, ref.org, ref.space), secret: value }, 200)
    })
    .openapi(conflicts, async (c) =>
      c.json(await conflictVersions(deps, actorOf(c), c.req.valid('param')), 200),
    )
    .openapi(resolve, async (c) => {
      await resolveConflicts(deps, actorOf(c), c.req.valid('param'), c.req.valid('json').choices)
      return c.body(null, 202)
    })
}

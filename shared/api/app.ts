import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { FILE_MAX_BYTES } from '../domain/limits.ts'
import { DomainError } from '../errors/domain-error.ts'
import type { Deps } from '../ports/deps.ts'
import { docsRoutes } from './docs.ts'
import type { ApiOptions, AppEnv } from './env.ts'
import { errorResponse, handleError } from './errors.ts'
import { authenticate } from './middleware/authenticate.ts'
import { requireJsonBody, requireUtf8Body } from './middleware/json-body.ts'
import { chooseLocale } from './middleware/locale.ts'
import { requireUtf8Path, routingPath } from './middleware/path-encoding.ts'
import { requestLog } from './middleware/request-log.ts'
import { securityHeaders } from './middleware/security-headers.ts'
import { OPERATION_IDS } from './operation-ids.ts'
import { newRouter } from './router.ts'
import { accountRoutes } from './routes/account.ts'
import { collabRoutes } from './routes/collab.ts'
import { contentRoutes } from './routes/content.ts'
import { emailVerificationRoutes } from './routes/email-verification.ts'
import { gitRoutes } from './routes/git.ts'
import { healthRoutes } from './routes/health.ts'
import { hookRoutes } from './routes/hooks.ts'
import { inboxRoutes } from './routes/inbox.ts'
import { invitationRoutes } from './routes/invitations.ts'
import { organizationRoutes } from './routes/organizations.ts'
import { pageRoutes } from './routes/pages.ts'
import { passwordResetRoutes } from './routes/password-reset.ts'
import { personalRoutes } from './routes/personal.ts'
import { purposeRoutes } from './routes/purpose.ts'
import { qualityRoutes } from './routes/quality.ts'
import { routineRoutes } from './routes/routines.ts'
import { searchRoutes } from './routes/search.ts'
import { sessionRoutes } from './routes/session.ts'
import { spaceRoutes } from './routes/spaces.ts'
import { ssoRoutes } from './routes/sso.ts'
import { tidyRoutes } from './routes/tidy.ts'
import { userRoutes } from './routes/users.ts'
import { webhookRoutes } from './routes/webhooks.ts'

/** Default largest request body: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024
/**
 * Largest file write: a file of FILE_MAX_BYTES in base64 (4 characters per 3 bytes) in JSON, with room
 * for the other fields. The body is parsed in one piece, so this also bounds that pause (a few hundred
 * milliseconds at most).
 */
export const MAX_FILE_BODY_BYTES = Math.ceil(FILE_MAX_BYTES / 3) * 4 + 1024 * 1024

/** The requests that carry a file: a file's write, and a note dropped with its attachments. */
const CARRIES_FILE = /^\/api\/v1\/organizations\/[^/]+\/spaces\/[^/]+\/(?:files\/|inbox\/?$)/
const HOOK = /^\/api\/v1\/hooks\//

/** The answer to a body over the limit, which every operation taking a body may give. */
const TOO_LARGE = {
  description: 'Body too large (`too_large`)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
}

/** The operations a path of the OpenAPI document may hold. */
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const

/** The OpenAPI path of a route whose parameter holds slashes (`{path{.+}}` becomes `{path}`). */
const cleanPath = (path: string) => path.replaceAll(/\{(\w+)\{[^}]*\}\}/g, '{$1}')

/** The HTTP API (`/api/v1`), its documentation and the health probes, over the services' dependencies. */
export function createApp(deps: Deps, options: ApiOptions = {}) {
  return createApi(deps, options).app
}

/** The app with its typed API routes. */
function createApi(deps: Deps, options: ApiOptions) {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES
  const baseOrigin = options.baseUrl ? new URL(options.baseUrl).origin : undefined

  const limit = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new DomainError('too_large', { limit: maxSize })
      },
    })
  const limits = {
    normal: limit(maxBodyBytes),
    files: limit(Math.max(maxBodyBytes, MAX_FILE_BODY_BYTES)),
  }
  const json = requireJsonBody()

  const api = newRouter()
  api.use('*', requireUtf8Path())
  api.use('*', function limitBody(c, next) {
    // A GET or HEAD has no body (asking for one would build a whole Fetch request for nothing). A
    // webhook's body is read by its route, with its own cap, once the caller is known to sign it.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || HOOK.test(c.req.path)) return next()
    return (CARRIES_FILE.test(c.req.path) ? limits.files : limits.normal)(c, next)
  })
  // Git hosts may post webhooks as forms; every other body must be JSON.
  api.use('*', function jsonOnly(c, next) {
    return HOOK.test(c.req.path) ? next() : json(c, next)
  })
  const sameSite = baseOrigin ? () => [baseOrigin] : (options.ownOrigins ?? (() => []))
  api.use('*', authenticate(deps, sameSite, options.channel))
  const utf8 = requireUtf8Body()
  api.use('*', function utf8Only(c, next) {
    return HOOK.test(c.req.path) ? next() : utf8(c, next)
  })
  // Chained, so the routes' types flow into `ApiRoutes` for the web app's typed client.
  const routes = api
    .route('/', sessionRoutes(deps, options))
    .route('/', ssoRoutes(deps, options))
    .route('/', accountRoutes(deps))
    .route('/', personalRoutes(deps))
    .route('/', emailVerificationRoutes(deps, options))
    .route('/', passwordResetRoutes(deps, options))
    .route('/', userRoutes(deps, options))
    .route('/', organizationRoutes(deps))
    .route('/', invitationRoutes(deps, options))
    .route('/', webhookRoutes(deps))
    .route('/', spaceRoutes(deps))
    .route('/', purposeRoutes(deps))
    // Before the content routes: `files/{path}/related` must win over `files/{path}`.
    .route('/', qualityRoutes(deps))
    .route('/', pageRoutes(deps))
    .route('/', contentRoutes(deps))
    .route('/', gitRoutes(deps, options))
    .route('/', hookRoutes(deps))
    .route('/', inboxRoutes(deps))
    .route('/', tidyRoutes(deps))
    .route('/', routineRoutes(deps))
    .route('/', searchRoutes(deps))
  if (options.collab) api.route('/', collabRoutes(deps, options.collab, options))

  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal token (`POST /me/tokens`)',
  })
  api.openAPIRegistry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'quire_session',
    description:
      'The web session (`POST /session`); unsafe methods also need a same-site Origin or X-Requested-With',
  })
  if (options.apiDocs) {
    api.get('/openapi.json', (c) => {
      const doc = api.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Quire API',
          version: '1.0.0',
          description: 'Git-backed knowledge base: REST API v1.',
          // As in package.json: the project is not offered under an open licence.
          license: { name: 'UNLICENSED' },
        },
        servers: [{ url: options.baseUrl ? `${options.baseUrl.replace(/\/$/, '')}/api/v1` : '/api/v1' }],
      })
      // Several raw paths can clean to one (`files/{path}` for GET and for PUT): merge their methods.
      const paths: NonNullable<typeof doc.paths> = {}
      for (const [path, item] of Object.entries(doc.paths ?? {}))
        paths[cleanPath(path)] = { ...paths[cleanPath(path)], ...item }
      for (const [path, item] of Object.entries(paths))
        for (const method of METHODS) {
          const operation = item[method]
          const id = OPERATION_IDS[`${method.toUpperCase()} ${path}`]
          if (operation && id) operation.operationId = id
          // Any body may be larger than the server takes (the file writes' and drops' limit is larger).
          if (operation?.requestBody && !operation.responses?.['413'])
            operation.responses = { ...operation.responses, 413: TOO_LARGE }
        }
      doc.paths = paths
      return c.json(doc)
    })
  }

  const app = new Hono<AppEnv>({ getPath: routingPath })
  app.onError(handleError(options.logger))
  app.notFound((c) => errorResponse(c, new DomainError('not_found')))
  app.use('*', chooseLocale(), securityHeaders())
  // Before the request log: probes come every few seconds and would drown it.
  app.route('/', healthRoutes(deps, options.logger))
  if (options.logger) app.use('*', requestLog(options.logger, options.clientIp))
  if (options.apiDocs) app.route('/api/docs', docsRoutes())
  if (options.routes) app.route('/', options.routes)
  if (options.webApp) app.use('*', options.webApp)
  app.route('/api/v1', api)
  return { app, routes }
}

/** The typed routes of `/api/v1`, for `hono/client` (`hc<ApiRoutes>('/api/v1')`). */
export type ApiRoutes = ReturnType<typeof createApi>['routes']

import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { secureHeaders } from 'hono/secure-headers'
import { DomainError } from '../errors/domain-error.ts'
import type { Deps } from '../services/deps.ts'
import { docsRoutes } from './docs.ts'
import type { ApiOptions, AppEnv } from './env.ts'
import { errorResponse, handleError } from './errors.ts'
import { authenticate } from './middleware/authenticate.ts'
import { requireJsonBody } from './middleware/json-body.ts'
import { chooseLocale } from './middleware/locale.ts'
import { requestLog } from './middleware/request-log.ts'
import { newRouter } from './router.ts'
import { accountRoutes } from './routes/account.ts'
import { organizationRoutes } from './routes/organizations.ts'
import { sessionRoutes } from './routes/session.ts'
import { spaceRoutes } from './routes/spaces.ts'
import { userRoutes } from './routes/users.ts'

/** Default largest request body: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024

/** The HTTP API (`/api/v1`) and its documentation, over the given services' dependencies. */
export function createApp(deps: Deps, options: ApiOptions = {}) {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES
  const baseOrigin = options.baseUrl ? new URL(options.baseUrl).origin : undefined

  const api = newRouter()
  api.use(
    '*',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () => {
        throw new DomainError('too_large', { limit: maxBodyBytes })
      },
    }),
    requireJsonBody(),
    authenticate(deps, baseOrigin),
  )
  api.route('/', sessionRoutes(deps, options))
  api.route('/', accountRoutes(deps))
  api.route('/', userRoutes(deps))
  api.route('/', organizationRoutes(deps))
  api.route('/', spaceRoutes(deps))

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
    api.doc31('/openapi.json', {
      openapi: '3.1.0',
      info: { title: 'Quire API', version: '1.0.0', description: 'Git-backed knowledge base: REST API v1.' },
      servers: [{ url: options.baseUrl ? `${options.baseUrl.replace(/\/$/, '')}/api/v1` : '/api/v1' }],
    })
  }

  const app = new Hono<AppEnv>()
  app.onError(handleError(options.logger))
  app.notFound((c) => errorResponse(c, new DomainError('not_found')))
  app.use('*', chooseLocale(), secureHeaders())
  if (options.logger) app.use('*', requestLog(options.logger))
  if (options.apiDocs) app.route('/api/docs', docsRoutes())
  app.route('/api/v1', api)
  return app
}

import { Hono, type MiddlewareHandler } from 'hono'
import type { AppEnv } from '#shared/api/env.ts'
import { TOKEN_PREFIX } from '#shared/domain/limits.ts'
import { DomainError } from '#shared/errors/domain-error.ts'
import { mcpEndpoint } from '#shared/mcp/endpoint.ts'
import type { Deps } from '#shared/ports/deps.ts'
import type { Logger } from '#shared/ports/logger.ts'
import type { Actor } from '#shared/services/access/actor.ts'
import { authenticateToken } from '#shared/services/accounts/authenticate.ts'
import { authenticateAccessToken } from '#shared/services/oauth/authenticate-access-token.ts'
import { gitHostRoutes } from './git-http/git-host-routes.ts'
import { oauthRoutes } from './oauth/routes.ts'

/** What the host's own routes need to know about the running server. */
export type HostRouteOptions = {
  /** The public base address: SERVICE_BASE_URL when set, else the address the server listens on. */
  baseUrl: () => string
  /** The origins of the server's own pages. */
  ownOrigins: () => readonly string[]
  /** The origins the server listens on, whatever its public address (a proxy may pass them as Host). */
  listening?: () => readonly string[]
  clientIp?: (request: Request, env: unknown) => string
  /** Where unexpected failures are written. */
  logger?: Logger
  /**
   * Counts each request for the metrics. Registered first here, it wraps every route matched after
   * it (those of `/api/v1` and the web app too); the health probes answer before it and are left out.
   */
  countRequests?: MiddlewareHandler<AppEnv>
  /** `/metrics`, when the metrics are on and served on this port. */
  metrics?: Hono<AppEnv>
  /** Counts a push the Git host refused, when the metrics are on. */
  countRefusedPush?: () => void
}

/**
 * The caller behind a bearer on `/mcp`: a personal token, as on the REST API, or an access token
 * this server issued for its /mcp. A personal token need not carry the generated prefix (the one
 * set with SERVICE_ADMIN_TOKEN is the operator's own value), so any other bearer is looked up as a
 * personal token before it is read as an access token.
 */
async function authenticateBearer(deps: Deps, bearer: string, baseUrl: string): Promise<Actor> {
  if (bearer.startsWith(TOKEN_PREFIX)) return authenticateToken(deps, bearer, 'mcp')
  try {
    return await authenticateToken(deps, bearer, 'mcp')
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'unauthenticated') throw error
  }
  return authenticateAccessToken(deps, bearer, { issuer: baseUrl, audience: `${baseUrl}/mcp` })
}

/** The hosted server's routes outside `/api/v1`, served before the web app: MCP, the OAuth that connects assistants to it, Git hosting of the spaces, and the metrics. */
export function hostRoutes(deps: Deps, options: HostRouteOptions): Hono<AppEnv> {
  const hostnames = () => [
    new URL(options.baseUrl()).hostname,
    ...(options.listening?.() ?? options.ownOrigins()).map((o) => new URL(o).hostname),
  ]
  const routes = new Hono<AppEnv>()
  if (options.countRequests) routes.use('*', options.countRequests)
  if (options.metrics) routes.route('/', options.metrics)
  routes.route('/', oauthRoutes(deps, options))
  routes.route(
    '/',
    mcpEndpoint(deps, {
      authenticate: (bearer) => authenticateBearer(deps, bearer, options.baseUrl()),
      resourceMetadataUrl: () => `${options.baseUrl()}/.well-known/oauth-protected-resource/mcp`,
      allowedHosts: hostnames,
      allowedOrigins: hostnames,
      logger: options.logger,
    }),
  )
  routes.route('/', gitHostRoutes(deps, { logger: options.logger, countRefused: options.countRefusedPush }))
  return routes
}

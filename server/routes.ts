import { Hono } from 'hono'
import type { AppEnv } from '#shared/api/env.ts'
import { TOKEN_PREFIX } from '#shared/domain/limits.ts'
import { mcpEndpoint } from '#shared/mcp/endpoint.ts'
import type { Logger } from '#shared/ports/logger.ts'
import { authenticateToken } from '#shared/services/authenticate.ts'
import type { Deps } from '#shared/services/deps.ts'
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
}

/** The hosted server's routes outside `/api/v1`, served before the web app: MCP, the OAuth that connects assistants to it, and Git hosting of the spaces. */
export function hostRoutes(deps: Deps, options: HostRouteOptions): Hono<AppEnv> {
  const hostnames = () => [
    new URL(options.baseUrl()).hostname,
    ...(options.listening?.() ?? options.ownOrigins()).map((o) => new URL(o).hostname),
  ]
  const routes = new Hono<AppEnv>()
  routes.route('/', oauthRoutes(deps, options))
  routes.route(
    '/',
    mcpEndpoint(deps, {
      // A personal token, or an access token this server issued for its /mcp.
      authenticate: (bearer) =>
        bearer.startsWith(TOKEN_PREFIX)
          ? authenticateToken(deps, bearer, 'mcp')
          : authenticateAccessToken(deps, bearer, {
              issuer: options.baseUrl(),
              audience: `${options.baseUrl()}/mcp`,
            }),
      resourceMetadataUrl: () => `${options.baseUrl()}/.well-known/oauth-protected-resource/mcp`,
      allowedHosts: hostnames,
      allowedOrigins: hostnames,
      logger: options.logger,
    }),
  )
  routes.route('/', gitHostRoutes(deps))
  return routes
}

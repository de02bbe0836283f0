import { Hono } from 'hono'
import type { AppEnv } from '#shared/api/env.ts'
import { TOKEN_PREFIX } from '#shared/domain/limits.ts'
import { DomainError } from '#shared/errors/domain-error.ts'
import { mcpEndpoint } from '#shared/mcp/endpoint.ts'
import { authenticateToken } from '#shared/services/authenticate.ts'
import type { Deps } from '#shared/services/deps.ts'
import { gitHostRoutes } from './git-http/git-host-routes.ts'

/** What the server's own routes need to know of where it is reached. */
export type ServerRoutesOptions = {
  /** The public base address: the configured one, else the address the server listens on. */
  base: () => string
  /** The origins of the server's own pages. */
  origins: () => readonly string[]
}

/** The server's routes outside `/api/v1`: MCP for assistants and the OAuth that connects them. */
export function serverRoutes(deps: Deps, options: ServerRoutesOptions): Hono<AppEnv> {
  const hostnames = () => [
    new URL(options.base()).hostname,
    ...options.origins().map((o) => new URL(o).hostname),
  ]
  const routes = new Hono<AppEnv>()
  routes.route(
    '/',
    mcpEndpoint(deps, {
      authenticate: (bearer) => {
        if (bearer.startsWith(TOKEN_PREFIX)) return authenticateToken(deps, bearer, 'mcp')
        return Promise.reject(new DomainError('unauthenticated'))
      },
      resourceMetadataUrl: () => `${options.base()}/.well-known/oauth-protected-resource/mcp`,
      allowedHosts: hostnames,
      allowedOrigins: hostnames,
    }),
  )
  routes.route('/', gitHostRoutes(deps))
  return routes
}

import { Hono } from 'hono'
import type { AppEnv } from '#shared/api/env.ts'
import type { Deps } from '#shared/services/deps.ts'
import { oauthRoutes } from './oauth/routes.ts'

/** What the host's own routes need to know about the running server. */
export type HostRouteOptions = {
  /** The public base address: SERVICE_BASE_URL when set, else the address the server listens on. */
  baseUrl: () => string
  ownOrigins: () => readonly string[]
  clientIp?: (request: Request, env: unknown) => string
}

/** The hosted server's routes outside `/api/v1`, served before the web app. */
export function hostRoutes(deps: Deps, options: HostRouteOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  routes.route('/', oauthRoutes(deps, options))
  return routes
}

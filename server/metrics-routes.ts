import { createHash, timingSafeEqual } from 'node:crypto'
import type { Server } from 'node:http'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { AppEnv } from '#shared/api/env.ts'
import { errorResponse, handleError } from '#shared/api/errors.ts'
import { chooseLocale } from '#shared/api/middleware/locale.ts'
import { DomainError } from '#shared/errors/domain-error.ts'
import { listenOn } from '#shared/host/listener.ts'
import type { Logger } from '#shared/ports/logger.ts'
import type { Metrics } from './metrics.ts'

/**
 * Counts every request by the pattern of the route that answered it (`/api/v1/organizations/:org`,
 * never the path itself, so the series stay few). When a middleware answered (a refusal before the
 * handler), the route it stood before is named; `/*` (or `/api/v1/*`) when no route matched: an
 * unknown path, or a page of the web app.
 */
export function countRequests(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async function countRequests(c, next) {
    const started = performance.now()
    await next()
    metrics.request(c.req.method, routeOf(c), c.res.status, (performance.now() - started) / 1000)
  }
}

/** The pattern of the route that answered, or that the answering middleware stood before. */
function routeOf(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c)
  const answering = routes[c.req.routeIndex]?.path ?? '/*'
  if (!answering.endsWith('*')) return answering
  return routes.slice(c.req.routeIndex).find((route) => !route.path.endsWith('*'))?.path ?? answering
}

/** The SHA-256 of a text: tokens are compared by their digests, whose length never varies. */
const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * `GET /metrics` in Prometheus' text format; with a token, only for a bearer of it (compared in
 * constant time), else 401 in the API's error shape.
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined): Hono<AppEnv> {
  const expected = token === undefined ? undefined : digest(token)
  return new Hono<AppEnv>().get('/metrics', async (c) => {
    if (expected) {
      const bearer = /^Bearer[ ]+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
      if (!timingSafeEqual(digest(bearer), expected)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"')
        return errorResponse(c, new DomainError('unauthenticated'))
      }
    }
    const text = await metrics.registry.metrics()
    return c.body(text, 200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' })
  })
}

/**
 * A listener of the metrics' own, so they can stay off the public port: `/metrics` and nothing else
 * (any other path is the API's JSON 404).
 */
export function listenForMetrics(
  metrics: Metrics,
  options: { port: number; hostname: string; token: string | undefined; logger: Logger },
): Promise<Server> {
  const app = new Hono<AppEnv>()
  app.onError(handleError(options.logger))
  app.notFound((c) => errorResponse(c, new DomainError('not_found')))
  app.use('*', chooseLocale())
  app.route('/', metricsEndpoint(metrics, options.token))
  return listenOn(app.fetch, { port: options.port, hostname: options.hostname })
}

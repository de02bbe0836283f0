import type { MiddlewareHandler } from 'hono'
import type { Logger } from '../../ports/logger.ts'
import type { AppEnv } from '../env.ts'

/**
 * Logs one line per request: method, path, status, duration and the caller's username. Headers,
 * query strings and bodies are never logged, so no token, password or secret can reach the log.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  // Its fields are fixed and none can hold a secret: the redaction pass would find nothing.
  const lines = logger.unredacted?.() ?? logger
  return async function requestLog(c, next) {
    const started = performance.now()
    await next()
    lines.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        user: c.get('actor')?.account.username,
      },
      'request',
    )
  }
}

import { Hono } from 'hono'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Logger } from '../../ports/logger.ts'
import { checkReadiness } from '../../services/health/check-readiness.ts'
import type { AppEnv } from '../env.ts'
import { errorResponse } from '../errors.ts'

/** Seconds a load balancer is told to wait before asking again when the process is not ready. */
const RETRY_AFTER_S = 5

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (it can serve: database and repositories
 * reachable), for supervisors and load balancers: no credentials, no per-request log line.
 */
export function healthRoutes(deps: Deps, logger: Logger | undefined) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      const readiness = await checkReadiness(deps)
      if (readiness.ready) return c.json({ status: 'ok' })
      // Not an error of this request: the operator learns which part is down, the caller when to retry.
      logger?.warn({ failing: readiness.failing }, 'not ready')
      return errorResponse(c, new DomainError('unavailable', {}, RETRY_AFTER_S))
    })
}

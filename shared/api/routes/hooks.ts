import { createRoute } from '@hono/zod-openapi'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../services/deps.ts'
import { verifyWebhook } from '../../services/git-settings.ts'
import { syncSpace } from '../../services/sync-space.ts'
import { errorResponses, newRouter } from '../router.ts'
import { SpaceParams } from '../schemas.ts'

const hook = createRoute({
  method: 'post',
  path: '/hooks/git/{org}/{space}',
  tags: ['Git'],
  summary: 'Incoming Git-host webhook',
  description:
    'Authenticated by `X-Hub-Signature-256` (`sha256=` + hex HMAC-SHA256 of the raw body), `X-Forgeb-Signature` (hex HMAC-SHA256) or `X-Forgec-Token` (the secret). Starts a sync.',
  request: { params: SpaceParams },
  responses: { 202: { description: 'Sync started' }, ...errorResponses() },
})

/** Git hosts tell the service about pushes here; a valid signature starts a sync. */
export function hookRoutes(deps: Deps) {
  return newRouter().openapi(hook, async (c) => {
    const body = new Uint8Array(await c.req.arrayBuffer())
    const target = verifyWebhook(deps, c.req.valid('param'), (name) => c.req.header(name), body)
    if (!target) throw new DomainError('unauthenticated')
    syncSpace(deps, target.orgStore, target.space).catch(() => undefined)
    return c.body(null, 202)
  })
}

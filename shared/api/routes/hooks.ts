import { createRoute } from '@hono/zod-openapi'
import { HOOK_BODY_MAX_BYTES } from '../../domain/limits.ts'
import { DomainError } from '../../errors/domain-error.ts'
import type { Deps } from '../../ports/deps.ts'
import { verifyWebhook, webhookTarget } from '../../services/git/git-settings.ts'
import { syncSpace } from '../../services/git/sync-space.ts'
import { readBody } from '../read-body.ts'
import { errorResponses, newRouter, PUBLIC } from '../router.ts'
import { SpaceParams } from '../schemas.ts'

const hook = createRoute({
  method: 'post',
  path: '/hooks/git/{org}/{space}',
  tags: ['Git'],
  summary: 'Incoming Git-host webhook',
  description:
    'Authenticated by `X-Hub-Signature-256` (`sha256=` + hex HMAC-SHA256 of the raw body), `X-Forgeb-Signature` (hex HMAC-SHA256) or `X-Forgec-Token` (the secret). Starts a sync. Bodies over 5 MiB: 413.',
  security: PUBLIC,
  request: { params: SpaceParams },
  responses: { 202: { description: 'Sync started' }, ...errorResponses() },
})

/** Git hosts tell the service about pushes here; a valid signature starts a sync. */
export function hookRoutes(deps: Deps) {
  return newRouter().openapi(hook, async (c) => {
    const headers = (name: string) => c.req.header(name)
    // Who may be calling is settled before the body is read, and the body is read with a small cap.
    const target = await webhookTarget(deps, c.req.valid('param'), headers)
    if (!target) throw new DomainError('unauthenticated')
    const body = await readBody(c.req.raw, HOOK_BODY_MAX_BYTES)
    if (!verifyWebhook(deps, target, headers, body)) throw new DomainError('unauthenticated')
    syncSpace(deps, target.orgStore, target.space).catch(() => undefined)
    return c.body(null, 202)
  })
}

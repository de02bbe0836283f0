import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import { confirmEmailVerification } from '../../services/accounts/confirm-email-verification.ts'
import { requestEmailVerification } from '../../services/accounts/request-email-verification.ts'
import type { ApiOptions } from '../env.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, newRouter, PUBLIC, SECURED } from '../router.ts'
import { LinkTokenParam } from '../schemas-accounts.ts'
import { publicUrlOf } from './session.ts'

const request = createRoute({
  method: 'post',
  path: '/me/email/verification',
  tags: ['Account'],
  security: SECURED,
  summary: 'Mail a link to verify the address',
  description:
    'Mails the account’s address a link, `<base>/verify-email/<token>`, valid 24 hours and once; older links stop working. 400 when the account has no address or it is verified already; 3 requests an hour per account, then 429. A restricted token may not ask (403).',
  responses: { 202: { description: 'The link is on its way' }, ...errorResponses(400, 403, 429) },
})
const confirm = createRoute({
  method: 'post',
  path: '/email-verifications/{token}',
  tags: ['Account'],
  security: PUBLIC,
  summary: 'Confirm an address through a mailed link',
  description:
    'What the page of `<base>/verify-email/<token>` calls: the address the link was sent to becomes verified. 404 once the link was used, after it expired, for an unknown one, or when the account no longer has that address.',
  request: { params: z.object(LinkTokenParam) },
  responses: { 204: { description: 'The address is verified' }, ...errorResponses(404) },
})

/** Verifying an account's address: asking for a link, and following it. */
export function emailVerificationRoutes(deps: Deps, options: ApiOptions) {
  return newRouter()
    .openapi(request, async (c) => {
      await requestEmailVerification(deps, actorOf(c), publicUrlOf(options), c.get('locale'))
      return c.body(null, 202)
    })
    .openapi(confirm, async (c) => {
      await confirmEmailVerification(deps, c.req.valid('param').token)
      return c.body(null, 204)
    })
}

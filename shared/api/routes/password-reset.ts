import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import { requestPasswordReset } from '../../services/accounts/request-password-reset.ts'
import { checkPasswordReset, resetPassword } from '../../services/accounts/reset-password.ts'
import { setUserPassword } from '../../services/accounts/set-user-password.ts'
import type { ApiOptions } from '../env.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, PUBLIC, SECURED } from '../router.ts'
import { UsernameParam } from '../schemas.ts'
import {
  LinkTokenParam,
  RequestPasswordResetSchema,
  ResetPasswordSchema,
  SetPasswordResultSchema,
  SetUserPasswordSchema,
} from '../schemas-accounts.ts'
import { publicUrlOf } from './session.ts'

const tags = ['Session']

const request = createRoute({
  method: 'post',
  path: '/password-resets',
  tags,
  security: PUBLIC,
  summary: 'Forgot your password? Mail a reset link',
  description:
    'Mails a link, `<base>/reset-password/<token>`, valid 1 hour and once, to the account named by its username or its verified address. The link goes only to a verified address: an unverified one cannot be proven to be the person’s. The answer is 202 whatever happened, so it never tells whether the account exists (nor for a deactivated account, an account without a verified address, or beyond 3 links an hour per account); only too many requests from one client address give 429.',
  request: jsonBody(RequestPasswordResetSchema),
  responses: { 202: { description: 'Accepted' }, ...errorResponses(429) },
})
const check = createRoute({
  method: 'get',
  path: '/password-resets/{token}',
  tags,
  security: PUBLIC,
  summary: 'Whether a reset link can still be used',
  description: 'Does not use the link: 204 while it can set a password, 404 once used, expired or unknown.',
  request: { params: z.object(LinkTokenParam) },
  responses: { 204: { description: 'The link can be used' }, ...errorResponses(404) },
})
const reset = createRoute({
  method: 'post',
  path: '/password-resets/{token}',
  tags,
  security: PUBLIC,
  summary: 'Set a new password through a reset link',
  description:
    'Works once. Revokes every personal token and every session of the account, as a password change does, and clears `must_change_password`. 404 once used, expired or unknown.',
  request: { params: z.object(LinkTokenParam), ...jsonBody(ResetPasswordSchema) },
  responses: { 204: { description: 'The password is set' }, ...errorResponses(404) },
})
const setPassword = createRoute({
  method: 'post',
  path: '/users/{username}/password',
  tags: ['Accounts'],
  security: SECURED,
  summary: 'Set an account’s password (super admin)',
  description:
    'Sets the given password, or generates a strong one when the body has none, and returns it once. Every token and session of the account is revoked, and the person must change the password at the next sign-in (`must_change_password`: until then, only `GET /me` and `PUT /me/password` are allowed).',
  request: {
    params: z.object(UsernameParam),
    body: { required: false, content: { 'application/json': { schema: SetUserPasswordSchema } } },
  },
  responses: {
    200: jsonContent(SetPasswordResultSchema, 'The password now set'),
    ...errorResponses(403, 404),
  },
})

/** Passwords set without the current one: through a mailed reset link, or by the super admin. */
export function passwordResetRoutes(deps: Deps, options: ApiOptions) {
  return newRouter()
    .openapi(request, async (c) => {
      const clientIp = options.clientIp?.(c.req.raw, c.env) ?? 'unknown'
      await requestPasswordReset(
        deps,
        { login: c.req.valid('json').login, clientIp, locale: c.get('locale') },
        publicUrlOf(options),
      )
      return c.body(null, 202)
    })
    .openapi(check, async (c) => {
      await checkPasswordReset(deps, c.req.valid('param').token)
      return c.body(null, 204)
    })
    .openapi(reset, async (c) => {
      await resetPassword(deps, {
        secret: c.req.valid('param').token,
        password: c.req.valid('json').password,
      })
      return c.body(null, 204)
    })
    .openapi(setPassword, async (c) => {
      const { username } = c.req.valid('param')
      const result = await setUserPassword(deps, actorOf(c), username, c.req.valid('json').password)
      return c.json(result, 200)
    })
}

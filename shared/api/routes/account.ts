import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import { changePassword } from '../../services/accounts/change-password.ts'
import { createToken } from '../../services/accounts/create-token.ts'
import { listTokens } from '../../services/accounts/list-tokens.ts'
import { revokeToken } from '../../services/accounts/revoke-token.ts'
import { disconnectApp, listApps } from '../../services/oauth/apps.ts'
import { listVisibleSpaces } from '../../services/spaces/list-spaces.ts'
import { listVocationTemplates } from '../../services/spaces/list-vocation-templates.ts'
import { spaceLabels } from '../../services/spaces/space-labels.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { presentAccount, presentApp, presentSpace, presentToken } from '../present.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import {
  AccountSchema,
  ChangePasswordSchema,
  CreateTokenSchema,
  NewTokenSchema,
  SpaceSchema,
  TokenSchema,
  VocationTemplateSchema,
} from '../schemas.ts'

const tags = ['Account']

const me = createRoute({
  method: 'get',
  path: '/me',
  tags,
  security: SECURED,
  summary: 'The calling account',
  responses: { 200: jsonContent(AccountSchema, 'The account'), ...errorResponses() },
})
const tokens = createRoute({
  method: 'get',
  path: '/me/tokens',
  tags,
  security: SECURED,
  summary: 'List personal tokens',
  responses: { 200: jsonContent(z.array(TokenSchema), 'Active tokens, newest first'), ...errorResponses() },
})
const newToken = createRoute({
  method: 'post',
  path: '/me/tokens',
  tags,
  security: SECURED,
  summary: 'Create a personal token',
  description: 'The secret is returned once only. A restricted token cannot create tokens (403).',
  request: jsonBody(CreateTokenSchema),
  responses: { 201: jsonContent(NewTokenSchema, 'The token, with its secret'), ...errorResponses(400, 403) },
})
const dropToken = createRoute({
  method: 'delete',
  path: '/me/tokens/{id}',
  tags,
  security: SECURED,
  summary: 'Revoke a personal token',
  request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) }) },
  responses: { 204: { description: 'Revoked' }, ...errorResponses(403, 404) },
})
const AppSchema = z
  .object({
    id: z.string(),
    name: z.string().openapi({ description: 'The application’s name, as it registered' }),
    read_only: z.boolean(),
    spaces: z.array(z.string()).nullable().openapi({
      description:
        '`<org>/<space>` the connection is limited to; null for every space, including future ones',
    }),
    created_at: z.string().openapi({ format: 'date-time' }),
    last_used_at: z.string().openapi({ format: 'date-time' }).nullable(),
  })
  .openapi('ConnectedApp')
const apps = createRoute({
  method: 'get',
  path: '/me/apps',
  tags,
  security: SECURED,
  summary: 'List connected applications',
  description: 'Applications (AI assistants) the caller allowed through OAuth to use `/mcp`.',
  responses: { 200: jsonContent(z.array(AppSchema), 'Connections, newest first'), ...errorResponses() },
})
const dropApp = createRoute({
  method: 'delete',
  path: '/me/apps/{id}',
  tags,
  security: SECURED,
  summary: 'Disconnect an application',
  description: 'Its access and refresh tokens stop working at once.',
  request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) }) },
  responses: { 204: { description: 'Disconnected' }, ...errorResponses(403, 404) },
})
const password = createRoute({
  method: 'put',
  path: '/me/password',
  tags,
  security: SECURED,
  summary: 'Change the password',
  description: 'Revokes every personal token of the account and every other session.',
  request: jsonBody(ChangePasswordSchema),
  responses: { 204: { description: 'Changed' }, ...errorResponses(403) },
})
const spaces = createRoute({
  method: 'get',
  path: '/spaces',
  tags: ['Spaces'],
  security: SECURED,
  summary: 'All visible spaces',
  responses: { 200: jsonContent(z.array(SpaceSchema), 'Spaces the caller can read'), ...errorResponses() },
})
const templates = createRoute({
  method: 'get',
  path: '/vocation-templates',
  tags: ['Spaces'],
  security: SECURED,
  summary: 'List vocation templates',
  description: "In the account's language, or Accept-Language's when the account has none.",
  responses: { 200: jsonContent(z.array(VocationTemplateSchema), 'The templates'), ...errorResponses() },
})

/** The caller's own account: profile, tokens, connected apps, password, spaces, templates. */
export function accountRoutes(deps: Deps) {
  return newRouter()
    .openapi(me, (c) => c.json(presentAccount(actorOf(c).account), 200))
    .openapi(tokens, async (c) => {
      const list = await listTokens(deps, actorOf(c))
      const labels = await spaceLabels(
        deps,
        list.flatMap((t) => t.spaceIds ?? []),
      )
      return c.json(
        list.map((t) => presentToken(t, labels)),
        200,
      )
    })
    .openapi(newToken, async (c) => {
      const body = c.req.valid('json')
      const { token, secret } = await createToken(deps, actorOf(c), {
        name: body.name,
        days: body.days,
        readOnly: body.read_only,
        spaces: body.spaces,
      })
      return c.json(
        { ...presentToken(token, await spaceLabels(deps, token.spaceIds ?? [])), token: secret },
        201,
      )
    })
    .openapi(dropToken, async (c) => {
      await revokeToken(deps, actorOf(c), c.req.valid('param').id)
      return c.body(null, 204)
    })
    .openapi(apps, async (c) => {
      const list = await listApps(deps, actorOf(c))
      const labels = await spaceLabels(
        deps,
        list.flatMap((a) => a.spaceIds ?? []),
      )
      return c.json(
        list.map((a) => presentApp(a, labels)),
        200,
      )
    })
    .openapi(dropApp, async (c) => {
      await disconnectApp(deps, actorOf(c), c.req.valid('param').id)
      return c.body(null, 204)
    })
    .openapi(password, async (c) => {
      const body = c.req.valid('json')
      await changePassword(deps, actorOf(c), {
        currentPassword: body.current_password,
        newPassword: body.new_password,
      })
      return c.body(null, 204)
    })
    .openapi(spaces, async (c) => c.json((await listVisibleSpaces(deps, actorOf(c))).map(presentSpace), 200))
    .openapi(templates, (c) => {
      const list = listVocationTemplates(deps, actorOf(c), c.get('locale'))
      return c.json(list, 200)
    })
}

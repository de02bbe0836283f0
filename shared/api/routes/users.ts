import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import { createUser } from '../../services/accounts/create-user.ts'
import { listUsers } from '../../services/accounts/list-users.ts'
import { updateUser } from '../../services/accounts/update-user.ts'
import type { ApiOptions } from '../env.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { presentAccount } from '../present.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import { AccountSchema, CreateUserSchema, UpdateUserSchema, UsernameParam } from '../schemas.ts'
import { publicUrlOf } from './session.ts'

const tags = ['Accounts']

const list = createRoute({
  method: 'get',
  path: '/users',
  tags,
  security: SECURED,
  summary: 'All accounts (super admin)',
  responses: { 200: jsonContent(z.array(AccountSchema), 'Every account'), ...errorResponses(403) },
})
const create = createRoute({
  method: 'post',
  path: '/users',
  tags,
  security: SECURED,
  summary: 'Create an account (super admin)',
  description:
    'The `email` given is not verified yet: a link to confirm it (`<base>/verify-email/<token>`, valid 24 hours and once) is mailed there.',
  request: jsonBody(CreateUserSchema),
  responses: { 201: jsonContent(AccountSchema, 'The new account'), ...errorResponses(400, 403, 409) },
})
const update = createRoute({
  method: 'patch',
  path: '/users/{username}',
  tags,
  security: SECURED,
  summary: 'Change an account',
  description:
    'Anyone may change their own `display_name` and `locale`; the rest is reserved for the super admin. Deactivating revokes the tokens. A new `email` is not verified: links sent to the old one stop working, and a link to confirm the new one is mailed there; the same address again changes nothing.',
  request: { params: z.object(UsernameParam), ...jsonBody(UpdateUserSchema) },
  responses: { 200: jsonContent(AccountSchema, 'The account'), ...errorResponses(400, 403, 404) },
})

/** Accounts of the service. */
export function userRoutes(deps: Deps, options: ApiOptions) {
  return newRouter()
    .openapi(list, async (c) => c.json((await listUsers(deps, actorOf(c))).map(presentAccount), 200))
    .openapi(create, async (c) => {
      const body = c.req.valid('json')
      const account = await createUser(
        deps,
        actorOf(c),
        {
          username: body.username,
          displayName: body.display_name,
          password: body.password,
          email: body.email,
          isSuperadmin: body.is_superadmin,
        },
        publicUrlOf(options),
      )
      return c.json(presentAccount(account), 201)
    })
    .openapi(update, async (c) => {
      const body = c.req.valid('json')
      const changes = {
        displayName: body.display_name,
        email: body.email,
        locale: body.locale,
        isActive: body.is_active,
        isSuperadmin: body.is_superadmin,
      }
      const { username } = c.req.valid('param')
      const account = await updateUser(deps, actorOf(c), username, changes, publicUrlOf(options))
      return c.json(presentAccount(account), 200)
    })
}

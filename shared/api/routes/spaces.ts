import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import { createSpace } from '../../services/spaces/create-space.ts'
import { deleteSpace } from '../../services/spaces/delete-space.ts'
import { getSpace } from '../../services/spaces/get-space.ts'
import { listOrgSpaces } from '../../services/spaces/list-spaces.ts'
import { listSpaceMembers, removeSpaceMember, setSpaceMember } from '../../services/spaces/space-members.ts'
import { updateSpace } from '../../services/spaces/update-space.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { presentMember, presentSpace, presentSpaceDetails } from '../present.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import {
  CreateSpaceSchema,
  OrgParams,
  SetSpaceMemberSchema,
  SpaceDetailsSchema,
  SpaceMemberSchema,
  SpaceParams,
  SpaceSchema,
  UpdateSpaceSchema,
  UsernameParam,
} from '../schemas.ts'

const tags = ['Spaces']
const MemberParams = SpaceParams.extend(UsernameParam)
const base = '/organizations/{org}/spaces'

const list = createRoute({
  method: 'get',
  path: base,
  tags,
  security: SECURED,
  summary: 'Visible spaces of the organization',
  request: { params: OrgParams },
  responses: {
    200: jsonContent(z.array(SpaceSchema), 'Spaces with the caller’s role'),
    ...errorResponses(404),
  },
})
const create = createRoute({
  method: 'post',
  path: base,
  tags,
  security: SECURED,
  summary: 'Create a space (admin)',
  description:
    'With `repo_url` empty the service keeps the repository itself; otherwise the first sync fills it.',
  request: { params: OrgParams, ...jsonBody(CreateSpaceSchema) },
  responses: { 201: jsonContent(SpaceSchema, 'The space'), ...errorResponses(400, 403, 404, 409) },
})
const get = createRoute({
  method: 'get',
  path: `${base}/{space}`,
  tags,
  security: SECURED,
  summary: 'Space details',
  request: { params: SpaceParams },
  responses: { 200: jsonContent(SpaceDetailsSchema, 'The space'), ...errorResponses(404) },
})
const update = createRoute({
  method: 'patch',
  path: `${base}/{space}`,
  tags,
  security: SECURED,
  summary: 'Change a space (admin)',
  description:
    'Changing `repo_url` removes the Git credentials. `review_every`: `90d`, `6m`, `1y`, `never` or empty (400 otherwise).',
  request: { params: SpaceParams, ...jsonBody(UpdateSpaceSchema) },
  responses: { 200: jsonContent(SpaceDetailsSchema, 'The space'), ...errorResponses(400, 403, 404) },
})
const remove = createRoute({
  method: 'delete',
  path: `${base}/{space}`,
  tags,
  security: SECURED,
  summary: 'Delete a space (admin)',
  description: 'Deletes the space in the service; the remote repository is untouched.',
  request: { params: SpaceParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(403, 404) },
})
const members = createRoute({
  method: 'get',
  path: `${base}/{space}/members`,
  tags,
  security: SECURED,
  summary: 'List members',
  request: { params: SpaceParams },
  responses: { 200: jsonContent(z.array(SpaceMemberSchema), 'Members'), ...errorResponses(404) },
})
const setMember = createRoute({
  method: 'put',
  path: `${base}/{space}/members/{username}`,
  tags,
  security: SECURED,
  summary: 'Add a member or change the role (admin)',
  description: 'Someone not yet in the organization joins it as a member.',
  request: { params: MemberParams, ...jsonBody(SetSpaceMemberSchema) },
  responses: { 200: jsonContent(SpaceMemberSchema, 'The member'), ...errorResponses(403, 404) },
})
const removeMember = createRoute({
  method: 'delete',
  path: `${base}/{space}/members/{username}`,
  tags,
  security: SECURED,
  summary: 'Remove a member (admin)',
  request: { params: MemberParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(403, 404) },
})

/** Spaces of an organization and their members. */
export function spaceRoutes(deps: Deps) {
  return newRouter()
    .openapi(list, async (c) =>
      c.json((await listOrgSpaces(deps, actorOf(c), c.req.valid('param').org)).map(presentSpace), 200),
    )
    .openapi(create, async (c) => {
      const body = c.req.valid('json')
      const view = await createSpace(deps, actorOf(c), c.req.valid('param').org, {
        slug: body.slug,
        name: body.name,
        description: body.description,
        repoUrl: body.repo_url,
        branch: body.branch,
      })
      return c.json(presentSpace(view), 201)
    })
    .openapi(get, async (c) => {
      const { org, space } = c.req.valid('param')
      return c.json(presentSpaceDetails(await getSpace(deps, actorOf(c), org, space)), 200)
    })
    .openapi(update, async (c) => {
      const { org, space } = c.req.valid('param')
      const body = c.req.valid('json')
      const view = await updateSpace(deps, actorOf(c), org, space, {
        name: body.name,
        description: body.description,
        repoUrl: body.repo_url,
        branch: body.branch,
        reviewEvery: body.review_every,
      })
      return c.json(presentSpaceDetails(view), 200)
    })
    .openapi(remove, async (c) => {
      const { org, space } = c.req.valid('param')
      await deleteSpace(deps, actorOf(c), org, space)
      return c.body(null, 204)
    })
    .openapi(members, async (c) => {
      const { org, space } = c.req.valid('param')
      return c.json((await listSpaceMembers(deps, actorOf(c), org, space)).map(presentMember), 200)
    })
    .openapi(setMember, async (c) => {
      const { org, space, username } = c.req.valid('param')
      const member = await setSpaceMember(deps, actorOf(c), org, space, username, c.req.valid('json').role)
      return c.json(presentMember(member), 200)
    })
    .openapi(removeMember, async (c) => {
      const { org, space, username } = c.req.valid('param')
      await removeSpaceMember(deps, actorOf(c), org, space, username)
      return c.body(null, 204)
    })
}

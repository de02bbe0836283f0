import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import { createOrganization } from '../../services/organizations/create-organization.ts'
import { deleteOrganization } from '../../services/organizations/delete-organization.ts'
import { getOrganization } from '../../services/organizations/get-organization.ts'
import { listOrganizations } from '../../services/organizations/list-organizations.ts'
import { listOrgMembers, removeOrgMember, setOrgMember } from '../../services/organizations/org-members.ts'
import { updateOrganization } from '../../services/organizations/update-organization.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { presentMember, presentOrganization, presentOrganizationDetails } from '../present.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import {
  CreateOrganizationSchema,
  OrganizationDetailsSchema,
  OrganizationSchema,
  OrgMemberSchema,
  OrgParams,
  SetOrgMemberSchema,
  UpdateOrganizationSchema,
  UsernameParam,
} from '../schemas.ts'

const tags = ['Organizations']
const MemberParams = OrgParams.extend(UsernameParam)

const list = createRoute({
  method: 'get',
  path: '/organizations',
  tags,
  security: SECURED,
  summary: 'Visible organizations',
  responses: {
    200: jsonContent(z.array(OrganizationSchema), 'Organizations with the caller’s role'),
    ...errorResponses(),
  },
})
const create = createRoute({
  method: 'post',
  path: '/organizations',
  tags,
  security: SECURED,
  summary: 'Create an organization (super admin)',
  request: jsonBody(CreateOrganizationSchema),
  responses: { 201: jsonContent(OrganizationSchema, 'The organization'), ...errorResponses(400, 403, 409) },
})
const get = createRoute({
  method: 'get',
  path: '/organizations/{org}',
  tags,
  security: SECURED,
  summary: 'Organization details',
  request: { params: OrgParams },
  responses: { 200: jsonContent(OrganizationDetailsSchema, 'The organization'), ...errorResponses(404) },
})
const update = createRoute({
  method: 'patch',
  path: '/organizations/{org}',
  tags,
  security: SECURED,
  summary: 'Rename or describe (admin)',
  request: { params: OrgParams, ...jsonBody(UpdateOrganizationSchema) },
  responses: { 200: jsonContent(OrganizationDetailsSchema, 'The organization'), ...errorResponses(403, 404) },
})
const remove = createRoute({
  method: 'delete',
  path: '/organizations/{org}',
  tags,
  security: SECURED,
  summary: 'Delete an organization without spaces (super admin)',
  request: { params: OrgParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 403, 404) },
})
const members = createRoute({
  method: 'get',
  path: '/organizations/{org}/members',
  tags,
  security: SECURED,
  summary: 'List members',
  request: { params: OrgParams },
  responses: { 200: jsonContent(z.array(OrgMemberSchema), 'Members'), ...errorResponses(404) },
})
const setMember = createRoute({
  method: 'put',
  path: '/organizations/{org}/members/{username}',
  tags,
  security: SECURED,
  summary: 'Add a member or change the role (admin)',
  description: 'Refused (400) when it would leave the organization without an admin.',
  request: { params: MemberParams, ...jsonBody(SetOrgMemberSchema) },
  responses: { 200: jsonContent(OrgMemberSchema, 'The member'), ...errorResponses(400, 403, 404) },
})
const removeMember = createRoute({
  method: 'delete',
  path: '/organizations/{org}/members/{username}',
  tags,
  security: SECURED,
  summary: 'Remove a member (admin)',
  description:
    'Also removes the member from every space of the organization. Refused (400) when it would leave the organization without an admin.',
  request: { params: MemberParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(400, 403, 404) },
})

/** Organizations and their members. */
export function organizationRoutes(deps: Deps) {
  return newRouter()
    .openapi(list, async (c) =>
      c.json((await listOrganizations(deps, actorOf(c))).map(presentOrganization), 200),
    )
    .openapi(create, async (c) => {
      const body = c.req.valid('json')
      const view = await createOrganization(deps, actorOf(c), body)
      return c.json(presentOrganization(view), 201)
    })
    .openapi(get, async (c) =>
      c.json(
        presentOrganizationDetails(await getOrganization(deps, actorOf(c), c.req.valid('param').org)),
        200,
      ),
    )
    .openapi(update, async (c) => {
      const view = await updateOrganization(deps, actorOf(c), c.req.valid('param').org, c.req.valid('json'))
      return c.json(presentOrganizationDetails(view), 200)
    })
    .openapi(remove, async (c) => {
      await deleteOrganization(deps, actorOf(c), c.req.valid('param').org)
      return c.body(null, 204)
    })
    .openapi(members, async (c) =>
      c.json((await listOrgMembers(deps, actorOf(c), c.req.valid('param').org)).map(presentMember), 200),
    )
    .openapi(setMember, async (c) => {
      const { org, username } = c.req.valid('param')
      const member = await setOrgMember(deps, actorOf(c), org, username, c.req.valid('json').role)
      return c.json(presentMember(member), 200)
    })
    .openapi(removeMember, async (c) => {
      const { org, username } = c.req.valid('param')
      await removeOrgMember(deps, actorOf(c), org, username)
      return c.body(null, 204)
    })
}

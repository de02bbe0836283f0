import { createRoute, z } from '@hono/zod-openapi'
import { INVITATION_MS, INVITATIONS_PER_ORG } from '../../domain/limits.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Invitation } from '../../ports/store.ts'
import { acceptInvitation } from '../../services/invitations/accept-invitation.ts'
import { cancelInvitation } from '../../services/invitations/cancel-invitation.ts'
import { createInvitation } from '../../services/invitations/create-invitation.ts'
import { getInvitation } from '../../services/invitations/get-invitation.ts'
import { listInvitations, type OfferedSpace } from '../../services/invitations/list-invitations.ts'
import type { ApiOptions } from '../env.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { presentAccount } from '../present.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, PUBLIC, SECURED } from '../router.ts'
import { AccountSchema, OrgParams } from '../schemas.ts'
import {
  AcceptInvitationSchema,
  CreatedInvitationSchema,
  CreateInvitationSchema,
  InvitationOfferSchema,
  InvitationParams,
  InvitationTokenParams,
  PendingInvitationSchema,
} from '../schemas-invitations.ts'
import { publicUrlOf, setSessionCookie } from './session.ts'

const tags = ['Invitations']
const iso = (ms: number) => new Date(ms).toISOString()
const DAYS = INVITATION_MS / (24 * 3600_000)

const list = createRoute({
  method: 'get',
  path: '/organizations/{org}/invitations',
  tags,
  security: SECURED,
  summary: 'Pending invitations (admin)',
  description: 'Invitations not yet accepted, cancelled or expired, newest first.',
  request: { params: OrgParams },
  responses: {
    200: jsonContent(z.array(PendingInvitationSchema), 'Pending invitations'),
    ...errorResponses(403, 404),
  },
})
const create = createRoute({
  method: 'post',
  path: '/organizations/{org}/invitations',
  tags,
  security: SECURED,
  summary: 'Invite an address (admin)',
  description:
    `When exactly one active account has proved it reads mail at the address, it gets the roles at once ` +
    '(`granted` true, `link` null) and a mail saying so, in its language. Otherwise the address is mailed ' +
    `a link, in the inviter’s language, that works once within ${DAYS} days, and \`link\`, returned this ` +
    'once, is a second link to the same invitation, to pass on: either accepts it, once in all, but only ' +
    'the mailed one verifies the address (see accepting). An unverified address of an account gives ' +
    `nothing by itself. At most ` +
    `${INVITATIONS_PER_ORG.max} invitations per organization per hour (429 beyond; refused ones do not count).`,
  request: { params: OrgParams, ...jsonBody(CreateInvitationSchema) },
  responses: {
    201: jsonContent(CreatedInvitationSchema, 'The invitation, with its link or `granted`'),
    ...errorResponses(400, 403, 404, 429),
  },
})
const cancel = createRoute({
  method: 'delete',
  path: '/organizations/{org}/invitations/{id}',
  tags,
  security: SECURED,
  summary: 'Cancel a pending invitation (admin)',
  description: 'Its link answers 404 from then on.',
  request: { params: InvitationParams },
  responses: { 204: { description: 'Cancelled' }, ...errorResponses(403, 404) },
})
const get = createRoute({
  method: 'get',
  path: '/invitations/{token}',
  tags,
  security: PUBLIC,
  summary: 'What an invitation link offers',
  description:
    'For anyone holding the link: the organization, who invited, the address, the roles offered and ' +
    'the expiry. 404 once it was accepted, cancelled or expired, or its inviter is no longer an admin.',
  request: { params: InvitationTokenParams },
  responses: { 200: jsonContent(InvitationOfferSchema, 'The offer'), ...errorResponses(404) },
})
const accept = createRoute({
  method: 'post',
  path: '/invitations/{token}/accept',
  tags,
  security: PUBLIC,
  summary: 'Accept an invitation',
  description:
    'Works once, through either link of the invitation; 404 after, once cancelled or expired, and once ' +
    'its inviter is no longer an admin. Only ' +
    'the link mailed to the invited address verifies it: the one returned to the inviter at creation ' +
    'never does. Signed out, with `username`, `password` and optionally `display_name`: creates the ' +
    'account, whose address is the invited one, opens a web session (cookie) for it and answers 201 ' +
    '(409 when the username is taken); through the mailed link the address is verified, through the ' +
    'inviter’s it is not and a link to confirm it is mailed there. Signed in (session or token), with ' +
    '`{}`: the caller’s account gets the roles, whatever its address, and answers 200; through the ' +
    'mailed link, an account without an address, or with the invited one unverified, gets it verified. ' +
    'Signed in with new-account fields: 400 (sign out first). Signed out with `{}`: 401. A restricted ' +
    'token: 403.',
  request: { params: InvitationTokenParams, ...jsonBody(AcceptInvitationSchema) },
  responses: {
    200: jsonContent(AccountSchema, 'The signed-in account, now with the invited roles'),
    201: jsonContent(AccountSchema, 'The new account, signed in'),
    ...errorResponses(400, 403, 404, 409),
  },
})

/** Space slug to role, as invitations show their spaces. */
const rolesBySlug = (spaces: OfferedSpace[]) => Object.fromEntries(spaces.map((s) => [s.slug, s.role]))

/** An invitation as the API shows it: never its link's secret. */
function presentInvitation(invitation: Invitation, spaces: OfferedSpace[]) {
  return {
    id: invitation.id,
    email: invitation.email,
    org_role: invitation.orgRole,
    spaces: rolesBySlug(spaces),
    expires_at: iso(invitation.expiresAt),
  }
}

/** Invitations to an organization: made and cancelled by its admins, read and accepted through their link. */
export function invitationRoutes(deps: Deps, options: ApiOptions) {
  return newRouter()
    .openapi(list, async (c) => {
      const pending = await listInvitations(deps, actorOf(c), c.req.valid('param').org)
      return c.json(
        pending.map(({ invitation, spaces, invitedBy }) => ({
          ...presentInvitation(invitation, spaces),
          invited_by: invitedBy,
          created_at: iso(invitation.createdAt),
        })),
        200,
      )
    })
    .openapi(create, async (c) => {
      const body = c.req.valid('json')
      const { invitation, spaces, link, granted, mailed } = await createInvitation(
        deps,
        actorOf(c),
        c.req.valid('param').org,
        { email: body.email, orgRole: body.org_role, spaces: body.spaces },
        { baseUrl: publicUrlOf(options), locale: c.get('locale') },
      )
      return c.json({ ...presentInvitation(invitation, spaces), link, granted, mailed }, 201)
    })
    .openapi(cancel, async (c) => {
      const { org, id } = c.req.valid('param')
      await cancelInvitation(deps, actorOf(c), org, id)
      return c.body(null, 204)
    })
    .openapi(get, async (c) => {
      const offer = await getInvitation(deps, c.req.valid('param').token)
      return c.json(
        {
          organization: offer.organization,
          invited_by: { display_name: offer.invitedBy },
          email: offer.email,
          org_role: offer.orgRole,
          spaces: offer.spaces,
          expires_at: iso(offer.expiresAt),
        },
        200,
      )
    })
    .openapi(accept, async (c) => {
      const { username, display_name, password } = c.req.valid('json')
      const newAccount =
        username !== undefined && password !== undefined
          ? { username, displayName: display_name, password }
          : undefined
      const { account, session } = await acceptInvitation(
        deps,
        c.get('actor'),
        c.req.valid('param').token,
        publicUrlOf(options),
        newAccount,
      )
      if (!session) return c.json(presentAccount(account), 200)
      setSessionCookie(c, session.cookie, options)
      return c.json(presentAccount(account), 201)
    })
}

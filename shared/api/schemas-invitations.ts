import { z } from '@hono/zod-openapi'
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../domain/limits.ts'
import { ORG_ROLES, SPACE_MEMBER_ROLES } from '../domain/roles.ts'
import { missingField, OrgParams } from './schemas.ts'

/** Request and response shapes of invitations to an organization. */

const timestamp = z.string().openapi({ format: 'date-time', example: '2026-11-28T08:00:00.000Z' })

export const InvitationParams = OrgParams.extend({
  id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
})
export const InvitationTokenParams = z.object({
  token: z.string().openapi({ param: { name: 'token', in: 'path' }, description: 'The secret of the link' }),
})

export const CreateInvitationSchema = z
  .object({
    email: z.string().max(320).openapi({ example: 'grace@example.com' }),
    // Roles are plain strings here: the service answers an unknown one with 400 `invalid`.
    org_role: z
      .string()
      .max(50)
      .optional()
      .openapi({ description: '`admin` or `member` (when absent); another value is refused (400)' }),
    spaces: z
      .record(z.string().max(200), z.string().max(50))
      .optional()
      .openapi({
        description:
          'Space slugs of this organization, each to `reader` or `contributor`; an unknown space or role is refused (400)',
        example: { wiki: 'contributor' },
      }),
  })
  .openapi('CreateInvitation')

export const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string().openapi({ description: 'The invited address, lowercased' }),
    org_role: z.enum(ORG_ROLES),
    spaces: z
      .record(z.string(), z.enum(SPACE_MEMBER_ROLES))
      .openapi({ description: 'Space slug to the role offered there (spaces deleted since are left out)' }),
    expires_at: timestamp,
  })
  .openapi('Invitation')

export const PendingInvitationSchema = InvitationSchema.extend({
  invited_by: z.string().openapi({ description: 'Username of the admin who invited' }),
  created_at: timestamp,
}).openapi('PendingInvitation')

export const CreatedInvitationSchema = InvitationSchema.extend({
  link: z.string().nullable().openapi({
    description:
      'The link to pass on (`<base>/invite/<secret>`), returned this once only; null when `granted`. It gives the invited access but does not verify the address: the address is mailed a link of its own that does',
  }),
  granted: z.boolean().openapi({
    description:
      'True when one active account had proved it reads mail at the address: it got the roles at once and was told by mail',
  }),
  mailed: z.boolean().openapi({
    description:
      'Whether the mail goes out: false when the server has no mail server set (its mail is written to a folder an administrator reads), so the link must be passed on by hand',
  }),
}).openapi('CreatedInvitation')

export const InvitationOfferSchema = z
  .object({
    organization: z.object({ slug: z.string(), name: z.string() }),
    invited_by: z
      .object({ display_name: z.string() })
      .openapi({ description: 'Who invited, by the name they show' }),
    email: z.string(),
    org_role: z.enum(ORG_ROLES),
    spaces: z.array(z.object({ slug: z.string(), name: z.string(), role: z.enum(SPACE_MEMBER_ROLES) })),
    expires_at: timestamp,
  })
  .openapi('InvitationOffer')

export const AcceptInvitationSchema = z
  .object({
    username: z.string().min(1).max(39).optional(),
    display_name: z.string().max(NAME_MAX).optional(),
    password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).optional(),
  })
  .superRefine((body, ctx) => {
    // Any field of a new account asks for one: its username and password are then required.
    if (body.username === undefined && body.password === undefined && body.display_name === undefined) return
    if (body.username === undefined) ctx.addIssue(missingField('username'))
    if (body.password === undefined) ctx.addIssue(missingField('password'))
  })
  .openapi('AcceptInvitation', {
    description:
      'Empty (`{}`) to accept as the signed-in account; `username`, `password` and optionally `display_name` to accept with a new account while signed out',
  })

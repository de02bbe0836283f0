import { z } from '@hono/zod-openapi'
import { DESCRIPTION_MAX, MAX_TOKEN_DAYS, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../domain/limits.ts'
import { ORG_ROLES, SPACE_MEMBER_ROLES } from '../domain/roles.ts'
import { LOCALES } from '../errors/catalog.ts'

/** Request and response shapes of the REST API; TypeScript types and OpenAPI both come from here. */

const timestamp = z.string().openapi({ format: 'date-time', example: '2026-11-21T08:00:00.000Z' })
const name = z.string().trim().min(1).max(NAME_MAX)
const description = z.string().max(DESCRIPTION_MAX)
const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)

export const ErrorSchema = z
  .object({ error: z.string().openapi({ example: 'not_found' }), message: z.string() })
  .openapi('Error')

export const ValidationErrorSchema = z
  .object({
    detail: z.array(
      z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() }),
    ),
  })
  .openapi('ValidationError')

/** The issue a `superRefine` adds for a field required only in some bodies: the same as a missing field's. */
export const missingField = (path: string) => ({
  code: 'invalid_type' as const,
  expected: 'string' as const,
  input: undefined,
  path: [path],
  message: 'Invalid input: expected string, received undefined',
})

export const AccountSchema = z
  .object({
    username: z.string(),
    display_name: z.string(),
    email: z.string(),
    locale: z.enum(LOCALES).nullable(),
    is_superadmin: z.boolean(),
    is_active: z.boolean(),
    email_verified: z
      .boolean()
      .openapi({ description: 'Whether the person proved they read mail at `email`' }),
    must_change_password: z.boolean().openapi({
      description:
        'The password was set by a super admin: until it is changed (`PUT /me/password`), nothing else is allowed',
    }),
    has_password: z.boolean().openapi({
      description:
        'Whether the account has a password: one made through single sign-on has none until a reset link sets one',
    }),
  })
  .openapi('Account')

export const SignInSchema = z.object({
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(PASSWORD_MAX),
})

export const ChangePasswordSchema = z.object({
  current_password: z.string().max(PASSWORD_MAX),
  new_password: password,
})

export const TokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    hint: z.string().openapi({ description: 'Last 4 characters of the token' }),
    created_at: timestamp,
    expires_at: timestamp.nullable().openapi({ description: 'null when created with days: null' }),
    last_used_at: timestamp.nullable(),
    read_only: z.boolean(),
    space_ids: z.array(z.string()).nullable().openapi({
      description: '`<org>/<space>` the token is restricted to; null for every space, including future ones',
    }),
  })
  .openapi('Token')

export const NewTokenSchema = TokenSchema.extend({
  token: z.string().openapi({ description: 'The secret, returned once only' }),
}).openapi('NewToken')

export const CreateTokenSchema = z.object({
  name,
  days: z.number().int().min(1).max(MAX_TOKEN_DAYS).nullable().optional().openapi({
    description: 'Days until expiry; null for no expiry; 90 when absent',
  }),
  read_only: z.boolean().optional(),
  spaces: z
    .array(z.string())
    .max(1000)
    .optional()
    .openapi({ description: '`<org>/<space>`; absent for every space' }),
})

export const CreateUserSchema = z.object({
  username: z.string().min(1).max(39),
  display_name: z.string().max(NAME_MAX).optional(),
  password,
  email: z.union([z.email(), z.literal('')]).optional(),
  is_superadmin: z.boolean().optional(),
})

export const UpdateUserSchema = z.object({
  display_name: z.string().max(NAME_MAX).optional(),
  email: z.union([z.email(), z.literal('')]).optional(),
  locale: z.enum(LOCALES).nullable().optional(),
  is_active: z.boolean().optional(),
  is_superadmin: z.boolean().optional(),
})

export const OrganizationSchema = z
  .object({ slug: z.string(), name: z.string(), description: z.string(), role: z.enum(ORG_ROLES) })
  .openapi('Organization')

export const OrganizationDetailsSchema = OrganizationSchema.extend({ created_at: timestamp }).openapi(
  'OrganizationDetails',
)

export const CreateOrganizationSchema = z.object({
  slug: z.string().min(1).max(63),
  name,
  description: description.optional(),
  join: z.boolean().optional().openapi({ description: 'The creator becomes admin' }),
})

export const UpdateOrganizationSchema = z.object({
  name: name.optional(),
  description: description.optional(),
})

export const OrgMemberSchema = z
  .object({ username: z.string(), display_name: z.string(), role: z.enum(ORG_ROLES) })
  .openapi('OrganizationMember')

export const SetOrgMemberSchema = z.object({ role: z.enum(ORG_ROLES) })

const spaceRole = z.enum(['reader', 'contributor', 'admin'])

export const SpaceSchema = z
  .object({
    organization: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    repo_url: z.string(),
    branch: z.string(),
    role: spaceRole,
  })
  .openapi('Space')

export const SpaceDetailsSchema = SpaceSchema.extend({
  review_every: z.string().openapi({ description: '`90d`, `6m`, `1y`, `never`, or empty for never' }),
  created_at: timestamp,
}).openapi('SpaceDetails')

export const CreateSpaceSchema = z.object({
  slug: z.string().min(1).max(63),
  name,
  description: description.optional(),
  repo_url: z.string().max(2000).optional(),
  branch: z.string().max(200).optional(),
})

export const UpdateSpaceSchema = z.object({
  name: name.optional(),
  description: description.optional(),
  repo_url: z.string().max(2000).optional(),
  branch: z.string().max(200).optional(),
  review_every: z.string().max(20).optional(),
})

export const SpaceMemberSchema = z
  .object({ username: z.string(), display_name: z.string(), role: z.enum(SPACE_MEMBER_ROLES) })
  .openapi('SpaceMember')

export const SetSpaceMemberSchema = z.object({ role: z.enum(SPACE_MEMBER_ROLES) })

export const VocationTemplateSchema = z
  .object({ key: z.string(), label: z.string(), summary: z.string(), text: z.string() })
  .openapi('VocationTemplate')

export const OrgParams = z.object({ org: z.string().openapi({ param: { name: 'org', in: 'path' } }) })
export const SpaceParams = OrgParams.extend({
  space: z.string().openapi({ param: { name: 'space', in: 'path' } }),
})
export const UsernameParam = { username: z.string().openapi({ param: { name: 'username', in: 'path' } }) }

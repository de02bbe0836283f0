import { z } from '@hono/zod-openapi'
import { NAME_MAX } from '../domain/limits.ts'
import { SSO_KINDS } from '../ports/sso.ts'

/** Request and response shapes of single sign-on: its providers, and the sign-in through them. */

const kind = z.enum(SSO_KINDS).openapi({
  description:
    '`oidc` for any OpenID Connect provider (`issuer` required), `google` or `microsoft` for the hosted public providers',
})

export const SsoProviderSchema = z
  .object({
    slug: z.string(),
    kind,
    name: z.string(),
    issuer: z.string().openapi({ example: 'https://accounts.google.com' }),
    client_id: z.string(),
    auto_create: z.boolean().openapi({ description: 'A person without an account here gets one' }),
    link_by_email: z.boolean().nullable().openapi({
      description:
        'Whether a first sign-in joins the one active account holding the same verified address; null: yes for `google` and `microsoft`, no otherwise',
    }),
    allowed_domains: z.array(z.string()).openapi({
      description: 'E-mail domains (exact) that may be linked and created; empty for any',
    }),
    enabled: z.boolean(),
    callback_url: z.string().openapi({
      description: 'The redirect URI to register at the provider: `<base>/api/v1/sso/{slug}/callback`',
    }),
    open_to_anyone: z.boolean().openapi({
      description:
        'Automatic creation without allowed domains at Google or at Microsoft’s shared issuer: anyone holding an account there gets one here',
    }),
  })
  .openapi('SsoProvider')

export const PutSsoProviderSchema = z
  .object({
    kind,
    name: z.string().trim().min(1).max(NAME_MAX),
    client_id: z.string().trim().min(1).max(1000),
    client_secret: z.string().min(1).max(4000).nullable().optional().openapi({
      description: 'Write-only, kept encrypted; null or absent keeps the stored one (required on creation)',
    }),
    issuer: z.string().max(2000).nullable().optional().openapi({
      description:
        'Required for `oidc` (https, or http on loopback); `google`: fixed; `microsoft`: https://login.microsoftonline.com/common/v2.0 unless a tenant’s `https://login.microsoftonline.com/<tenant>/v2.0`',
    }),
    auto_create: z.boolean().optional().openapi({ description: 'Default false' }),
    link_by_email: z.boolean().nullable().optional().openapi({ description: 'Default null' }),
    allowed_domains: z
      .array(z.string().max(253))
      .max(100)
      .optional()
      .openapi({ description: 'Default empty' }),
    enabled: z.boolean().optional().openapi({ description: 'Default true' }),
  })
  .openapi('PutSsoProvider')

export const SignInProviderSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    start_url: z.string().openapi({
      description:
        'Where the browser goes to sign in (`GET /sso/{slug}/start`), to which `?next=` may be added',
    }),
  })
  .openapi('SignInProvider')

export const SsoSlugParam = {
  slug: z.string().openapi({ param: { name: 'slug', in: 'path' } }),
}

export const SsoStartQuery = z.object({
  next: z.string().optional().openapi({
    description: 'The local path to go to once signed in (`/` when it is not one)',
    example: '/s/acme/wiki',
  }),
})

/** What the provider sends the browser back with; the whole query is checked by the relying party. */
export const SsoCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
})

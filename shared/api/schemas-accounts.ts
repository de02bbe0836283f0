import { z } from '@hono/zod-openapi'
import { PASSWORD_MAX, PASSWORD_MIN } from '../domain/limits.ts'

/** Request and response shapes of mailed links (address verification, password reset) and set passwords. */

const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)

/** The secret of a mailed link, as its path holds it. */
export const LinkTokenParam = {
  token: z
    .string()
    .max(200)
    .openapi({ param: { name: 'token', in: 'path' }, description: 'The secret of the mailed link' }),
}

export const RequestPasswordResetSchema = z.object({
  login: z
    .string()
    .trim()
    .min(1)
    .max(320)
    .openapi({ description: 'The username, or the account’s verified e-mail address' }),
})

export const ResetPasswordSchema = z.object({ password })

export const SetUserPasswordSchema = z.object({
  password: password.optional().openapi({ description: 'The new password; absent for a generated one' }),
})

export const SetPasswordResultSchema = z
  .object({
    password: z
      .string()
      .openapi({ description: 'The password now set (given or generated), shown once only' }),
  })
  .openapi('SetPassword')

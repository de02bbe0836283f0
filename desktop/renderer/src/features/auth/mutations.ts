import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'
import { sessionKeys } from '../../app/session.ts'

/** Asks for a password reset link; the answer is the same whether an account matches or not. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (login: string) => ok(api['password-resets'].$post({ json: { login } })),
  })
}

/** Sets a new password through a mailed reset link (which then stops working). */
export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      ok(api['password-resets'][':token'].$post({ param: { token }, json: { password } })),
  })
}

/**
 * Confirms an e-mail address through its mailed link; the account, if this browser is signed in,
 * is read again to show it verified.
 */
export function useConfirmEmail(token: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => ok(api['email-verifications'][':token'].$post({ param: { token } })),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.me() }),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InferRequestType } from 'hono/client'
import { api, ok } from '../../app/api.ts'
import type { Language } from '../../app/i18n.ts'
import { sessionKeys } from '../../app/session.ts'
import { accountKeys } from './queries.ts'

/** Saves the person's display name and language; reading the account again switches the app's language. */
export function useUpdateProfile(username: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: { display_name: string; locale: Language }) =>
      ok(api.users[':username'].$patch({ param: { username }, json })),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.me() }),
  })
}

/**
 * Changes the password (`onChanged` once done). The server then revokes every personal token and
 * lifts a change a super admin required: the account and its tokens are read again first, so what
 * comes next sees them as they are now.
 */
export function useChangePassword(onChanged: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: { current_password: string; new_password: string }) =>
      ok(api.me.password.$put({ json })),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: sessionKeys.me() })
      onChanged()
    },
  })
}

/** Mails a link to confirm the account's address; the answer says where it went, or why not. */
export function useSendVerification() {
  return useMutation({
    mutationFn: () => ok(api.me.email.verification.$post()),
  })
}

/** Creates a personal token (`onCreated` once done; its secret is the answer), then reads the tokens again. */
export function useCreateToken(onCreated: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: InferRequestType<typeof api.me.tokens.$post>['json']) =>
      ok(api.me.tokens.$post({ json })),
    onSuccess: () => {
      onCreated()
      void client.invalidateQueries({ queryKey: accountKeys.tokens() })
    },
  })
}

/** Revokes a personal token (`onRevoked` once done); the tokens are read again whatever the answer. */
export function useRevokeToken(onRevoked: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => ok(api.me.tokens[':id'].$delete({ param: { id } })),
    onSuccess: onRevoked,
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.tokens() }),
  })
}

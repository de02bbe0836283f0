import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InferRequestType } from 'hono/client'
import { api, ok } from '../../app/api.ts'
import { authKeys } from '../auth/queries.ts'
import { organizationKeys } from '../organization/queries.ts'
import { instanceKeys } from './queries.ts'

/** What an account's change sets: active or not, super admin or not. */
export type AccountChange = { is_active?: boolean; is_superadmin?: boolean }

/** Changes an account (`onChanged` once done); the accounts are read again whatever the answer. */
export function useUpdateAccount(onChanged: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ username, json }: { username: string; json: AccountChange }) =>
      ok(api.users[':username'].$patch({ param: { username }, json })),
    onSuccess: onChanged,
    onSettled: () => client.invalidateQueries({ queryKey: instanceKeys.users() }),
  })
}

/**
 * Gives an account a password the server draws (answered once); the person must change it at the
 * next sign-in, which the accounts, read again, show.
 */
export function useSetPassword() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (username: string) =>
      ok(api.users[':username'].password.$post({ param: { username }, json: {} })),
    onSuccess: () => client.invalidateQueries({ queryKey: instanceKeys.users() }),
  })
}

/** Creates an account (`onCreated` once done), then reads the accounts again. */
export function useCreateAccount(onCreated: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: InferRequestType<typeof api.users.$post>['json']) => ok(api.users.$post({ json })),
    onSuccess: () => {
      onCreated()
      void client.invalidateQueries({ queryKey: instanceKeys.users() })
    },
  })
}

/** Creates an organization (`onCreated` once done), then reads the organizations again. */
export function useCreateOrganization(onCreated: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: InferRequestType<typeof api.organizations.$post>['json']) =>
      ok(api.organizations.$post({ json })),
    onSuccess: () => {
      onCreated()
      void client.invalidateQueries({ queryKey: organizationKeys.list() })
    },
  })
}

/** Deletes an empty organization (`onDeleted` once done), then reads the organizations again. */
export function useDeleteOrganization(onDeleted: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (org: string) => ok(api.organizations[':org'].$delete({ param: { org } })),
    onSuccess: () => {
      onDeleted()
      void client.invalidateQueries({ queryKey: organizationKeys.list() })
    },
  })
}

/** What a provider's form sends (`client_secret` null keeps the stored one). */
export type SsoProviderInput = InferRequestType<(typeof api)['sso-providers'][':slug']['$put']>['json']

/**
 * Creates or changes a single sign-on provider (`onSaved` once done); the providers, and the
 * buttons of the sign-in screen, are read again.
 */
export function usePutSsoProvider(onSaved: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ slug, json }: { slug: string; json: SsoProviderInput }) =>
      ok(api['sso-providers'][':slug'].$put({ param: { slug }, json })),
    onSuccess: () => {
      onSaved()
      void client.invalidateQueries({ queryKey: instanceKeys.ssoProviders() })
      void client.invalidateQueries({ queryKey: authKeys.providers() })
    },
  })
}

/** Deletes a single sign-on provider (`onDeleted` once done); the accounts it made stay. */
export function useDeleteSsoProvider(onDeleted: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (slug: string) => ok(api['sso-providers'][':slug'].$delete({ param: { slug } })),
    onSuccess: () => {
      onDeleted()
      void client.invalidateQueries({ queryKey: instanceKeys.ssoProviders() })
      void client.invalidateQueries({ queryKey: authKeys.providers() })
    },
  })
}

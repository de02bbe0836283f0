import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InferRequestType } from 'hono/client'
import { api, ok } from '../../app/api.ts'
import { sessionKeys } from '../../app/session.ts'
import { organizationKeys } from '../organization/queries.ts'
import { invitationKeys } from './queries.ts'

const orgInvitations = api.organizations[':org'].invitations
const linkApi = api.invitations[':token']

/** What an invitation offers: the address, its role in the organization and a role per space. */
export type NewInvitation = InferRequestType<typeof orgInvitations.$post>['json']

/**
 * Invites an address. An address that already had an account is a member at once (the members are
 * read again); otherwise the invitation waits among the pending ones.
 */
export function useInvite(org: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: NewInvitation) => ok(orgInvitations.$post({ param: { org }, json })),
    onSuccess: (invitation) => {
      if (invitation.granted) void client.invalidateQueries({ queryKey: organizationKeys.members(org) })
      else void client.invalidateQueries({ queryKey: invitationKeys.pending(org) })
    },
  })
}

/** Cancels a pending invitation (`onCancelled` once done); its link stops working. */
export function useCancelInvitation(org: string, onCancelled: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => ok(orgInvitations[':id'].$delete({ param: { org, id } })),
    onSuccess: onCancelled,
    onSettled: () => client.invalidateQueries({ queryKey: invitationKeys.pending(org) }),
  })
}

/** A new account's fields, for a person who accepts while signed out. */
export type NewAccount = { username: string; display_name?: string; password: string }

/**
 * Accepts an invitation, as the signed-in account (`{}`) or with a new account, which signs the
 * person in; the answer is the account. Either way what the person can see changed: everything
 * cached is read again, but the invitation, which its page still shows.
 */
export function useAcceptInvitation(token: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: NewAccount | Record<string, never>) =>
      ok(linkApi.accept.$post({ param: { token }, json })),
    onSuccess: (account) => {
      client.removeQueries({ predicate: (query) => !isKeptAcrossAccounts(query.queryKey[0]) })
      client.setQueryData(sessionKeys.me(), account)
    },
  })
}

/** Signs out and stays on the invitation's page, which then offers a new account or a sign-in. */
export function useSignOutHere() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => ok(api.session.$delete()),
    onSuccess: () => {
      // What the account saw is forgotten, but not the invitation the page shows.
      client.removeQueries({ predicate: (query) => !isKeptAcrossAccounts(query.queryKey[0]) })
      return client.resetQueries({ queryKey: sessionKeys.me() })
    },
  })
}

/** Whether a cache entry outlives a change of account: the account itself, and the invitation shown. */
function isKeptAcrossAccounts(kind: unknown): boolean {
  return kind === invitationKeys.link('')[0] || kind === sessionKeys.me()[0]
}

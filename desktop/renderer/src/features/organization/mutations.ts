import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InferRequestType } from 'hono/client'
import { api, ok } from '../../app/api.ts'
import { spaceKeys } from '../space/queries.ts'
import { organizationKeys } from './queries.ts'

const orgApi = api.organizations[':org']

type Role = 'admin' | 'member'

/** Saves an organization's name and description; the list of organizations shows them too. */
export function useUpdateOrganization(org: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: { name: string; description: string }) => ok(orgApi.$patch({ param: { org }, json })),
    onSuccess: (saved) => {
      client.setQueryData(organizationKeys.details(org), saved)
      void client.invalidateQueries({ queryKey: organizationKeys.list() })
    },
  })
}

/** Changes a member's role; the members are read again whatever the answer. */
export function useSetOrgMemberRole(org: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ username, role }: { username: string; role: Role }) =>
      ok(orgApi.members[':username'].$put({ param: { org, username }, json: { role } })),
    onSettled: () => client.invalidateQueries({ queryKey: organizationKeys.members(org) }),
  })
}

/**
 * Removes a member (`onRemoved` once done); the spaces they reached may change, and the members are
 * read again whatever the answer.
 */
export function useRemoveOrgMember(org: string, onRemoved: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (username: string) => ok(orgApi.members[':username'].$delete({ param: { org, username } })),
    onSuccess: () => {
      onRemoved()
      void client.invalidateQueries({ queryKey: organizationKeys.spaces(org) })
    },
    onSettled: () => client.invalidateQueries({ queryKey: organizationKeys.members(org) }),
  })
}

/** Adds an existing account by username (in lower case, as accounts are named); answers the member. */
export function useAddOrgMember(org: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ username, role }: { username: string; role: Role }) =>
      ok(
        orgApi.members[':username'].$put({
          param: { org, username: username.toLowerCase() },
          json: { role },
        }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: organizationKeys.members(org) }),
  })
}

/** What a new space is made of. */
export type NewSpace = InferRequestType<typeof orgApi.spaces.$post>['json']

/** Creates a space in the organization; both lists of spaces show it, then `onCreated`. */
export function useCreateSpace(
  org: string,
  onCreated: (space: { organization: string; slug: string; name: string }) => void,
) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: NewSpace) => ok(orgApi.spaces.$post({ param: { org }, json })),
    onSuccess: (space) => {
      void client.invalidateQueries({ queryKey: organizationKeys.spaces(org) })
      void client.invalidateQueries({ queryKey: spaceKeys.list() })
      onCreated(space)
    },
  })
}

/** Saves the organization's AI settings; the answer replaces the cached ones. */
export function useSaveAi(org: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: InferRequestType<typeof orgApi.ai.$put>['json']) =>
      ok(orgApi.ai.$put({ param: { org }, json })),
    onSuccess: (saved) => client.setQueryData(organizationKeys.ai(org), saved),
  })
}

/** Sends a test message to the organization's model (nothing is cached: the answer is shown once). */
export function useTestAi(org: string) {
  return useMutation({
    mutationFn: (message: string) => ok(orgApi.ai.test.$post({ param: { org }, json: { message } })),
  })
}

/** Saves the organization's embeddings provider; the answer replaces the cached one. */
export function useSaveEmbeddings(org: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: InferRequestType<typeof orgApi.embeddings.$put>['json']) =>
      ok(orgApi.embeddings.$put({ param: { org }, json })),
    onSuccess: (saved) => client.setQueryData(organizationKeys.embeddings(org), saved),
  })
}

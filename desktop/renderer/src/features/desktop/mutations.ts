import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ok } from '../../app/api.ts'
import { sessionKeys } from '../../app/session.ts'
import { organizationKeys } from '../organization/queries.ts'
import { spaceKeys } from '../space/queries.ts'
import {
  type DesktopInfo,
  type DesktopSpace,
  desktopApi,
  type NewSpaces,
  type Person,
} from './desktop-api.ts'
import { desktopKeys } from './queries.ts'

/**
 * Sets the name and e-mail of the person's future commits, and writes them into the cached engine
 * info, so every screen knows them at once.
 */
export function useSavePerson() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (person: Person) => (await ok(desktopApi.person.$put({ json: person }))).person,
    onSuccess: async (person: Person) => {
      client.setQueryData(desktopKeys.info(), (info: DesktopInfo | null | undefined) =>
        info ? { ...info, person, needs_identity: false } : info,
      )
      await client.invalidateQueries({ queryKey: sessionKeys.me() })
    },
  })
}

/**
 * Adds spaces to this computer: a new local one, one from a Git remote, or some from a server. The
 * app's own lists of organizations and spaces have the new ones too; then `onAdded`.
 */
export function useAddDesktopSpaces(onAdded: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (input: NewSpaces) => (await ok(desktopApi.spaces.$post({ json: input }))).spaces,
    onSuccess: async () => {
      await Promise.all(
        [desktopKeys.spaces(), spaceKeys.list(), organizationKeys.list()].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      )
      onAdded()
    },
  })
}

/** The spaces an account can read on a Quire server, to choose which to keep here (nothing cached). */
export function useServerSpaces(onListed: () => void) {
  return useMutation({
    mutationFn: ({ serverUrl, token }: { serverUrl: string; token: string }) =>
      ok(desktopApi.servers.spaces.$post({ json: { server_url: serverUrl, token } })),
    onSuccess: onListed,
  })
}

/** Syncs a space with its remote now: the list shows its state after at once, then is read again. */
export function useSyncDesktopSpace(org: string, space: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => ok(desktopApi.spaces[':org'][':space'].sync.$post({ param: { org, space } })),
    onSuccess: (after) => {
      client.setQueryData(desktopKeys.spaces(), (all: DesktopSpace[] | undefined) =>
        all?.map((s) => (s.org === after.org && s.space === after.space ? after : s)),
      )
      void client.invalidateQueries({ queryKey: desktopKeys.spaces() })
    },
  })
}

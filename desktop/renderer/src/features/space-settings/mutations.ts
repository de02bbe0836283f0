import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InferRequestType } from 'hono/client'
import { api, ok } from '../../app/api.ts'
import { readEditable, saveFile } from '../editor/file-api.ts'
import { qualityKeys } from '../quality/queries.ts'
import { isOfSpace, spaceKeys } from '../space/queries.ts'
import { type PurposeKind, writePurpose } from './purpose-api.ts'
import { settingsKeys } from './queries.ts'

const spaceApi = api.organizations[':org'].spaces[':space']

type MemberRole = 'reader' | 'contributor'

/** Saves the space's name, description and default review interval: the lists and the health report follow. */
export function useUpdateSpaceDetails(org: string, space: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: { name: string; description: string; review_every: string }) =>
      ok(spaceApi.$patch({ param: { org, space }, json })),
    onSuccess: (updated) => {
      client.setQueryData(spaceKeys.details(org, space), updated)
      void client.invalidateQueries({ queryKey: spaceKeys.list() })
      void client.invalidateQueries({ queryKey: qualityKeys.health(org, space) })
    },
  })
}

/** Saves the Git remote and branch the space syncs with; its Git state is read again. */
export function useUpdateRemote(org: string, space: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: { repo_url: string; branch: string }) =>
      ok(spaceApi.$patch({ param: { org, space }, json })),
    onSuccess: (updated) => {
      client.setQueryData(spaceKeys.details(org, space), updated)
      void client.invalidateQueries({ queryKey: settingsKeys.git({ org, space }) })
    },
  })
}

/** Gives a member a role; the members are read again whatever the answer. */
export function useSetSpaceMemberRole(org: string, space: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ username, role }: { username: string; role: MemberRole }) =>
      ok(spaceApi.members[':username'].$put({ param: { org, space, username }, json: { role } })),
    onSettled: () => client.invalidateQueries({ queryKey: settingsKeys.members({ org, space }) }),
  })
}

/** Removes a member; the members are read again whatever the answer. */
export function useRemoveSpaceMember(org: string, space: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (username: string) =>
      ok(spaceApi.members[':username'].$delete({ param: { org, space, username } })),
    onSettled: () => client.invalidateQueries({ queryKey: settingsKeys.members({ org, space }) }),
  })
}

/** Adds an existing account as a member; done once the members are read again. */
export function useAddSpaceMember(org: string, space: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ username, role }: { username: string; role: MemberRole }) =>
      ok(spaceApi.members[':username'].$put({ param: { org, space, username }, json: { role } })),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.members({ org, space }) }),
  })
}

/** The remote's credentials as sent: a token, or an SSH key and the host's known keys. */
export type Credentials = InferRequestType<typeof spaceApi.git.credentials.$put>['json']

/** Saves the remote's credentials (`onSaved` once done); the Git state says then that some are set. */
export function useSaveCredentials(org: string, space: string, onSaved: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: Credentials) => ok(spaceApi.git.credentials.$put({ param: { org, space }, json })),
    onSuccess: async () => {
      onSaved()
      await client.invalidateQueries({ queryKey: settingsKeys.git({ org, space }) })
    },
  })
}

/** Removes the remote's credentials (`onRemoved` once done); the Git state is read again. */
export function useRemoveCredentials(org: string, space: string, onRemoved: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => ok(spaceApi.git.credentials.$delete({ param: { org, space } })),
    onSuccess: async () => {
      onRemoved()
      await client.invalidateQueries({ queryKey: settingsKeys.git({ org, space }) })
    },
  })
}

/** Generates the webhook's secret (shown once, from the answer); the Git state is read again. */
export function useGenerateWebhookSecret(org: string, space: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => ok(spaceApi.git['webhook-secret'].$post({ param: { org, space } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: settingsKeys.git({ org, space }) }),
  })
}

/** Asks for a sync, which runs in the background (`onStarted` then); the Git state is read again. */
export function useSyncNow(org: string, space: string, onStarted: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => ok(spaceApi.git.sync.$post({ param: { org, space } })),
    onSuccess: () => {
      onStarted()
      void client.invalidateQueries({ queryKey: settingsKeys.git({ org, space }) })
    },
  })
}

/** Where pages live in a space's repository; the file API takes paths below it. */
export const CONTENT = 'content/'

/** A repository path as the person knows it: a page by its path in the space, a file of the service as kept. */
export const shownPath = (path: string): string =>
  path.startsWith(CONTENT) ? path.slice(CONTENT.length) : path

/** Keep our version, the remote's, or ours as edited beside the remote's. */
export type Choice = 'local' | 'remote' | 'edited'

/**
 * Resolves the conflicts as chosen: an edited version is ours kept first, then written over it as a
 * change of its own (its commit message from `mergedMessage`). Whatever the outcome, everything of
 * the space but its details is read again, after `onResolved` when it succeeded.
 */
export function useResolveConflicts(
  org: string,
  space: string,
  mergedMessage: (file: string) => string,
  onResolved: () => void,
) {
  const client = useQueryClient()
  const details = spaceKeys.details(org, space)[0]
  return useMutation({
    mutationFn: async ({
      choices,
      edits,
    }: {
      choices: Record<string, Choice>
      edits: Record<string, string>
    }) => {
      const sent = Object.fromEntries(
        Object.entries(choices).map(([path, choice]) => [path, choice === 'edited' ? 'local' : choice]),
      ) as Record<string, 'local' | 'remote'>
      await ok(spaceApi.git.conflicts.resolve.$post({ param: { org, space }, json: { choices: sent } }))
      for (const [path, choice] of Object.entries(choices)) {
        if (choice !== 'edited') continue
        const file = path.slice(CONTENT.length)
        const current = await readEditable(org, space, file)
        const content = edits[path] ?? current?.text ?? ''
        if (current?.text === content) continue
        await saveFile(org, space, file, {
          content,
          message: mergedMessage(file),
          baseSha: current?.sha ?? '',
        })
      }
    },
    onSettled: async (_data, error) => {
      if (!error) onResolved()
      await client.invalidateQueries({
        predicate: ({ queryKey }) => isOfSpace(queryKey, org, space) && queryKey[0] !== details,
      })
    },
  })
}

/** When the tidy-up runs on its own, as sent. */
export type TidySettingsInput = InferRequestType<(typeof spaceApi)['tidy-settings']['$patch']>['json']

/** Saves when the tidy-up runs on its own; done once the settings are read again. */
export function useSaveTidySettings(org: string, space: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (json: TidySettingsInput) =>
      ok(spaceApi['tidy-settings'].$patch({ param: { org, space }, json })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: settingsKeys.tidy({ org, space }) })
      // The space's time zone is its routines': their next runs move with it.
      void client.invalidateQueries({ queryKey: ['routines', org, space] })
    },
  })
}

/** Turns the index by meaning on or off; the answer's counts replace the cached state. */
export function useSaveMeaning(org: string, space: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (enabled: boolean) =>
      ok(spaceApi.semantic.$put({ param: { org, space }, json: { enabled } })),
    onSuccess: (counts, enabled) =>
      client.setQueryData(settingsKeys.meaning({ org, space }), { enabled, ...counts }),
  })
}

/**
 * Saves the vocation or the tidy rules from the version read (`baseSha`); done once they are read
 * again, so the next save starts from the version just written.
 */
export function useSavePurpose(org: string, space: string, kind: PurposeKind) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ text, baseSha, allowSecrets }: { text: string; baseSha: string; allowSecrets: boolean }) =>
      writePurpose(org, space, kind, {
        text,
        base_sha: baseSha,
        ...(allowSecrets ? { allow_secrets: true } : {}),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.purpose({ org, space }, kind) }),
  })
}

import { queryOptions } from '@tanstack/react-query'
import { api, ok, request, spaceUrl } from '../../app/api.ts'

type Param = { org: string; space: string }
const spaceApi = () => api.organizations[':org'].spaces[':space']

/** The space's Git state: status, last sync, conflicts, webhook URL, whether credentials are set. */
export const gitQuery = (param: Param) =>
  queryOptions({
    queryKey: ['git', param.org, param.space],
    queryFn: () => ok(spaceApi().git.$get({ param })),
  })

/** Both sides of each conflicted file. */
export const conflictsQuery = (param: Param) =>
  queryOptions({
    queryKey: ['git-conflicts', param.org, param.space],
    queryFn: () => ok(spaceApi().git.conflicts.$get({ param })),
  })

export const membersQuery = (param: Param) =>
  queryOptions({
    queryKey: ['space-members', param.org, param.space],
    queryFn: () => ok(spaceApi().members.$get({ param })),
  })

export const tidySettingsQuery = (param: Param) =>
  queryOptions({
    queryKey: ['tidy-settings', param.org, param.space],
    queryFn: () => ok(spaceApi()['tidy-settings'].$get({ param })),
  })

export const semanticQuery = (param: Param) =>
  queryOptions({
    queryKey: ['semantic', param.org, param.space],
    queryFn: () => ok(spaceApi().semantic.$get({ param })),
  })

export type PurposeKind = 'vocation' | 'tidy-rules'

export type Purpose = {
  path: string
  text: string
  sha: string
  pending: boolean
  history: { commit: string; author: string; date: string; subject: string }[]
}

export type PurposeWritten = { commit: string | null; pending: boolean; path: string; pushed: boolean }

/** The vocation or the tidy rules: text, sha, pending, last changes. */
export const purposeQuery = (param: Param, kind: PurposeKind) =>
  queryOptions({
    queryKey: [kind, param.org, param.space],
    // Both routes are made in one loop, which the typed client cannot follow.
    queryFn: () => request<Purpose>('GET', `${spaceUrl(param.org, param.space)}/${kind}`),
  })

export const templatesQuery = (language: string) =>
  queryOptions({
    queryKey: ['vocation-templates', language],
    queryFn: () => ok(api['vocation-templates'].$get()),
    staleTime: Number.POSITIVE_INFINITY,
  })

import { queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'
import { type PurposeKind, readPurpose } from './purpose-api.ts'

type Param = { org: string; space: string }
const spaceApi = () => api.organizations[':org'].spaces[':space']

/** The cache keys of a space's settings (`[kind, org, space]`, as everything of a space). */
export const settingsKeys = {
  git: ({ org, space }: Param) => ['git', org, space] as const,
  conflicts: ({ org, space }: Param) => ['git-conflicts', org, space] as const,
  members: ({ org, space }: Param) => ['space-members', org, space] as const,
  tidy: ({ org, space }: Param) => ['tidy-settings', org, space] as const,
  /** The index by meaning: on or off, and what it holds. */
  meaning: ({ org, space }: Param) => ['meaning', org, space] as const,
  purpose: ({ org, space }: Param, kind: PurposeKind) => [kind, org, space] as const,
  /** The vocation templates, in one language (not a space's). */
  templates: (language: string) => ['vocation-templates', language] as const,
}

/** The space's Git state: status, last sync, conflicts, webhook URL, whether credentials are set. */
export const gitQuery = (param: Param) =>
  queryOptions({
    queryKey: settingsKeys.git(param),
    queryFn: () => ok(spaceApi().git.$get({ param })),
  })

/** Both sides of each conflicted file. */
export const conflictsQuery = (param: Param) =>
  queryOptions({
    queryKey: settingsKeys.conflicts(param),
    queryFn: () => ok(spaceApi().git.conflicts.$get({ param })),
  })

/** Who reads or writes the space. */
export const membersQuery = (param: Param) =>
  queryOptions({
    queryKey: settingsKeys.members(param),
    queryFn: () => ok(spaceApi().members.$get({ param })),
  })

/** When the tidy-up runs on its own. */
export const tidySettingsQuery = (param: Param) =>
  queryOptions({
    queryKey: settingsKeys.tidy(param),
    queryFn: () => ok(spaceApi()['tidy-settings'].$get({ param })),
  })

/** The index by meaning of the space (the API's `semantic`). */
export const meaningQuery = (param: Param) =>
  queryOptions({
    queryKey: settingsKeys.meaning(param),
    queryFn: () => ok(spaceApi().semantic.$get({ param })),
    // Read again while files wait for their vectors, so the count follows the indexing.
    refetchInterval: (query) => ((query.state.data?.waiting ?? 0) > 0 ? MEANING_POLL_MS : false),
  })

/** How often the index by meaning is read again while it fills in. */
const MEANING_POLL_MS = 2_000

/** The vocation or the tidy rules: text, sha, pending, last changes. */
export const purposeQuery = (param: Param, kind: PurposeKind) =>
  queryOptions({
    queryKey: settingsKeys.purpose(param, kind),
    queryFn: () => readPurpose(param.org, param.space, kind),
  })

/** The vocation templates to start from, in the person's language. */
export const templatesQuery = (language: string) =>
  queryOptions({
    queryKey: settingsKeys.templates(language),
    queryFn: () => ok(api['vocation-templates'].$get()),
    staleTime: Number.POSITIVE_INFINITY,
  })

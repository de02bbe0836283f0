import { queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'

/** The cache keys of the instance's administration. */
export const instanceKeys = {
  /** Every account of the instance. */
  users: () => ['users'] as const,
  /** The single sign-on providers, as the super admin manages them. */
  ssoProviders: () => ['sso-providers'] as const,
}

/** Every account of the instance (super admin). */
export const usersQuery = queryOptions({
  queryKey: instanceKeys.users(),
  queryFn: () => ok(api.users.$get()),
})

export type Account = Awaited<ReturnType<typeof usersQuery.queryFn & {}>>[number]

/** The single sign-on providers (super admin), with the callback address to register at each. */
export const ssoProvidersQuery = queryOptions({
  queryKey: instanceKeys.ssoProviders(),
  queryFn: () => ok(api['sso-providers'].$get()),
})

export type SsoProvider = Awaited<ReturnType<typeof ssoProvidersQuery.queryFn & {}>>[number]

/** Organizations in alphabetical order of their names, as people read them. */
export function byName<T extends { name: string }>(items: readonly T[], language: string): T[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true })
  return [...items].sort((a, b) => collator.compare(a.name, b.name))
}

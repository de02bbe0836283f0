import { queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'

/** Every account of the instance (super admin). */
export const usersQuery = queryOptions({
  queryKey: ['users'],
  queryFn: () => ok(api.users.$get()),
})

/** The organizations the caller sees (all of them, for the super admin). */
export const organizationsQuery = queryOptions({
  queryKey: ['organizations'],
  queryFn: () => ok(api.organizations.$get()),
})

/** The spaces the caller can read (all of them, for the super admin). */
export const spacesQuery = queryOptions({
  queryKey: ['spaces'],
  queryFn: () => ok(api.spaces.$get()),
})

export type Account = Awaited<ReturnType<typeof usersQuery.queryFn & {}>>[number]

/** Organizations in alphabetical order of their names, as people read them. */
export function byName<T extends { name: string }>(items: readonly T[], language: string): T[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true })
  return [...items].sort((a, b) => collator.compare(a.name, b.name))
}

import { queryOptions } from '@tanstack/react-query'
import { api, ok } from '../../app/api.ts'

/** A space as the home screen lists it. */
export type HomeSpace = {
  organization: string
  slug: string
  name: string
  description: string
  role: string
}

/** The cache keys of the home screen's activity (`[kind, org, space]`, as everything of a space). */
export const homeKeys = {
  /** The activity of every space. */
  all: () => ['home-activity'] as const,
  /** One space's pending count and latest changes. */
  activity: (org: string, space: string) => ['home-activity', org, space] as const,
}

/** The inbox's pending count and latest changes of one space. */
export function spaceActivityQuery(space: HomeSpace) {
  const param = { org: space.organization, space: space.slug }
  return queryOptions({
    queryKey: homeKeys.activity(space.organization, space.slug),
    queryFn: async () => {
      const res = await api.organizations[':org'].spaces[':space'].inbox.$get({
        param,
        query: { limit: '1' },
      })
      await ok(Promise.resolve(res))
      const pending = Number(res.headers.get('x-total-count') ?? 0)
      const changes = await ok(
        api.organizations[':org'].spaces[':space'].inbox.$get({
          param,
          query: { kind: 'change', limit: '5' },
        }),
      )
      return { pending, changes: changes.map((item) => ({ ...item, space })) }
    },
  })
}

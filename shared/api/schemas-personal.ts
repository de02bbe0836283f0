import { z } from '@hono/zod-openapi'
import { RECENT_PAGES_DEFAULT } from '../services/personal/list-recent-pages.ts'
import { RECENT_PAGES_KEPT } from '../services/personal/record-visit.ts'

/** Request and response shapes of what each person keeps for themselves: recent and favourite pages. */

const timestamp = z.string().openapi({ format: 'date-time', example: '2026-11-21T08:00:00.000Z' })

export const PageVisitSchema = z
  .object({
    org: z.string().min(1).openapi({ description: 'The organization’s slug', example: 'acme' }),
    space: z.string().min(1).openapi({ description: 'The space’s slug', example: 'wiki' }),
    path: z
      .string()
      .min(1)
      .openapi({ description: 'The page, relative to content/', example: 'guides/setup.md' }),
  })
  .openapi('PageVisit')

/** A page as both lists show it: where it is, and its title as the search index knows it. */
const ListedPageSchema = z.object({
  org: z.string(),
  space: z.string(),
  space_name: z.string(),
  path: z.string().openapi({ description: 'Relative to content/' }),
  title: z.string(),
})

export const RecentPageSchema = ListedPageSchema.extend({ viewed_at: timestamp }).openapi('RecentPage')

export const FavouritePageSchema = ListedPageSchema.extend({ added_at: timestamp }).openapi('FavouritePage')

export const RecentPagesQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(RECENT_PAGES_KEPT)
    .optional()
    .openapi({ description: `1 to ${RECENT_PAGES_KEPT}; ${RECENT_PAGES_DEFAULT} when absent` }),
})

export const FavouriteParams = z.object({
  org: z.string().openapi({ param: { name: 'org', in: 'path' } }),
  space: z.string().openapi({ param: { name: 'space', in: 'path' } }),
  path: z.string().openapi({ param: { name: 'path', in: 'path' }, example: 'guides/setup.md' }),
})

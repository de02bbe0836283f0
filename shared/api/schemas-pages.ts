import { z } from '@hono/zod-openapi'
import { PAGES_LIMIT_MAX } from '../services/pages/find-pages.ts'

/** Request and response shapes of finding and getting back pages. */

export const FindPagesQuery = z.object({
  q: z
    .string()
    .max(500)
    .optional()
    .openapi({ description: 'Words of a title or path; empty: the first pages by title' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGES_LIMIT_MAX)
    .optional()
    .openapi({ description: '1 to 50, 20 by default' }),
})

export const FoundPageSchema = z
  .object({
    org: z.string(),
    space: z.string(),
    space_name: z.string(),
    path: z.string(),
    title: z.string(),
  })
  .openapi('FoundPage')

export const BacklinkSchema = z.object({ path: z.string(), title: z.string() }).openapi('Backlink')

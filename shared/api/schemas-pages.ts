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

export const TrashedPageSchema = z
  .object({
    path: z.string(),
    title: z.string().openapi({ description: 'The page’s title at its last version' }),
    deleted_at: z.string().openapi({ format: 'date-time' }),
    deleted_by: z.string().openapi({ description: 'The author name of the deleting commit' }),
    commit: z.string().openapi({ description: 'The deleting commit' }),
  })
  .openapi('TrashedPage')

export const RestoreSchema = z.object({
  path: z.string().min(1).max(1024),
  allow_secrets: z.boolean().optional(),
})

export const RestoredSchema = z
  .object({ path: z.string(), commit: z.string().nullable(), pushed: z.boolean() })
  .openapi('Restored')

export const PageTemplateSchema = z
  .object({
    name: z.string().openapi({ description: 'The file name under `.service/templates/`, without `.md`' }),
    title: z.string(),
    text: z.string(),
  })
  .openapi('PageTemplate')

import { z } from '@hono/zod-openapi'
import { FreshnessSchema } from './schemas-content.ts'

/** Request and response shapes of search, verification, health and related pages. */

export const SnippetSchema = z.object({
  line: z.number().int(),
  text: z.string(),
  before: z.string(),
  after: z.string(),
})

export const SearchResultSchema = z
  .object({
    space: z.string(),
    path: z.string(),
    title: z.string(),
    score: z.number(),
    match: z.enum(['text', 'meaning', 'both']),
    extracted: z.boolean(),
    verified: z.boolean(),
    stale: z.boolean(),
    freshness: FreshnessSchema.nullable(),
    snippets: z.array(SnippetSchema),
  })
  .openapi('SearchResult')

export const VerifySchema = z.object({
  owner: z.string().max(200).optional(),
  review_every: z.string().max(20).optional(),
  verify: z.boolean().optional(),
})

export const VerifiedSchema = z
  .object({ commit: z.string().nullable(), path: z.string(), freshness: FreshnessSchema })
  .openapi('Verified')

export const RelatedSchema = z
  .object({
    path: z.string(),
    title: z.string(),
    score: z.number(),
    reason: z.enum(['meaning', 'words', 'backlink', 'link', 'shared', 'folder']),
    reasons: z.array(z.enum(['meaning', 'words', 'backlink', 'link', 'shared', 'folder'])),
    label: z.string(),
    linked: z.boolean(),
  })
  .openapi('RelatedPage')

export const HealthSchema = z
  .object({
    broken: z.array(z.object({ page: z.string(), link: z.string(), suggestion: z.string().nullable() })),
    orphans: z.array(z.string()),
    empty: z.array(z.string()),
    untitled: z.array(z.string()),
    stale: z.array(z.object({ page: z.string(), date: z.string() })),
    due: z.array(
      z.object({
        path: z.string(),
        owner: z.string().nullable(),
        verified: z.string().nullable(),
        due: z.string(),
      }),
    ),
    unowned: z.array(z.string()),
    counts: z.record(z.string(), z.number()),
  })
  .openapi('WikiHealth')

export const EmbeddingSettingsSchema = z
  .object({
    provider: z.enum(['openai', 'openai-compatible']),
    model: z.string(),
    base_url: z.string(),
    has_key: z.boolean(),
  })
  .openapi('EmbeddingSettings')

export const PutEmbeddingsSchema = z.object({
  provider: z.enum(['openai', 'openai-compatible']),
  model: z.string().min(1).max(200),
  api_key: z.string().max(2000).nullable().optional(),
  base_url: z.string().max(2000).optional(),
})

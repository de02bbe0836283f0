import { z } from '@hono/zod-openapi'
import { SpaceParams } from './schemas.ts'

/** Request and response shapes of the inbox, AI settings and the tidy-up. */

export const InboxItemSchema = z
  .object({
    name: z.string(),
    type: z.enum(['note', 'change']),
    title: z.string(),
    deposited_by: z.string(),
    deposited_at: z.string(),
    status: z
      .enum(['pending', 'left'])
      .openapi({ description: '`pending`: to process; `left`: left by the tidy-up with a reason' }),
    reason: z.string(),
    candidates: z.array(z.string()).openapi({
      description:
        'For a note left by the tidy-up: pages it could go to (relative to content/), best first. Setting one as the `hint` files the note there at the next tidy-up',
    }),
    hint: z.string(),
    source: z
      .string()
      .openapi({ description: 'The channel it came through (api, web, mcp, desktop, git, tidy)' }),
    via: z.string().openapi({ description: 'The client or token it came through' }),
    origin: z.string().openapi({ description: 'Where the information comes from' }),
    attachments: z.array(z.object({ name: z.string(), size: z.number().int() })),
    path: z.string().optional().openapi({ description: 'For a change: the page, relative to content/' }),
  })
  .openapi('InboxItem')

export const InboxItemWithBodySchema = InboxItemSchema.extend({
  body: z
    .string()
    .openapi({ description: 'The text of a note, or the commits and the diff of a changed page' }),
}).openapi('InboxItemWithBody')

export const DropSchema = z.object({
  title: z.string().max(200).optional(),
  content: z.string().optional(),
  hint: z.string().max(500).optional(),
  source: z
    .string()
    .max(2000)
    .optional()
    .openapi({ description: 'Where the information comes from (stored as `origin`)' }),
  attachments: z
    .array(z.object({ name: z.string().min(1).max(255), content_base64: z.string() }))
    .max(20)
    .optional(),
  allow_secrets: z.boolean().optional(),
})

export const CorrectSchema = z.object({
  title: z.string().max(200).optional(),
  content: z.string().optional(),
  hint: z.string().max(500).optional(),
  source: z.string().max(2000).optional(),
  allow_secrets: z.boolean().optional(),
})

export const MoveNoteSchema = z.object({ space: z.string().min(1).openapi({ example: 'acme/handbook' }) })

export const InboxParams = SpaceParams.extend({
  name: z.string().openapi({ param: { name: 'name', in: 'path' } }),
})

export const PendingNoteSchema = z
  .object({
    space: z.string(),
    name: z.string(),
    title: z.string(),
    deposited_by: z.string(),
    deposited_at: z.string(),
  })
  .openapi('PendingNote')

const provider = z.enum(['openai', 'anthropic', 'openai-compatible'])

export const AiSettingsSchema = z
  .object({
    provider,
    model: z.string(),
    base_url: z.string(),
    effort: z.string(),
    has_key: z.boolean(),
    price_input: z.number().nullable().openapi({ description: 'Per million input tokens' }),
    price_output: z.number().nullable().openapi({ description: 'Per million output tokens' }),
    monthly_budget: z.number().nullable(),
    month_spent: z.number(),
    metered: z.boolean(),
  })
  .openapi('AiSettings')

export const PutAiSchema = z.object({
  provider,
  model: z.string().min(1).max(200),
  effort: z.string().max(20).optional(),
  api_key: z.string().max(2000).nullable().optional(),
  monthly_budget: z.number().positive().nullable().optional(),
  base_url: z.string().max(2000).optional(),
  price_input: z.number().nonnegative().nullable().optional(),
  price_output: z.number().nonnegative().nullable().optional(),
})

export const AiTestSchema = z.object({ message: z.string().min(1).max(10_000) })

export const AiTestResultSchema = z
  .object({
    ok: z.boolean(),
    reply: z.string(),
    model: z.string(),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    cost: z.number(),
    error: z.string().nullable(),
  })
  .openapi('AiTestResult')

export const TidySettingsSchema = z.object({
  enabled: z.boolean().optional(),
  time: z.string().max(5).optional().openapi({ example: '03:00' }),
  timezone: z.string().max(100).optional().openapi({ example: 'Europe/Paris' }),
  model: z.string().max(200).optional(),
  delay: z
    .number()
    .int()
    .min(0)
    .max(10_080)
    .optional()
    .openapi({ description: 'Minutes after the last drop; 0 is off' }),
})

export const TidySettingsViewSchema = z
  .object({
    enabled: z.boolean(),
    time: z.string(),
    timezone: z.string(),
    model: z.string().openapi({ description: 'Empty: the organization’s model' }),
    delay: z.number().int(),
    next_daily_at: z.string().nullable(),
  })
  .openapi('TidySettings')

export const TidyRunSchema = z
  .object({
    id: z.string(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    trigger: z.enum(['manual', 'daily', 'continuous']),
    model: z.string(),
    items_done: z.number().int(),
    items_left: z.number().int(),
    summary: z.string(),
    operations: z.array(z.record(z.string(), z.unknown())),
    commit: z.string().nullable(),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    cost: z.number(),
    error: z.string().nullable(),
    reverted_at: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .openapi('TidyRun')

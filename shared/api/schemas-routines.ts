import { z } from '@hono/zod-openapi'
import { missingField } from './schemas.ts'

/** A routine's settings as a caller sends them; absent fields keep their value (or the template's). */
const settings = {
  name: z.string().trim().min(1).max(200),
  instructions: z.string().min(1).max(20_000),
  frequency: z.enum(['daily', 'weekly', 'monthly']),
  weekday: z.number().int().min(0).max(6).openapi({ description: '0 = Monday … 6 = Sunday' }),
  monthday: z.number().int().min(1).max(28),
  at: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'at must be HH:MM (24-hour clock)')
    .openapi({ description: 'Local time in the space’s time zone (its tidy settings’ `timezone`)' }),
  scope: z.array(z.string().max(1024)).max(100).openapi({ description: 'Folders; empty: the whole space' }),
  output_page: z.string().max(1024).openapi({ description: 'A Markdown page under content/, or empty' }),
  output_inbox: z.boolean(),
  output_webhook: z
    .string()
    .max(2048)
    .openapi({ description: 'An http(s) address, or empty; setting it returns `webhook_secret` once' }),
  output_email: z.enum(['', 'admins', 'members']),
  enabled: z.boolean(),
}

export const CreateRoutineSchema = z
  .object({ template: z.string().max(100).optional(), ...z.object(settings).partial().shape })
  .superRefine((body, ctx) => {
    // A blank routine has no settings to start from: its name and instructions are required.
    if (body.template) return
    if (body.name === undefined) ctx.addIssue(missingField('name'))
    if (body.instructions === undefined) ctx.addIssue(missingField('instructions'))
  })
  .openapi('CreateRoutine')

export const UpdateRoutineSchema = z.object(settings).partial().openapi('UpdateRoutine')

export const RoutineSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    template: z.enum(['', 'coherence', 'digest']),
    instructions: z.string(),
    frequency: z.enum(['daily', 'weekly', 'monthly']),
    weekday: z.number().int(),
    monthday: z.number().int(),
    at: z.string(),
    scope: z.array(z.string()),
    output_page: z.string(),
    output_inbox: z.boolean(),
    output_webhook: z.string(),
    output_email: z.enum(['', 'admins', 'members']),
    enabled: z.boolean(),
    timezone: z.string().openapi({
      description: 'The time zone `at` is in: the space’s (its tidy settings’ `timezone`)',
      example: 'Europe/Paris',
    }),
    next_run: z.string().nullable(),
    last_run: z.string().nullable(),
    created_at: z.string(),
    webhook_secret: z.string().optional().openapi({
      description: 'The webhook’s signing secret (Standard Webhooks), returned once when the address is set',
    }),
  })
  .openapi('Routine')

export const RoutineRunSchema = z
  .object({
    id: z.string(),
    routine: z.string(),
    status: z.enum(['running', 'done', 'failed']),
    trigger: z.enum(['manual', 'schedule']),
    model: z.string(),
    summary: z.string(),
    report: z.string(),
    outputs: z.object({
      page: z.string().nullable(),
      inbox: z.array(z.string()),
      emails: z.number().int(),
      webhook: z.string().nullable(),
    }),
    commit: z.string().nullable(),
    tokens: z.object({ input: z.number().int(), output: z.number().int() }),
    cost: z.number(),
    quota: z
      .object({ monthly_budget: z.number().nullable(), month_spent: z.number(), left: z.number().nullable() })
      .nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .openapi('RoutineRun')

import { createRoute, z } from '@hono/zod-openapi'
import { WEBHOOK_EVENTS } from '../../domain/webhook-events.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Webhook, WebhookAttempt } from '../../ports/webhooks.ts'
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  reactivateWebhook,
  testWebhook,
} from '../../services/webhooks/manage-webhooks.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import { OrgParams } from '../schemas.ts'

const tags = ['Outgoing webhooks']
const WebhookParams = OrgParams.extend({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) })
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

const EventName = z
  .enum(WEBHOOK_EVENTS)
  .openapi({ description: 'An event kind; other names are refused (422)' })
const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z
      .array(EventName)
      .openapi({ description: 'Subscribed events (every event when created without)' }),
    active: z.boolean().openapi({ description: 'False once switched off after repeated failures' }),
    last_delivery_at: z.string().nullable(),
    last_status: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'HTTP status of the last attempt; null when none came' }),
    failures: z.number().int().openapi({ description: 'Consecutive failed attempts' }),
  })
  .openapi('Webhook')
const CreatedWebhookSchema = WebhookSchema.extend({
  secret: z.string().openapi({ description: 'The signing secret (`whsec_…`), returned this once only' }),
}).openapi('CreatedWebhook')
const CreateWebhookSchema = z
  .object({
    url: z.string().max(2048).openapi({ example: 'https://hooks.example.com/quire' }),
    events: z
      .array(EventName)
      .min(1)
      .max(WEBHOOK_EVENTS.length * 2)
      .optional()
      .openapi({
        description: 'At least one event when given (a webhook of no event would never be called)',
      }),
  })
  .openapi('CreateWebhook')
const AttemptSchema = z
  .object({
    id: z.string().openapi({ description: 'The `webhook-id` of the event: the same for each attempt at it' }),
    event: z.string(),
    attempt: z.number().int().openapi({ description: '1 for the first try, then each retry' }),
    at: z.string(),
    status_code: z.number().int().nullable().openapi({ description: 'Null when no answer came' }),
    duration_ms: z.number().int(),
    error: z
      .string()
      .nullable()
      .openapi({ description: 'Why the attempt failed (time-out, refused, HTTP status)' }),
  })
  .openapi('WebhookDelivery')

/** A webhook as the API shows it: never its secret. */
function presentWebhook(w: Webhook) {
  return {
    id: w.id,
    url: w.url,
    events: (w.events ?? [...WEBHOOK_EVENTS]) as (typeof WEBHOOK_EVENTS)[number][],
    active: w.active,
    last_delivery_at: iso(w.lastDeliveryAt),
    last_status: w.lastStatus,
    failures: w.failures,
  }
}

function presentAttempt(a: WebhookAttempt) {
  return {
    id: a.messageId,
    event: a.event,
    attempt: a.attempt,
    at: iso(a.at) as string,
    status_code: a.statusCode,
    duration_ms: a.durationMs,
    error: a.error,
  }
}

const DELIVERY_RULES =
  'Deliveries follow Standard Webhooks: a JSON body `{type, timestamp, data}` signed in the headers ' +
  '`webhook-id`, `webhook-timestamp` and `webhook-signature`. `data` names the organization, the space, ' +
  'the path(s), the commit, the actor and the channel. An attempt fails on a status outside 2xx, a ' +
  'time-out (10 s) or a refused connection; redirects are not followed. Retries follow after 5 s, 5 min, ' +
  '30 min, 2 h, 5 h, 10 h and 10 h (configurable); after 15 consecutive failures (configurable) the ' +
  'webhook is switched off and the organization’s admins are told by mail.'

const list = createRoute({
  method: 'get',
  path: '/organizations/{org}/webhooks',
  tags,
  security: SECURED,
  summary: 'List outgoing webhooks (admin)',
  description: DELIVERY_RULES,
  request: { params: OrgParams },
  responses: { 200: jsonContent(z.array(WebhookSchema), 'Webhooks'), ...errorResponses(403, 404) },
})
const create = createRoute({
  method: 'post',
  path: '/organizations/{org}/webhooks',
  tags,
  security: SECURED,
  summary: 'Register an outgoing webhook (admin)',
  description:
    `Events: ${WEBHOOK_EVENTS.map((e) => `\`${e}\``).join(', ')}; all of them when \`events\` is absent. ` +
    'The secret is returned this once. A URL whose host resolves to a loopback, private, link-local or ' +
    'cloud-metadata address is refused (400) unless the installation allows its private network.',
  request: { params: OrgParams, ...jsonBody(CreateWebhookSchema) },
  responses: {
    201: jsonContent(CreatedWebhookSchema, 'The webhook, with its secret'),
    ...errorResponses(400, 403, 404),
  },
})
const remove = createRoute({
  method: 'delete',
  path: '/organizations/{org}/webhooks/{id}',
  tags,
  security: SECURED,
  summary: 'Delete an outgoing webhook (admin)',
  description: 'Deliveries still pending for it are dropped.',
  request: { params: WebhookParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(403, 404) },
})
const test = createRoute({
  method: 'post',
  path: '/organizations/{org}/webhooks/{id}/test',
  tags,
  security: SECURED,
  summary: 'Send a ping event (admin)',
  description: 'Queues a `ping` delivery, also to a switched-off webhook, to check its receiver.',
  request: { params: WebhookParams },
  responses: { 202: { description: 'Queued' }, ...errorResponses(403, 404) },
})
const reactivate = createRoute({
  method: 'post',
  path: '/organizations/{org}/webhooks/{id}/reactivate',
  tags,
  security: SECURED,
  summary: 'Put a switched-off webhook back into service (admin)',
  description: 'Sets `active` true and `failures` 0; events from now on are delivered again.',
  request: { params: WebhookParams },
  responses: { 204: { description: 'Reactivated' }, ...errorResponses(403, 404) },
})
const deliveries = createRoute({
  method: 'get',
  path: '/organizations/{org}/webhooks/{id}/deliveries',
  tags,
  security: SECURED,
  summary: 'Recent delivery attempts, newest first (admin)',
  description: 'The last 100 attempts: event, time, status code, duration and error.',
  request: { params: WebhookParams },
  responses: {
    200: jsonContent(z.array(AttemptSchema), 'Attempts, newest first'),
    ...errorResponses(403, 404),
  },
})

/** An organization's outgoing webhooks. */
export function webhookRoutes(deps: Deps) {
  return newRouter()
    .openapi(list, async (c) =>
      c.json((await listWebhooks(deps, actorOf(c), c.req.valid('param').org)).map(presentWebhook), 200),
    )
    .openapi(create, async (c) => {
      const { webhook, secret } = await createWebhook(
        deps,
        actorOf(c),
        c.req.valid('param').org,
        c.req.valid('json'),
      )
      return c.json({ ...presentWebhook(webhook), secret }, 201)
    })
    .openapi(remove, async (c) => {
      const { org, id } = c.req.valid('param')
      await deleteWebhook(deps, actorOf(c), org, id)
      return c.body(null, 204)
    })
    .openapi(test, async (c) => {
      const { org, id } = c.req.valid('param')
      await testWebhook(deps, actorOf(c), org, id)
      return c.body(null, 202)
    })
    .openapi(reactivate, async (c) => {
      const { org, id } = c.req.valid('param')
      await reactivateWebhook(deps, actorOf(c), org, id)
      return c.body(null, 204)
    })
    .openapi(deliveries, async (c) => {
      const { org, id } = c.req.valid('param')
      return c.json((await listDeliveries(deps, actorOf(c), org, id)).map(presentAttempt), 200)
    })
}

import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import type { TidyRun } from '../../ports/store.ts'
import { getAiSettings, putAiSettings, testAi } from '../../services/providers/ai-settings.ts'
import { revertRun } from '../../services/tidy/revert-run.ts'
import {
  listTidyRuns,
  startTidy,
  tidySettingsOf,
  updateTidySettings,
} from '../../services/tidy/tidy-control.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import { OrgParams, SpaceParams } from '../schemas.ts'
import {
  AiSettingsSchema,
  AiTestResultSchema,
  AiTestSchema,
  PutAiSchema,
  TidyRunSchema,
  TidySettingsSchema,
  TidySettingsViewSchema,
} from '../schemas-inbox.ts'

const tags = ['AI tidy-up']
const space = '/organizations/{org}/spaces/{space}'
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** A tidy run as JSON. */
function presentRun(run: TidyRun) {
  return {
    id: run.id,
    status: run.status,
    trigger: run.trigger,
    model: run.model,
    items_done: run.itemsDone,
    items_left: run.itemsLeft,
    summary: run.summary,
    operations: run.operations as Record<string, unknown>[],
    commit: run.commit,
    input_tokens: run.inputTokens,
    output_tokens: run.outputTokens,
    cost: run.cost,
    error: run.error,
    reverted_at: iso(run.revertedAt),
    created_at: iso(run.createdAt) ?? '',
    started_at: iso(run.startedAt),
    finished_at: iso(run.finishedAt),
  }
}

function presentAi(view: NonNullable<Awaited<ReturnType<typeof getAiSettings>>>) {
  return {
    provider: view.provider,
    model: view.model,
    base_url: view.baseUrl,
    effort: view.effort,
    has_key: view.hasKey,
    price_input: view.priceInput,
    price_output: view.priceOutput,
    monthly_budget: view.monthlyBudget,
    month_spent: view.monthSpent,
    metered: view.metered,
  }
}

const getAi = createRoute({
  method: 'get',
  path: '/organizations/{org}/ai',
  tags,
  security: SECURED,
  summary: 'AI settings, or null',
  request: { params: OrgParams },
  responses: { 200: jsonContent(AiSettingsSchema.nullable(), 'The settings'), ...errorResponses(403, 404) },
})
const putAi = createRoute({
  method: 'put',
  path: '/organizations/{org}/ai',
  tags,
  security: SECURED,
  summary: 'Set the AI provider',
  description:
    '`api_key` is write-only and kept unless the provider or the address changes; `base_url` is for the super admin. A `monthly_budget` needs a priced model (400).',
  request: { params: OrgParams, ...jsonBody(PutAiSchema) },
  responses: { 200: jsonContent(AiSettingsSchema, 'The settings'), ...errorResponses(400, 403, 404) },
})
const testRoute = createRoute({
  method: 'post',
  path: '/organizations/{org}/ai/test',
  tags,
  security: SECURED,
  summary: 'Send a test message to the model',
  request: { params: OrgParams, ...jsonBody(AiTestSchema) },
  responses: {
    200: jsonContent(AiTestResultSchema, 'The reply, or the provider’s error'),
    ...errorResponses(400, 403, 404),
  },
})
const readSettings = createRoute({
  method: 'get',
  path: `${space}/tidy-settings`,
  tags,
  security: SECURED,
  summary: 'When and how the tidy-up runs (admin)',
  request: { params: SpaceParams },
  responses: { 200: jsonContent(TidySettingsViewSchema, 'The settings'), ...errorResponses(403, 404) },
})
const settings = createRoute({
  method: 'patch',
  path: `${space}/tidy-settings`,
  tags,
  security: SECURED,
  summary: 'When and how the tidy-up runs',
  request: { params: SpaceParams, ...jsonBody(TidySettingsSchema) },
  responses: { 204: { description: 'Changed' }, ...errorResponses(400, 403, 404) },
})
const start = createRoute({
  method: 'post',
  path: `${space}/tidy`,
  tags,
  security: SECURED,
  summary: 'Start a tidy-up',
  description: 'At most 5 runs per person and space per 24 hours (20 for an organization admin).',
  request: { params: SpaceParams },
  responses: { 202: jsonContent(z.object({ run: z.string() }), 'Queued'), ...errorResponses(403, 404, 429) },
})
const runs = createRoute({
  method: 'get',
  path: `${space}/tidy/runs`,
  tags,
  security: SECURED,
  summary: 'Tidy-up runs, newest first',
  request: { params: SpaceParams },
  responses: { 200: jsonContent(z.array(TidyRunSchema), 'Runs'), ...errorResponses(404) },
})
const revert = createRoute({
  method: 'post',
  path: `${space}/tidy/runs/{id}/revert`,
  tags,
  security: SECURED,
  summary: 'Revert a run',
  description:
    'An inverse commit that also puts the notes back in the inbox; 409 when its pages were edited since.',
  request: { params: SpaceParams.extend({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) }) },
  responses: {
    200: jsonContent(z.object({ commit: z.string() }), 'Reverted'),
    ...errorResponses(400, 403, 404, 409),
  },
})

/** AI settings of an organization, and the tidy-up of its spaces. */
export function tidyRoutes(deps: Deps) {
  return newRouter()
    .openapi(getAi, async (c) => {
      const view = await getAiSettings(deps, actorOf(c), c.req.valid('param').org)
      return c.json(view ? presentAi(view) : null, 200)
    })
    .openapi(putAi, async (c) => {
      const body = c.req.valid('json')
      const view = await putAiSettings(deps, actorOf(c), c.req.valid('param').org, {
        provider: body.provider,
        model: body.model,
        effort: body.effort,
        apiKey: body.api_key,
        monthlyBudget: body.monthly_budget,
        baseUrl: body.base_url,
        priceInput: body.price_input,
        priceOutput: body.price_output,
      })
      return c.json(presentAi(view), 200)
    })
    .openapi(testRoute, async (c) => {
      const result = await testAi(deps, actorOf(c), c.req.valid('param').org, c.req.valid('json').message)
      return c.json(
        {
          ok: result.ok,
          reply: result.reply,
          model: result.model,
          input_tokens: result.inputTokens,
          output_tokens: result.outputTokens,
          cost: result.cost,
          error: result.error,
        },
        200,
      )
    })
    .openapi(readSettings, async (c) => {
      const s = await tidySettingsOf(deps, actorOf(c), c.req.valid('param'))
      return c.json(
        {
          enabled: s.enabled,
          time: s.time,
          timezone: s.timezone,
          model: s.model,
          delay: s.delay,
          next_daily_at: iso(s.nextDailyAt),
        },
        200,
      )
    })
    .openapi(settings, async (c) => {
      await updateTidySettings(deps, actorOf(c), c.req.valid('param'), c.req.valid('json'))
      return c.body(null, 204)
    })
    .openapi(start, async (c) => {
      const run = await startTidy(deps, actorOf(c), c.req.valid('param'))
      return c.json({ run: run.id }, 202)
    })
    .openapi(runs, async (c) =>
      c.json((await listTidyRuns(deps, actorOf(c), c.req.valid('param'))).map(presentRun), 200),
    )
    .openapi(revert, async (c) => {
      const { id, ...ref } = c.req.valid('param')
      return c.json(await revertRun(deps, actorOf(c), ref, id), 200)
    })
}

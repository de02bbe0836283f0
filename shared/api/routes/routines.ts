import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import type { RoutineRun } from '../../ports/store.ts'
import {
  createRoutine,
  deleteRoutine,
  getRoutine,
  listRoutineRuns,
  listRoutines,
  type RoutineInput,
  type RoutineView,
  startRoutine,
  updateRoutine,
} from '../../services/routines/routine-control.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import { SpaceParams } from '../schemas.ts'
import {
  CreateRoutineSchema,
  RoutineRunSchema,
  RoutineSchema,
  UpdateRoutineSchema,
} from '../schemas-routines.ts'

const tags = ['Agent routines']
const base = '/organizations/{org}/spaces/{space}/routines'
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
const RoutineParams = SpaceParams.extend({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) })

/** A routine as JSON; its webhook secret only when it was just made. */
function presentRoutine(r: RoutineView) {
  return {
    id: r.id,
    name: r.name,
    template: r.template,
    instructions: r.instructions,
    frequency: r.frequency,
    weekday: r.weekday,
    monthday: r.monthday,
    at: r.at,
    scope: r.scope,
    output_page: r.outputPage,
    output_inbox: r.outputInbox,
    output_webhook: r.outputWebhook,
    output_email: r.outputEmail,
    enabled: r.enabled,
    timezone: r.timezone,
    next_run: iso(r.nextRun),
    last_run: iso(r.lastRun),
    created_at: iso(r.createdAt) ?? '',
    ...(r.webhookSecret ? { webhook_secret: r.webhookSecret } : {}),
  }
}

/** A routine run as JSON. */
function presentRun(run: RoutineRun) {
  return {
    id: run.id,
    routine: run.routineId,
    status: run.status,
    trigger: run.trigger,
    model: run.model,
    summary: run.summary,
    report: run.report,
    outputs: run.outputs,
    commit: run.commit,
    tokens: { input: run.inputTokens, output: run.outputTokens },
    cost: run.cost,
    quota: run.quota && {
      monthly_budget: run.quota.monthlyBudget,
      month_spent: run.quota.monthSpent,
      left: run.quota.left,
    },
    error: run.error,
    created_at: iso(run.createdAt) ?? '',
    started_at: iso(run.startedAt),
    finished_at: iso(run.finishedAt),
  }
}

/** The body's fields under the services' names; absent ones stay absent. */
function inputOf(body: z.infer<typeof UpdateRoutineSchema> & { template?: string }): RoutineInput {
  const input: Record<string, unknown> = {
    template: body.template,
    name: body.name,
    instructions: body.instructions,
    frequency: body.frequency,
    weekday: body.weekday,
    monthday: body.monthday,
    at: body.at,
    scope: body.scope,
    outputPage: body.output_page,
    outputInbox: body.output_inbox,
    outputWebhook: body.output_webhook,
    outputEmail: body.output_email,
    enabled: body.enabled,
  }
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as RoutineInput
}

const TEMPLATES_NOTE =
  'Two templates are provided, to start from with `POST` and `template`: `coherence` (weekly, Monday 08:00: broken links, near-duplicate pages, contradicting figures or dates, orphans and pages due for review, written to `reports/coherence.md` with an inbox item per problem) and `digest` (weekly, Friday 16:00: the week’s changes by folder and by whom, written to `reports/digest.md` and mailed to the space’s members). Both run without an AI provider, built in and free.'

const list = createRoute({
  method: 'get',
  path: base,
  tags,
  security: SECURED,
  summary: 'List routines (contributor)',
  description: `A space has no routine until one is created. ${TEMPLATES_NOTE}`,
  request: { params: SpaceParams },
  responses: {
    200: jsonContent(z.array(RoutineSchema), 'Routines, oldest first'),
    ...errorResponses(403, 404),
  },
})
const create = createRoute({
  method: 'post',
  path: base,
  tags,
  security: SECURED,
  summary: 'Create a routine (admin)',
  description: `With \`template\`, starts from its settings, then applies the given fields. Without one (blank), \`name\` and \`instructions\` are required (422) and at least one output (400); a blank routine needs an AI provider to run. ${TEMPLATES_NOTE}`,
  request: { params: SpaceParams, ...jsonBody(CreateRoutineSchema) },
  responses: { 201: jsonContent(RoutineSchema, 'The routine'), ...errorResponses(400, 403, 404) },
})
const read = createRoute({
  method: 'get',
  path: `${base}/{id}`,
  tags,
  security: SECURED,
  summary: 'One routine (contributor)',
  request: { params: RoutineParams },
  responses: { 200: jsonContent(RoutineSchema, 'The routine'), ...errorResponses(403, 404) },
})
const update = createRoute({
  method: 'patch',
  path: `${base}/{id}`,
  tags,
  security: SECURED,
  summary: 'Change a routine (admin)',
  description:
    'Changes the given fields; `enabled: false` disables it. A new `output_webhook` returns a new `webhook_secret` once.',
  request: { params: RoutineParams, ...jsonBody(UpdateRoutineSchema) },
  responses: { 200: jsonContent(RoutineSchema, 'The routine'), ...errorResponses(400, 403, 404) },
})
const remove = createRoute({
  method: 'delete',
  path: `${base}/{id}`,
  tags,
  security: SECURED,
  summary: 'Delete a routine (admin)',
  description: 'Its runs still count toward the month’s budget; its report page stays in the wiki.',
  request: { params: RoutineParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(403, 404) },
})
const run = createRoute({
  method: 'post',
  path: `${base}/{id}/run`,
  tags,
  security: SECURED,
  summary: 'Run a routine now (admin)',
  description:
    'Runs as soon as the space’s worker is free; 400 once the organization’s monthly budget is reached, or for a blank routine while the organization has no AI provider.',
  request: { params: RoutineParams },
  responses: { 202: jsonContent(z.object({ run: z.string() }), 'Queued'), ...errorResponses(400, 403, 404) },
})
const runs = createRoute({
  method: 'get',
  path: `${base}/{id}/runs`,
  tags,
  security: SECURED,
  summary: 'A routine’s runs, newest first (contributor)',
  request: { params: RoutineParams },
  responses: { 200: jsonContent(z.array(RoutineRunSchema), 'Runs'), ...errorResponses(403, 404) },
})

/** The agent routines of a space. */
export function routineRoutes(deps: Deps) {
  return newRouter()
    .openapi(list, async (c) =>
      c.json((await listRoutines(deps, actorOf(c), c.req.valid('param'))).map(presentRoutine), 200),
    )
    .openapi(create, async (c) => {
      const routine = await createRoutine(
        deps,
        actorOf(c),
        c.req.valid('param'),
        inputOf(c.req.valid('json')),
      )
      return c.json(presentRoutine(routine), 201)
    })
    .openapi(read, async (c) => {
      const { id, ...ref } = c.req.valid('param')
      return c.json(presentRoutine(await getRoutine(deps, actorOf(c), ref, id)), 200)
    })
    .openapi(update, async (c) => {
      const { id, ...ref } = c.req.valid('param')
      const { template: _template, ...input } = inputOf(c.req.valid('json'))
      return c.json(presentRoutine(await updateRoutine(deps, actorOf(c), ref, id, input)), 200)
    })
    .openapi(remove, async (c) => {
      const { id, ...ref } = c.req.valid('param')
      await deleteRoutine(deps, actorOf(c), ref, id)
      return c.body(null, 204)
    })
    .openapi(run, async (c) => {
      const { id, ...ref } = c.req.valid('param')
      const started = await startRoutine(deps, actorOf(c), ref, id)
      return c.json({ run: started.id }, 202)
    })
    .openapi(runs, async (c) => {
      const { id, ...ref } = c.req.valid('param')
      return c.json((await listRoutineRuns(deps, actorOf(c), ref, id)).map(presentRun), 200)
    })
}

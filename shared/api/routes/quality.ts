import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import { localeOf } from '../../services/access/actor.ts'
import {
  getEmbeddingSettings,
  meaningIndexState,
  putEmbeddingSettings,
  setMeaningIndex,
} from '../../services/providers/embedding-settings.ts'
import { healthReport, relatedTo } from '../../services/quality/quality-reports.ts'
import { verifyPage } from '../../services/quality/verify-page.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import { OrgParams, SpaceParams } from '../schemas.ts'
import { FileParams } from '../schemas-content.ts'
import {
  EmbeddingSettingsSchema,
  HealthSchema,
  PutEmbeddingsSchema,
  RelatedSchema,
  VerifiedSchema,
  VerifySchema,
} from '../schemas-search.ts'

const base = '/organizations/{org}/spaces/{space}'

const related = createRoute({
  method: 'get',
  path: `${base}/files/{path{.+}}/related`,
  tags: ['Content'],
  security: SECURED,
  summary: 'Related pages',
  description:
    'For a Markdown page only (400 for another file). Signals: meaning, words, backlink, link, shared, folder; nothing below 0.2. A file named exactly `related` is read through the raw endpoint.',
  request: {
    params: FileParams,
    query: z.object({ limit: z.coerce.number().int().min(1).max(20).optional() }),
  },
  responses: {
    200: jsonContent(z.array(RelatedSchema), 'Related pages, best first'),
    ...errorResponses(400, 404),
  },
})
const verify = createRoute({
  method: 'post',
  path: `${base}/verify/{path{.+}}`,
  tags: ['Content'],
  security: SECURED,
  summary: 'Verify a page, or set its owner and review interval',
  description:
    '`owner` absent: unchanged, or the caller if the page has none. `review_every` empty: the space’s interval applies. `verify: false`: only owner and interval change. Only the front matter changes.',
  request: { params: FileParams, ...jsonBody(VerifySchema) },
  responses: { 200: jsonContent(VerifiedSchema, 'The result'), ...errorResponses(400, 403, 404) },
})
const health = createRoute({
  method: 'get',
  path: `${base}/health`,
  tags: ['Content'],
  security: SECURED,
  summary: 'Wiki health report',
  request: {
    params: SpaceParams,
    query: z.object({
      months: z.coerce.number().int().min(1).max(120).optional(),
      limit: z.coerce.number().int().min(1).max(1000).optional(),
    }),
  },
  responses: { 200: jsonContent(HealthSchema, 'The report'), ...errorResponses(404) },
})
const getEmbeddings = createRoute({
  method: 'get',
  path: '/organizations/{org}/embeddings',
  tags: ['Search'],
  security: SECURED,
  summary: 'Embeddings provider, or null (the built-in model)',
  request: { params: OrgParams },
  responses: {
    200: jsonContent(EmbeddingSettingsSchema.nullable(), 'The settings'),
    ...errorResponses(403, 404),
  },
})
const putEmbeddings = createRoute({
  method: 'put',
  path: '/organizations/{org}/embeddings',
  tags: ['Search'],
  security: SECURED,
  summary: 'Set the embeddings provider',
  request: { params: OrgParams, ...jsonBody(PutEmbeddingsSchema) },
  responses: { 200: jsonContent(EmbeddingSettingsSchema, 'The settings'), ...errorResponses(400, 403, 404) },
})
const readMeaningIndexRoute = createRoute({
  method: 'get',
  path: `${base}/semantic`,
  tags: ['Search'],
  security: SECURED,
  summary: 'Whether the index by meaning is on, and what it holds (admin)',
  request: { params: SpaceParams },
  responses: {
    200: jsonContent(
      z.object({
        enabled: z.boolean(),
        files: z.number().int(),
        chunks: z.number().int(),
        waiting: z.number().int().openapi({ description: 'Files whose vectors are still being computed' }),
      }),
      'The switch and what is indexed',
    ),
    ...errorResponses(403, 404),
  },
})
const setMeaningIndexRoute = createRoute({
  method: 'put',
  path: `${base}/semantic`,
  tags: ['Search'],
  security: SECURED,
  summary: 'Turn the index by meaning on or off',
  description:
    'Turning it on answers once the vectors are computed, or after a few seconds with what is computed so far: `waiting` files follow in the background.',
  request: { params: SpaceParams, ...jsonBody(z.object({ enabled: z.boolean() })) },
  responses: {
    200: jsonContent(
      z.object({
        files: z.number().int(),
        chunks: z.number().int(),
        waiting: z.number().int().openapi({ description: 'Files whose vectors are still being computed' }),
      }),
      'What is indexed',
    ),
    ...errorResponses(403, 404),
  },
})

/** Verification, health, related pages, and the settings of search by meaning. */
export function qualityRoutes(deps: Deps) {
  return newRouter()
    .openapi(related, async (c) => {
      const { path, ...ref } = c.req.valid('param')
      const actor = actorOf(c)
      const locale = localeOf(actor, c.get('locale'))
      return c.json(
        await relatedTo(deps, actor, ref, path, { limit: c.req.valid('query').limit ?? 5, locale }),
        200,
      )
    })
    .openapi(verify, async (c) => {
      const { path, ...ref } = c.req.valid('param')
      const body = c.req.valid('json')
      return c.json(
        await verifyPage(deps, actorOf(c), ref, path, {
          owner: body.owner,
          reviewEvery: body.review_every,
          verify: body.verify,
        }),
        200,
      )
    })
    .openapi(health, async (c) => {
      const { months, limit } = c.req.valid('query')
      const report = await healthReport(deps, actorOf(c), c.req.valid('param'), {
        months: months ?? 6,
        limit: limit ?? 50,
      })
      return c.json({ ...report, counts: { ...report.counts } }, 200)
    })
    .openapi(getEmbeddings, async (c) => {
      const view = await getEmbeddingSettings(deps, actorOf(c), c.req.valid('param').org)
      return c.json(
        view
          ? { provider: view.provider, model: view.model, base_url: view.baseUrl, has_key: view.hasKey }
          : null,
        200,
      )
    })
    .openapi(putEmbeddings, async (c) => {
      const body = c.req.valid('json')
      const view = await putEmbeddingSettings(deps, actorOf(c), c.req.valid('param').org, {
        provider: body.provider,
        model: body.model,
        apiKey: body.api_key,
        baseUrl: body.base_url,
      })
      return c.json(
        { provider: view.provider, model: view.model, base_url: view.baseUrl, has_key: view.hasKey },
        200,
      )
    })
    .openapi(readMeaningIndexRoute, async (c) =>
      c.json(await meaningIndexState(deps, actorOf(c), c.req.valid('param')), 200),
    )
    .openapi(setMeaningIndexRoute, async (c) =>
      c.json(await setMeaningIndex(deps, actorOf(c), c.req.valid('param'), c.req.valid('json').enabled), 200),
    )
}

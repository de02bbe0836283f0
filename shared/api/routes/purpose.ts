import { createRoute } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import { type PurposeKind, readPurpose, writePurpose } from '../../services/spaces/purpose-files.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import { SpaceParams } from '../schemas.ts'
import { PurposeSchema, PurposeWrittenSchema, WritePurposeSchema } from '../schemas-content.ts'

const routesFor = (kind: PurposeKind, tag: string) => {
  const path = `/organizations/{org}/spaces/{space}/${kind}`
  const label = kind === 'vocation' ? 'the vocation (purpose) of the space' : 'the tidy rules'
  return {
    read: createRoute({
      method: 'get',
      path,
      tags: [tag],
      security: SECURED,
      summary: `Read ${label}`,
      request: { params: SpaceParams },
      responses: {
        200: jsonContent(
          PurposeSchema,
          'The text, its sha, whether it waits for the first sync, and the last 5 changes',
        ),
        ...errorResponses(403, 404),
      },
    }),
    write: createRoute({
      method: 'put',
      path,
      tags: [tag],
      security: SECURED,
      summary: `Write ${label}`,
      description:
        '`base_sha` is the sha read (empty: the file must not exist); 409 if it changed meanwhile; 422 if a likely secret is found. `commit` is null when nothing changed; before the first sync the text is held (`pending`).',
      request: { params: SpaceParams, ...jsonBody(WritePurposeSchema) },
      responses: { 200: jsonContent(PurposeWrittenSchema, 'Written'), ...errorResponses(400, 403, 404, 409) },
    }),
  }
}

/** The vocation and the tidy rules of a space. */
export function purposeRoutes(deps: Deps) {
  const router = newRouter()
  for (const [kind, tag] of [
    ['vocation', 'Spaces'],
    ['tidy-rules', 'AI tidy-up'],
  ] as const) {
    const { read, write } = routesFor(kind, tag)
    router.openapi(read, async (c) => {
      const result = await readPurpose(deps, actorOf(c), c.req.valid('param'), kind)
      return c.json(
        { ...result, history: result.history.map((h) => ({ ...h, date: new Date(h.date).toISOString() })) },
        200,
      )
    })
    router.openapi(write, async (c) => {
      const body = c.req.valid('json')
      const result = await writePurpose(deps, actorOf(c), c.req.valid('param'), kind, {
        text: body.text,
        baseSha: body.base_sha,
        allowSecrets: body.allow_secrets,
      })
      return c.json(result, 200)
    })
  }
  return router
}

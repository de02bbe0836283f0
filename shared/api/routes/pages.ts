import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import { backlinksOf } from '../../services/pages/backlinks.ts'
import { findPages } from '../../services/pages/find-pages.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, jsonContent, newRouter, SECURED } from '../router.ts'
import { FileParams } from '../schemas-content.ts'
import { BacklinkSchema, FindPagesQuery, FoundPageSchema } from '../schemas-pages.ts'

const tags = ['Pages']
const base = '/organizations/{org}/spaces/{space}'

const find = createRoute({
  method: 'get',
  path: '/pages',
  operationId: 'findPages',
  tags,
  security: SECURED,
  summary: 'Pages of every readable space matching a title or path, best first',
  description:
    'Case and accents ignored. Each word of `q` starts a word of the title or the path, or the letters of `q` appear in order in the title (ranked last). Exact titles first, then titles starting with `q`, words in the title, words in the path, letters in order; ties go to the shorter title, then by path. Without `q`, the first pages by title.',
  request: { query: FindPagesQuery },
  responses: { 200: jsonContent(z.array(FoundPageSchema), 'Pages, best first'), ...errorResponses() },
})

const backlinks = createRoute({
  method: 'get',
  path: `${base}/backlinks/{path{.+}}`,
  operationId: 'listBacklinks',
  tags,
  security: SECURED,
  summary: 'Pages linking to a page, by title',
  description: 'From the search index’s link graph; `[]` for a page nobody links to.',
  request: { params: FileParams },
  responses: { 200: jsonContent(z.array(BacklinkSchema), 'Linking pages'), ...errorResponses(400, 404) },
})

/** Finding and getting back pages: the switcher's page list, backlinks, trash, page templates. */
export function pageRoutes(deps: Deps) {
  return newRouter()
    .openapi(find, async (c) => {
      const { q = '', limit } = c.req.valid('query')
      const found = await findPages(deps, actorOf(c), { q, limit })
      return c.json(
        found.map(({ spaceName, ...page }) => ({ ...page, space_name: spaceName })),
        200,
      )
    })
    .openapi(backlinks, async (c) => {
      const { path, ...ref } = c.req.valid('param')
      return c.json(await backlinksOf(deps, actorOf(c), ref, path), 200)
    })
}

import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import { backlinksOf } from '../../services/pages/backlinks.ts'
import { findPages } from '../../services/pages/find-pages.ts'
import { listTemplates } from '../../services/pages/page-templates.ts'
import { restorePage } from '../../services/pages/restore-page.ts'
import { listTrash } from '../../services/pages/trash.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import { SpaceParams } from '../schemas.ts'
import { FileParams } from '../schemas-content.ts'
import {
  BacklinkSchema,
  FindPagesQuery,
  FoundPageSchema,
  PageTemplateSchema,
  RestoredSchema,
  RestoreSchema,
  TrashedPageSchema,
} from '../schemas-pages.ts'

const tags = ['Pages']
const base = '/organizations/{org}/spaces/{space}'

const find = createRoute({
  method: 'get',
  path: '/pages',
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
  tags,
  security: SECURED,
  summary: 'Pages linking to a page, by title',
  description: 'From the search index’s link graph; `[]` for a page nobody links to.',
  request: { params: FileParams },
  responses: { 200: jsonContent(z.array(BacklinkSchema), 'Linking pages'), ...errorResponses(400, 404) },
})

const trash = createRoute({
  method: 'get',
  path: `${base}/trash`,
  tags,
  security: SECURED,
  summary: 'Pages deleted in the last 30 days, newest first',
  description:
    'Markdown pages deleted by any way (the API, MCP, a push, a sync) that do not exist now; a page moved elsewhere is not deleted.',
  request: { params: SpaceParams },
  responses: { 200: jsonContent(z.array(TrashedPageSchema), 'Deleted pages'), ...errorResponses(404) },
})

const restore = createRoute({
  method: 'post',
  path: `${base}/trash/restore`,
  tags,
  security: SECURED,
  summary: 'Put a deleted page back',
  description:
    'Recreates the page as it was before its deletion, with the files it links to that the same commit removed, in one commit in the caller’s name (`Restore <path>`). 409 when a file is at that path now; 404 when the path is not in the trash; likely secrets answer 422 unless `allow_secrets`.',
  request: { params: SpaceParams, ...jsonBody(RestoreSchema) },
  responses: {
    201: jsonContent(RestoredSchema, 'Restored'),
    ...errorResponses(400, 403, 404, 409),
  },
})

const templates = createRoute({
  method: 'get',
  path: `${base}/templates`,
  tags,
  security: SECURED,
  summary: 'Pages a new page may start from, by title',
  description:
    'Each `.service/templates/<name>.md` of the space; `title` is its front matter `title`, else its first heading, else its name.',
  request: { params: SpaceParams },
  responses: { 200: jsonContent(z.array(PageTemplateSchema), 'Templates'), ...errorResponses(404) },
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
    .openapi(trash, async (c) => {
      const pages = await listTrash(deps, actorOf(c), c.req.valid('param'))
      return c.json(
        pages.map((p) => ({
          path: p.path,
          title: p.title,
          deleted_at: new Date(p.date).toISOString(),
          deleted_by: p.author,
          commit: p.commit,
        })),
        200,
      )
    })
    .openapi(restore, async (c) => {
      const { path, allow_secrets: allowSecrets } = c.req.valid('json')
      const done = await restorePage(deps, actorOf(c), c.req.valid('param'), path, { allowSecrets })
      return c.json({ path: done.result.path, commit: done.commit, pushed: done.pushed }, 201)
    })
    .openapi(templates, async (c) => c.json(await listTemplates(deps, actorOf(c), c.req.valid('param')), 200))
}

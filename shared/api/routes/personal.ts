import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../ports/deps.ts'
import type { Actor } from '../../services/access/actor.ts'
import { addFavourite } from '../../services/personal/add-favourite.ts'
import { listFavouritePages } from '../../services/personal/list-favourite-pages.ts'
import { listRecentPages } from '../../services/personal/list-recent-pages.ts'
import { RECENT_PAGES_KEPT, recordVisit } from '../../services/personal/record-visit.ts'
import { removeFavourite } from '../../services/personal/remove-favourite.ts'
import type { SpaceView } from '../../services/spaces/list-spaces.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, jsonBody, jsonContent, newRouter, SECURED } from '../router.ts'
import {
  FavouritePageSchema,
  FavouriteParams,
  PageVisitSchema,
  RecentPageSchema,
  RecentPagesQuery,
} from '../schemas-personal.ts'

const tags = ['Account']

const recent = createRoute({
  method: 'get',
  path: '/me/recent',
  tags,
  security: SECURED,
  summary: 'Pages the caller viewed lately',
  description:
    'Newest first; only pages still there, in spaces the caller can still read (a restricted token’s spaces only).',
  request: { query: RecentPagesQuery },
  responses: { 200: jsonContent(z.array(RecentPageSchema), 'Recently viewed pages'), ...errorResponses(403) },
})
const visit = createRoute({
  method: 'post',
  path: '/me/recent',
  tags,
  security: SECURED,
  summary: 'Record that the caller viewed a page',
  description: `The web app calls it when it shows a page; 404 for a space the caller cannot read or a page it does not hold. The ${RECENT_PAGES_KEPT} most recent visits are kept per person.`,
  request: jsonBody(PageVisitSchema),
  responses: { 204: { description: 'Recorded' }, ...errorResponses(400, 403, 404) },
})
const favourites = createRoute({
  method: 'get',
  path: '/me/favourites',
  tags,
  security: SECURED,
  summary: 'The caller’s favourite pages',
  description: 'By title, then path; only pages still there, in spaces the caller can still read.',
  responses: { 200: jsonContent(z.array(FavouritePageSchema), 'Favourite pages'), ...errorResponses(403) },
})
/** `{path{.+}}` lets the page's path hold slashes; the schema shows it as `{path}`. */
const favouritePath = '/me/favourites/{org}/{space}/{path{.+}}'
const favourite = createRoute({
  method: 'put',
  path: favouritePath,
  tags,
  security: SECURED,
  summary: 'Mark a page as a favourite',
  description: 'Marking a favourite again changes nothing; 404 for a page the space does not hold.',
  request: { params: FavouriteParams },
  responses: { 204: { description: 'A favourite' }, ...errorResponses(400, 403, 404) },
})
const unfavourite = createRoute({
  method: 'delete',
  path: favouritePath,
  tags,
  security: SECURED,
  summary: 'Unmark a favourite page',
  description: 'A page that was not a favourite, or no longer exists, answers 204 too.',
  request: { params: FavouriteParams },
  responses: { 204: { description: 'Not a favourite' }, ...errorResponses(400, 403, 404) },
})

/** A listed page as the API shows it: its space's slugs and name, its path and title. */
const presentPage = (page: { view: SpaceView; path: string; title: string }) => ({
  org: page.view.organization.slug,
  space: page.view.space.slug,
  space_name: page.view.space.name,
  path: page.path,
  title: page.title,
})
const iso = (ms: number) => new Date(ms).toISOString()

/** What each person keeps for themselves: recently viewed pages and favourite pages. */
export function personalRoutes(deps: Deps) {
  const list = async (actor: Actor, limit: number | undefined) =>
    (await listRecentPages(deps, actor, limit)).map((page) => ({
      ...presentPage(page),
      viewed_at: iso(page.viewedAt),
    }))
  return newRouter()
    .openapi(recent, async (c) => c.json(await list(actorOf(c), c.req.valid('query').limit), 200))
    .openapi(visit, async (c) => {
      await recordVisit(deps, actorOf(c), c.req.valid('json'))
      return c.body(null, 204)
    })
    .openapi(favourites, async (c) => {
      const pages = await listFavouritePages(deps, actorOf(c))
      return c.json(
        pages.map((page) => ({ ...presentPage(page), added_at: iso(page.addedAt) })),
        200,
      )
    })
    .openapi(favourite, async (c) => {
      await addFavourite(deps, actorOf(c), c.req.valid('param'))
      return c.body(null, 204)
    })
    .openapi(unfavourite, async (c) => {
      await removeFavourite(deps, actorOf(c), c.req.valid('param'))
      return c.body(null, 204)
    })
}

import { createRoute, z } from '@hono/zod-openapi'
import { unsupportedPattern } from '../../domain/text-pattern.ts'
import type { Deps } from '../../ports/deps.ts'
import { searchPending } from '../../services/inbox/search-pending.ts'
import { search } from '../../services/search/search.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, jsonContent, newRouter, SECURED } from '../router.ts'
import { PendingNoteSchema } from '../schemas-inbox.ts'
import { SearchResultSchema } from '../schemas-search.ts'

const pending = createRoute({
  method: 'get',
  path: '/search/pending',
  tags: ['Search'],
  security: SECURED,
  summary: 'Pending notes containing all words of q',
  description:
    'Accents and case ignored; newest first; over `spaces` (repeatable, `<org>/<space>`) or every readable space.',
  request: {
    query: z.object({
      q: z.string().max(500),
      spaces: z.union([z.string(), z.array(z.string())]).optional(),
    }),
  },
  responses: { 200: jsonContent(z.array(PendingNoteSchema), 'Notes'), ...errorResponses(400) },
})

const searchRoute = createRoute({
  method: 'get',
  path: '/search',
  tags: ['Search'],
  security: SECURED,
  summary: 'Search pages by words and meaning',
  description:
    '`mode=text`: words only; `auto` (default): words and meaning fused. Pages with every word are found; when no page has them all, pages with at least half of the words. `regex=true` scans texts with a regular expression run in linear time (an unreadable one: 400; backreferences or lookaround: 422). `X-Pending-Count`: pending notes containing all words (up to 20).',
  request: {
    query: z
      .object({
        q: z.string().max(1000),
        spaces: z.union([z.string(), z.array(z.string())]).optional(),
        regex: z.enum(['true', 'false', '1', '0']).optional(),
        limit: z.coerce.number().int().min(1).max(50).optional(),
        mode: z.enum(['auto', 'text']).optional(),
      })
      .superRefine((query, ctx) => {
        if (query.regex !== 'true' && query.regex !== '1') return
        const reason = unsupportedPattern(query.q)
        if (reason)
          ctx.addIssue({
            code: 'custom',
            path: ['q'],
            message: `The regular expression uses what search cannot run in bounded time (backreferences, lookahead, lookbehind): ${reason}`,
          })
      }),
  },
  responses: { 200: jsonContent(z.array(SearchResultSchema), 'Results, best first'), ...errorResponses(400) },
})

/** Search across spaces. */
export function searchRoutes(deps: Deps) {
  return newRouter()
    .openapi(searchRoute, async (c) => {
      const query = c.req.valid('query')
      const { results, pendingCount } = await search(deps, actorOf(c), {
        q: query.q,
        spaces: c.req.queries('spaces'),
        regex: query.regex === 'true' || query.regex === '1',
        limit: query.limit,
        mode: query.mode,
      })
      c.header('X-Pending-Count', String(pendingCount))
      return c.json(results, 200)
    })
    .openapi(pending, async (c) => {
      const { q } = c.req.valid('query')
      const spaces = c.req.queries('spaces')
      const notes = await searchPending(deps, actorOf(c), { q, spaces })
      return c.json(
        notes.map((n) => ({
          space: n.space,
          name: n.name,
          title: n.title,
          deposited_by: n.depositedBy,
          deposited_at: n.depositedAt,
        })),
        200,
      )
    })
}

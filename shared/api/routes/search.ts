import { createRoute, z } from '@hono/zod-openapi'
import type { Deps } from '../../services/deps.ts'
import { searchPending } from '../../services/search-pending.ts'
import { actorOf } from '../middleware/authenticate.ts'
import { errorResponses, jsonContent, newRouter, SECURED } from '../router.ts'
import { PendingNoteSchema } from '../schemas.ts'

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

/** Search across spaces. */
export function searchRoutes(deps: Deps) {
  return newRouter().openapi(pending, async (c) => {
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

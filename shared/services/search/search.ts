import { kindOf } from '../../domain/file-kinds.ts'
import type { Freshness } from '../../domain/freshness.ts'
import { boostedScore, hitFreshness, reachableScore } from '../../domain/search/freshness-boost.ts'
import { fusedScore, fuseRankings, matchKind } from '../../domain/search/fuse.ts'
import { pagesByMeaning } from '../../domain/search/meaning-pages.ts'
import { compareResults } from '../../domain/search/rank.ts'
import { headingSnippets } from '../../domain/search/snippets.ts'
import { compileTextPattern } from '../../domain/text-pattern.ts'
import type { Deps } from '../../ports/deps.ts'
import type { Snippet, TextHit, VectorHit } from '../../ports/search-index.ts'
import type { FileMeta, Space } from '../../ports/store.ts'
import type { Actor } from '../access/actor.ts'
import {
  type PendingInDeps,
  pendingIn,
  type SearchTargetsDeps,
  searchTargets,
} from '../inbox/search-pending.ts'
import { type EmbedderForDeps, embedderFor } from './embedder-for.ts'
import { processQueryVectors } from './query-vectors.ts'

export type SearchInput = {
  q: string
  spaces?: string[]
  regex?: boolean
  limit?: number
  mode?: 'auto' | 'text'
}

export type SearchResult = {
  space: string
  path: string
  title: string
  score: number
  match: 'text' | 'meaning' | 'both'
  extracted: boolean
  verified: boolean
  stale: boolean
  freshness: Freshness | null
  snippets: Snippet[]
}

/** Most results one search returns. */
export const SEARCH_LIMIT_MAX = 50
/** The pending-note count stops at this number. */
export const PENDING_COUNT_MAX = 20

export type SearchDeps = SearchTargetsDeps &
  EmbedderForDeps &
  MetadataOfDeps &
  PendingInDeps &
  Pick<Deps, 'clock' | 'store' | 'textIndex' | 'vectorIndex'>

/**
 * Searches the readable spaces (or the listed ones; a restricted token's spaces only): by words
 * (`text`), or by words and meaning fused (`auto`); `regex` scans the texts instead. Verified,
 * up-to-date pages rank about 10% higher and pages due for review about 7% lower.
 */
export async function search(
  deps: SearchDeps,
  actor: Actor,
  input: SearchInput,
): Promise<{ results: SearchResult[]; pendingCount: number }> {
  const targets = await searchTargets(deps, actor, input.spaces)
  const limit = Math.min(Math.max(input.limit ?? 10, 1), SEARCH_LIMIT_MAX)
  const spaces = new Map<number, { label: string; space: Space }>(targets.map((t) => [t.space.id, t]))
  const ids = [...spaces.keys()]
  if (input.q.trim() === '' || ids.length === 0) return { results: [], pendingCount: 0 }

  // The two halves run together: the meaning half's query is embedded (by the built-in model, a
  // thread of its own, or a provider) and a large space's vectors searched in a thread of their own
  // while the word index answers; the pending notes are counted meanwhile. Both halves are awaited
  // before either's failure is reported, the word half's first.
  const isAuto = (input.mode ?? 'auto') === 'auto' && !input.regex
  const meaningHalf = isAuto ? meaningRankings(deps, spaces, input.q, limit) : Promise.resolve([])
  const wordHalf = input.regex
    ? deps.textIndex.searchRegex(compileTextPattern(input.q), ids, limit * 3)
    : deps.textIndex.search(input.q, ids, limit * 2)
  const pendingHalf = input.regex ? Promise.resolve([]) : pendingIn(deps, targets, input.q, PENDING_COUNT_MAX)
  const [words, meaning, pendingNotes] = await Promise.allSettled([wordHalf, meaningHalf, pendingHalf])
  if (words.status === 'rejected') throw words.reason
  if (meaning.status === 'rejected') throw meaning.reason
  if (pendingNotes.status === 'rejected') throw pendingNotes.reason
  const textHits: TextHit[] = words.value
  const pending = pendingNotes.value

  const now = deps.clock.now()
  const ordered = fuseRankings(textHits, meaning.value)
  const last = ordered[limit - 1]
  // Below this, a candidate cannot reach the top `limit` whatever its freshness, so its metadata is not
  // even read.
  const cutoff = reachableScore(last && fusedScore(last))
  const reachable = ordered.filter((c) => fusedScore(c) >= cutoff)
  // The candidates' metadata (one read per space) orders them; then only the results kept that were
  // found by meaning alone have their text read, for snippets: hits found by words carry theirs. A
  // candidate that falls out of the first `limit` costs no read of its text.
  const known = await metadataOf(deps, reachable)
  const ranked = reachable
    .map((c) => {
      const target = spaces.get(c.spaceId)
      const meta = known.get(c.spaceId)?.get(c.path)
      if (!target || !meta) return undefined
      const freshness = hitFreshness(meta, target.space.reviewEvery, now)
      const result: SearchResult = {
        space: target.label,
        path: c.path,
        title: meta.title,
        score: boostedScore(fusedScore(c), freshness),
        match: matchKind(c),
        extracted: meta.extracted,
        verified: freshness?.verified ?? false,
        stale: freshness?.stale ?? false,
        freshness,
        snippets: c.text?.snippets ?? [],
      }
      return { candidate: c, result }
    })
    .filter((r) => r !== undefined)
    .sort((a, b) => compareResults(a.result, b.result))
    .slice(0, limit)
  await Promise.all(
    ranked
      .filter(({ candidate }) => !candidate.text)
      .map(async ({ candidate: c, result }) => {
        const text = await deps.textIndex.forSpace(c.spaceId).text(c.path)
        result.snippets = headingSnippets(text ?? '', c.meaning?.heading, isMarkdownPath(c.path))
      }),
  )
  const results = ranked.map(({ result }) => result)
  const pendingCount = Math.min(pending.length, PENDING_COUNT_MAX)
  return { results, pendingCount }
}

type MetadataOfDeps = Pick<Deps, 'store'>

/** The index's metadata of candidates, by space and path: one read per space. */
async function metadataOf(
  deps: MetadataOfDeps,
  candidates: readonly { spaceId: number; path: string }[],
): Promise<Map<number, Map<string, FileMeta>>> {
  const paths = new Map<number, string[]>()
  for (const c of candidates) paths.set(c.spaceId, [...(paths.get(c.spaceId) ?? []), c.path])
  const found = new Map<number, Map<string, FileMeta>>()
  await Promise.all(
    [...paths].map(async ([spaceId, wanted]) => {
      const metas = await deps.store.index.forSpace(spaceId).filesAt(wanted)
      found.set(spaceId, new Map(metas.map((meta) => [meta.path, meta])))
    }),
  )
  return found
}

/**
 * The meaning half of a search: for each organization of the spaces searched, its pages nearest the
 * query among its spaces indexed by meaning, by its own model. An organization without such a space
 * asks no model.
 */
async function meaningRankings(
  deps: SearchDeps,
  spaces: Map<number, { space: Space }>,
  query: string,
  limit: number,
): Promise<VectorHit[][]> {
  const rankings = await Promise.all(
    [...groupByOrg(spaces)].map(async ([orgId, spaceIds]) => {
      // The model is looked up while the spaces' states are read, but only its use can fail the search.
      const model = embedderFor(deps, orgId)
      model.catch(() => undefined)
      const states = await Promise.all(
        spaceIds.map(async (id) => await deps.store.index.forSpace(id).state()),
      )
      const meaningSpaces = spaceIds.filter((_, i) => states[i]?.meaning)
      if (meaningSpaces.length === 0) return undefined
      const embedder = await model
      // A model that cannot answer (its provider down, its key refused) leaves these spaces to their
      // words: the search still answers, as `mode=text` would for them.
      const vector = await processQueryVectors.vectorOf(embedder, query).catch(() => undefined)
      if (!vector) return undefined
      return pagesByMeaning(
        await deps.vectorIndex(embedder.dimensions).search(vector, meaningSpaces, limit * 4),
        embedder.relevanceFloor?.(query),
      )
    }),
  )
  return rankings.filter((r): r is VectorHit[] => r !== undefined)
}

function groupByOrg(spaces: Map<number, { space: Space }>): Map<number, number[]> {
  const groups = new Map<number, number[]>()
  for (const [id, { space }] of spaces) groups.set(space.orgId, [...(groups.get(space.orgId) ?? []), id])
  return groups
}

/** Whether a file is a Markdown page, whose snippets are shown as read rather than as written. */
function isMarkdownPath(path: string): boolean {
  return kindOf(path) === 'markdown'
}

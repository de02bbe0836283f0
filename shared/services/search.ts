import { type Freshness, freshnessOf } from '../domain/freshness.ts'
import { compileTextPattern } from '../domain/text-pattern.ts'
import type { Embedder } from '../ports/embedder.ts'
import type { Snippet, TextHit } from '../ports/search-index.ts'
import type { Space } from '../ports/store.ts'
import type { Actor } from './actor.ts'
import type { Deps } from './deps.ts'
import { embedderFor } from './index-space.ts'
import { pendingIn, searchTargets } from './search-pending.ts'

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

/** Reciprocal rank fusion constant: large enough that the first few ranks do not drown the rest. */
const RRF_K = 60
/** Below this cosine similarity a chunk is not "about" the query. */
const MEANING_MIN = 0.3
/** Freshness in the ranking: verified and up to date about 10% higher, due for review about 7% lower. */
const VERIFIED_BOOST = 1.1
const DUE_PENALTY = 0.93
export const SEARCH_LIMIT_MAX = 50
/** The pending-note count stops at this number. */
export const PENDING_COUNT_MAX = 20

type Candidate = {
  spaceId: number
  path: string
  text?: TextHit
  textRank?: number
  meaningRank?: number
  heading?: string
}

/**
 * Searches the readable spaces (or the listed ones; a restricted token's spaces only): by words
 * (`text`), or by words and meaning fused (`auto`); `regex` scans the texts instead. Verified,
 * up-to-date pages rank about 10% higher and pages due for review about 7% lower.
 */
export async function search(
  deps: Deps,
  actor: Actor,
  input: SearchInput,
): Promise<{ results: SearchResult[]; pendingCount: number }> {
  const targets = searchTargets(deps, actor, input.spaces)
  const limit = Math.min(Math.max(input.limit ?? 10, 1), SEARCH_LIMIT_MAX)
  const spaces = new Map<number, { label: string; space: Space }>(targets.map((t) => [t.space.id, t]))
  const ids = [...spaces.keys()]
  if (input.q.trim() === '' || ids.length === 0) return { results: [], pendingCount: 0 }

  // The query is embedded (in a worker thread) while the word search runs here.
  const isAuto = (input.mode ?? 'auto') === 'auto' && !input.regex
  const meaningQueries = isAuto
    ? [...groupByOrg(spaces)].flatMap(([orgId, spaceIds]) => {
        const semantic = spaceIds.filter((id) => deps.store.index.state(id).semantic)
        if (semantic.length === 0) return []
        const embedder = embedderFor(deps, orgId)
        return [{ semantic, embedder, vector: queryVector(embedder, input.q) }]
      })
    : []

  const candidates = new Map<string, Candidate>()
  const key = (spaceId: number, path: string) => `${spaceId}:${path}`
  let textHits: TextHit[]
  if (input.regex) {
    textHits = await deps.textIndex.searchRegex(compileTextPattern(input.q), ids, limit * 3)
  } else {
    textHits = deps.textIndex.search(input.q, ids, limit * 2)
  }
  for (const [rank, hit] of textHits.entries()) {
    candidates.set(key(hit.spaceId, hit.path), {
      spaceId: hit.spaceId,
      path: hit.path,
      text: hit,
      textRank: rank,
    })
  }

  for (const { semantic, embedder, vector: pending } of meaningQueries) {
    const vector = await pending
    if (!vector) continue
    const best = new Map<string, { spaceId: number; path: string; score: number; heading: string }>()
    for (const hit of deps.vectorIndex(embedder.dimensions).search(vector, semantic, limit * 4)) {
      if (hit.score < MEANING_MIN) continue
      const k = key(hit.spaceId, hit.path)
      if (!best.has(k)) best.set(k, hit)
    }
    for (const [rank, hit] of [...best.values()].entries()) {
      const k = key(hit.spaceId, hit.path)
      const existing = candidates.get(k) ?? { spaceId: hit.spaceId, path: hit.path }
      candidates.set(k, { ...existing, meaningRank: rank, heading: hit.heading })
    }
  }

  const now = deps.clock.now()
  const fusedOf = (c: Candidate) =>
    (c.textRank !== undefined ? 1 / (RRF_K + c.textRank) : 0) +
    (c.meaningRank !== undefined ? 1 / (RRF_K + c.meaningRank) : 0)
  const ordered = [...candidates.values()].sort((a, b) => fusedOf(b) - fusedOf(a))
  // Freshness moves a score by at most ×1.1 up or ×0.93 down: below this, a candidate cannot reach
  // the top `limit`, so its metadata is not even read.
  const cutoff =
    ((ordered[limit - 1] && fusedOf(ordered[limit - 1] as Candidate)) || 0) * (DUE_PENALTY / VERIFIED_BOOST)
  const results: SearchResult[] = []
  for (const c of ordered) {
    if (fusedOf(c) < cutoff) break
    const target = spaces.get(c.spaceId)
    const meta = deps.store.index.file(c.spaceId, c.path)
    if (!target || !meta) continue
    const freshness =
      meta.kind === 'markdown'
        ? freshnessOf(
            {
              owner: meta.owner ?? undefined,
              verified: meta.verified ?? undefined,
              review_every: meta.reviewEvery ?? undefined,
            },
            target.space.reviewEvery,
            now,
          )
        : null
    const fused = fusedOf(c)
    const factor = freshness?.verified ? VERIFIED_BOOST : freshness?.stale ? DUE_PENALTY : 1
    results.push({
      space: target.label,
      path: c.path,
      title: meta.title,
      score: Math.round(fused * factor * 1e6) / 1e6,
      match:
        c.textRank !== undefined && c.meaningRank !== undefined
          ? 'both'
          : c.textRank !== undefined
            ? 'text'
            : 'meaning',
      extracted: meta.extracted,
      verified: freshness?.verified ?? false,
      stale: freshness?.stale ?? false,
      freshness,
      snippets: c.text?.snippets ?? headingSnippet(deps, c),
    })
  }
  results.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1))
  const pendingCount = input.regex
    ? 0
    : Math.min((await pendingIn(deps, targets, input.q, PENDING_COUNT_MAX)).length, PENDING_COUNT_MAX)
  return { results: results.slice(0, limit), pendingCount }
}

/** Most query vectors kept per model: a repeated query (paging, retyping) skips the model. */
const QUERY_CACHE_SIZE = 500
const queryCache = new WeakMap<Embedder, Map<string, Promise<Float32Array | undefined>>>()

/** The vector of a query, from the cache or the model; a failed embedding is not kept. */
function queryVector(embedder: Embedder, query: string): Promise<Float32Array | undefined> {
  let cache = queryCache.get(embedder)
  if (!cache) {
    cache = new Map()
    queryCache.set(embedder, cache)
  }
  const key = query.trim().toLowerCase()
  const known = cache.get(key)
  if (known) {
    cache.delete(key)
    cache.set(key, known)
    return known
  }
  const vector = embedder.embed([query]).then(([v]) => v)
  vector.catch(() => cache.delete(key))
  if (cache.size >= QUERY_CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  cache.set(key, vector)
  return vector
}

function groupByOrg(spaces: Map<number, { space: Space }>): Map<number, number[]> {
  const groups = new Map<number, number[]>()
  for (const [id, { space }] of spaces) groups.set(space.orgId, [...(groups.get(space.orgId) ?? []), id])
  return groups
}

/** For a page found by meaning only: the line of the section that matched, as a snippet. */
function headingSnippet(deps: Deps, c: Candidate): Snippet[] {
  const text = deps.textIndex.text(c.spaceId, c.path)
  if (!text) return []
  const lines = text.split('\n')
  const heading = c.heading?.split(' › ').pop()?.trim()
  let at = heading
    ? lines.findIndex((l) => /^#{1,6}\s/.test(l) && l.replace(/^#+\s*/, '').trim() === heading)
    : -1
  if (at < 0)
    at = Math.max(
      0,
      lines.findIndex((l) => l.trim() !== '' && l.trim() !== '---'),
    )
  const next = lines.slice(at + 1).findIndex((l) => l.trim() !== '')
  const line = next >= 0 && /^#{1,6}\s/.test(lines[at] ?? '') ? at + 1 + next : at
  return [
    {
      line: line + 1,
      text: (lines[line] ?? '').slice(0, 200),
      before: lines[line - 1] ?? '',
      after: lines[line + 1] ?? '',
    },
  ]
}

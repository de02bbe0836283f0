/** The existing file a broken link most likely meant, by the similarity of file names. */
import { baseName } from '../links/paths.ts'
import { foldText } from '../text-words.ts'

const EXTENSION = /\.[A-Za-z0-9]{1,8}$/

/** A file name without folder and extension, folded, without separators: `Set-Up Guide.md` → `setupguide`. */
function nameKey(path: string): string {
  return foldText(baseName(path).replace(EXTENSION, '')).replace(/[\s\-_.]+/g, '')
}

/** Three rows of the distance table, kept between calls: a report measures thousands of names. */
let rows = new Int32Array(64)

/**
 * The edit distance between two strings (insertions, deletions, substitutions, and two neighbouring
 * letters swapped, the commonest typo: `deplyo` is one edit from `deploy`), or more than `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const width = b.length + 1
  if (rows.length < 3 * width) rows = new Int32Array(6 * width)
  // The rows of a[..i-2], a[..i-1] and a[..i], turning: offsets into `rows`.
  let before = 0
  let previous = width
  let current = 2 * width
  for (let j = 0; j < width; j++) rows[previous + j] = j
  let previousBest = 0
  for (let i = 1; i <= a.length; i++) {
    const letter = a.charCodeAt(i - 1)
    const letterBefore = i > 1 ? a.charCodeAt(i - 2) : -1
    rows[current] = i
    let best = i
    for (let j = 1; j < width; j++) {
      const other = b.charCodeAt(j - 1)
      let value = rows[previous + j - 1]! + (letter === other ? 0 : 1)
      const deleted = rows[previous + j]! + 1
      if (deleted < value) value = deleted
      const inserted = rows[current + j - 1]! + 1
      if (inserted < value) value = inserted
      if (i > 1 && j > 1 && letter === b.charCodeAt(j - 2) && letterBefore === other) {
        const swapped = rows[before + j - 2]! + 1
        if (swapped < value) value = swapped
      }
      rows[current + j] = value
      if (value < best) best = value
    }
    // A later row builds on this row or the one before it (a swap): stop once both are out of reach.
    if (best > max && previousBest > max) return max + 1
    const free = before
    before = previous
    previous = current
    current = free
    previousBest = best
  }
  return Math.min(rows[previous + b.length]!, max + 1)
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** How near a candidate's folder is to the wanted one: more leading folders in common, then fewer others. */
function nearness(wanted: string[], path: string): [number, number] {
  const folders = path.split('/').slice(0, -1)
  let common = 0
  while (common < wanted.length && common < folders.length && wanted[common] === folders[common]) common++
  return [-common, folders.length - common]
}

/** A path with its name's key, folded once for many lookups (a report's every broken link). */
export type NamedPath = { path: string; key: string }

/** Candidates for closestNamed, their names folded once. */
export function namedPaths(paths: readonly string[]): NamedPath[] {
  return paths.map((path) => ({ path, key: nameKey(path) }))
}

/**
 * The candidate whose file name is closest to the wanted one (a page moved to another folder has the same
 * name), or null when none is close: a quarter of the name's letters may differ, at least one, so typos and
 * plurals are caught but unrelated short names are not. Ties go to the nearest folder, then to path order.
 */
export function closestPath(wanted: string, candidates: readonly string[]): string | null {
  return closestNamed(wanted, namedPaths(candidates))
}

/** Candidates by their name's key, made once per list (see closestNamed). */
const byKey = new WeakMap<readonly NamedPath[], Map<string, NamedPath[]>>()

/** closestPath among candidates whose names were folded already (see namedPaths). */
export function closestNamed(wanted: string, named: readonly NamedPath[]): string | null {
  const key = nameKey(wanted)
  if (key === '') return null
  const folders = wanted.split('/').slice(0, -1)
  let keys = byKey.get(named)
  if (!keys) {
    keys = new Map()
    for (const candidate of named) {
      const holders = keys.get(candidate.key)
      if (holders) holders.push(candidate)
      else keys.set(candidate.key, [candidate])
    }
    byKey.set(named, keys)
  }
  // The same name (a page moved to another folder) is closer than any other: only its holders compete.
  const same = keys.get(key)
  let best: { rank: number[]; path: string } | undefined
  for (const { path, key: other } of same ?? named) {
    const allowed = Math.max(1, Math.floor(Math.max(key.length, other.length) / 4))
    // No need to measure past the best so far: a candidate further away cannot take its place.
    const reach = Math.min(allowed, best?.rank[0] ?? allowed)
    // A name that holds another whole (old-deploy, deploy-v2) points at it too, after closer spellings.
    const contains = other.length >= 4 && (key.includes(other) || other.includes(key))
    const distance = contains
      ? Math.min(editDistance(key, other, reach), allowed + 1)
      : editDistance(key, other, reach)
    if (distance > allowed && !contains) continue
    if (best && distance > best.rank[0]!) continue
    const rank = [distance, ...nearness(folders, path)]
    if (!best || isBefore(rank, path, best.rank, best.path)) best = { rank, path }
  }
  return best?.path ?? null
}
/** Whether a candidate ranks before the best so far: lower rank numbers first, then path order. */
function isBefore(rank: number[], path: string, bestRank: number[], bestPath: string): boolean {
  for (let i = 0; i < rank.length; i++) if (rank[i] !== bestRank[i]) return rank[i]! < bestRank[i]!
  return byText(path, bestPath) < 0
}

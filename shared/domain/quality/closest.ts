/** The existing file a broken link most likely meant, by the similarity of file names. */
import { baseName } from '../links/paths.ts'
import { foldText } from '../text-words.ts'

const EXTENSION = /\.[A-Za-z0-9]{1,8}$/

/** A file name without folder and extension, folded, without separators: `Set-Up Guide.md` → `setupguide`. */
function nameKey(path: string): string {
  return foldText(baseName(path).replace(EXTENSION, '')).replace(/[\s\-_.]+/g, '')
}

/**
 * The edit distance between two strings (insertions, deletions, substitutions, and two neighbouring
 * letters swapped, the commonest typo: `deplyo` is one edit from `deploy`), or more than `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  let previousBest = 0
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1)
      current.push(value)
      best = Math.min(best, value)
    }
    // A later row builds on this row or the one before it (a swap): stop once both are out of reach.
    if (best > max && previousBest > max) return max + 1
    before = previous
    previous = current
    previousBest = best
  }
  return Math.min(previous[b.length]!, max + 1)
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

/** closestPath among candidates whose names were folded already (see namedPaths). */
export function closestNamed(wanted: string, named: readonly NamedPath[]): string | null {
  const key = nameKey(wanted)
  if (key === '') return null
  const folders = wanted.split('/').slice(0, -1)
  let best: { rank: number[]; path: string } | undefined
  for (const { path, key: other } of named) {
    const allowed = Math.max(1, Math.floor(Math.max(key.length, other.length) / 4))
    // A name that holds another whole (old-deploy, deploy-v2) points at it too, after closer spellings.
    const contains = other.length >= 4 && (key.includes(other) || other.includes(key))
    const distance = contains
      ? Math.min(editDistance(key, other, allowed), allowed + 1)
      : editDistance(key, other, allowed)
    if (distance > allowed && !contains) continue
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

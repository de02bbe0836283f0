/**
 * Freshness in the ranking: a page verified and up to date ranks about 10% higher, a page due for
 * review about 7% lower; files that are not pages have no freshness and keep their score.
 */
import { type Freshness, freshnessOf } from '../freshness.ts'

/** Score factor of a page verified and not yet due. */
export const VERIFIED_BOOST = 1.1
/** Score factor of a page whose review is due. */
export const DUE_PENALTY = 0.93

/** What the index knows of a file's freshness: its kind and its front matter fields. */
export type FreshnessFields = {
  kind: string
  owner: string | null
  verified: string | null
  reviewEvery: string | null
}

/** A hit's freshness: a Markdown page's, read from its fields and the space's default interval; null otherwise. */
export function hitFreshness(file: FreshnessFields, spaceReviewEvery: string, now: number): Freshness | null {
  if (file.kind !== 'markdown') return null
  return freshnessOf(
    {
      owner: file.owner ?? undefined,
      verified: file.verified ?? undefined,
      review_every: file.reviewEvery ?? undefined,
    },
    spaceReviewEvery,
    now,
  )
}

/** The factor freshness puts on a score: the boost, the penalty, or 1. */
export function freshnessFactor(freshness: Pick<Freshness, 'verified' | 'stale'> | null): number {
  return freshness?.verified ? VERIFIED_BOOST : freshness?.stale ? DUE_PENALTY : 1
}

/** A score with its freshness applied, rounded to six decimals. */
export function boostedScore(score: number, freshness: Pick<Freshness, 'verified' | 'stale'> | null): number {
  return Math.round(score * freshnessFactor(freshness) * 1e6) / 1e6
}

/**
 * The lowest score that can still make the top: freshness moves a score by at most the boost up or the
 * penalty down, so a candidate below this cannot pass the one ranked last before freshness (`lastScore`).
 */
export function reachableScore(lastScore: number | undefined): number {
  return (lastScore || 0) * (DUE_PENALTY / VERIFIED_BOOST)
}

import { parseReviewEvery, type ReviewInterval } from './review-every.ts'

/** How fresh a page is, read from its front matter (`owner`, `verified`, `review_every`). */
export type Freshness = {
  state: 'verified' | 'stale' | 'never'
  verified: boolean
  stale: boolean
  verified_at: string | null
  owner: string | null
  review_due: string | null
  review_every: string
}

/** A date as `YYYY-MM-DD` (front matter keeps dates as written or as YAML dates). */
function dateOf(value: unknown): Date | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const date = new Date(`${value.slice(0, 10)}T00:00:00Z`)
    return Number.isNaN(date.getTime()) ? undefined : date
  }
  return undefined
}

function addInterval(date: Date, interval: Exclude<ReviewInterval, 'never'>): Date {
  const due = new Date(date.getTime())
  if (interval.unit === 'd') due.setUTCDate(due.getUTCDate() + interval.count)
  if (interval.unit === 'w') due.setUTCDate(due.getUTCDate() + 7 * interval.count)
  if (interval.unit === 'm') due.setUTCMonth(due.getUTCMonth() + interval.count)
  if (interval.unit === 'y') due.setUTCFullYear(due.getUTCFullYear() + interval.count)
  return due
}

const day = (date: Date) => date.toISOString().slice(0, 10)

/**
 * A page's freshness: verified (and not yet due), stale (verified, but its review date has
 * passed), or never verified. The page's own `review_every` wins over the space's default; an
 * empty or `never` interval means the verification does not expire.
 */
export function freshnessOf(
  front: Record<string, unknown>,
  spaceReviewEvery: string,
  now: number,
): Freshness {
  const own = typeof front.review_every === 'string' ? front.review_every.trim() : ''
  const effective = own || spaceReviewEvery || ''
  const interval = parseReviewEvery(effective) ?? 'never'
  const verifiedAt = dateOf(front.verified)
  const owner = typeof front.owner === 'string' && front.owner.trim() ? front.owner.trim() : null
  const due = verifiedAt && interval !== 'never' ? addInterval(verifiedAt, interval) : undefined
  const stale = Boolean(verifiedAt && due && due.getTime() <= now)
  const state = verifiedAt ? (stale ? 'stale' : 'verified') : 'never'
  return {
    state,
    verified: state === 'verified',
    stale,
    verified_at: verifiedAt ? day(verifiedAt) : null,
    owner,
    review_due: due ? day(due) : null,
    review_every: effective,
  }
}

/** The review interval of pages: `90d`, `6m`, `1y` (also `2w`), `never`, or empty for never. */

const INTERVAL = /^([1-9]\d{0,3})([dwmy])$/

export type ReviewInterval = { count: number; unit: 'd' | 'w' | 'm' | 'y' } | 'never'

/** Parses a review interval, or returns undefined when it cannot be read. Empty means never. */
export function parseReviewEvery(value: string): ReviewInterval | undefined {
  const text = value.trim().toLowerCase()
  if (text === '' || text === 'never') return 'never'
  const match = INTERVAL.exec(text)
  if (!match) return undefined
  return { count: Number(match[1]), unit: match[2] as 'd' | 'w' | 'm' | 'y' }
}

/** The canonical spelling of a readable interval (`never` for empty). */
export function formatReviewEvery(interval: ReviewInterval): string {
  return interval === 'never' ? 'never' : `${interval.count}${interval.unit}`
}

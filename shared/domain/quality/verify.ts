/**
 * What verifying a page changes in its front matter: `owner`, `review_every` and `verified`. Pure: the
 * caller reads the page, applies the changes with editFrontMatter, and commits only when there are some.
 */
import { DomainError } from '../../errors/domain-error.ts'
import { formatReviewEvery, parseReviewEvery } from '../review-every.ts'

export type VerificationInput = {
  /** The page's front matter as read by readFrontMatter. */
  front: Record<string, unknown>
  /** The user making the request; the owner of a page that has none. */
  caller: string
  /** A new owner; absent or blank keeps the page's owner. */
  owner?: string
  /** A new interval; '' removes the page's own so the space's applies. */
  reviewEvery?: string
  /** false updates owner and interval without verifying; absent or true verifies. */
  verify?: boolean
  /** The day of the request, YYYY-MM-DD. */
  today: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A front matter value as text, for comparing with what would be written. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim()
  // A YAML 1.1 reader may have turned a date into a Date; compare it as the day it names.
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return undefined
}

/**
 * The front matter keys a verification request changes (string: set, null: remove), only those whose value
 * actually changes. Throws `review_every_unreadable` (a 400) for an interval that cannot be read.
 */
export function verificationChanges(input: VerificationInput): Record<string, string | null> {
  const { front } = input
  const wanted: Record<string, string | null> = {}

  // Rule 1: an explicit owner wins; otherwise the page keeps its owner, and a page without one gets the
  // caller, so that every page someone takes care of has a name on it (the health report lists the others).
  const owner = input.owner?.trim() ?? ''
  const current = textOf(front.owner) ?? ''
  wanted.owner = owner || current || input.caller.trim() || null

  // Rule 2: '' hands the page back to the space's interval; a value is checked and written canonically.
  if (input.reviewEvery !== undefined) {
    const text = input.reviewEvery.trim()
    if (text === '') wanted.review_every = null
    else {
      const interval = parseReviewEvery(text)
      if (!interval) throw new DomainError('review_every_unreadable')
      wanted.review_every = formatReviewEvery(interval)
    }
  }

  // Rule 3: a request to verify verifies unless it says `verify: false` (then only rules 1 and 2 apply).
  if (input.verify !== false) {
    if (!DAY.test(input.today)) throw new Error(`today must be a YYYY-MM-DD day, not "${input.today}"`)
    wanted.verified = input.today
  }

  // Rule 4: only front matter keys, and only those that change, so an idle request commits nothing.
  const changes: Record<string, string | null> = {}
  for (const [key, value] of Object.entries(wanted)) {
    if (value === null ? Object.hasOwn(front, key) : textOf(front[key]) !== value) changes[key] = value
  }
  return changes
}

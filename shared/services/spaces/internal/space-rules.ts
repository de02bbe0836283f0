import { isBranchName, isRemoteAddress, withLowerScheme } from '../../../domain/git-address.ts'
import { formatReviewEvery, parseReviewEvery } from '../../../domain/review-every.ts'
import { DomainError } from '../../../errors/domain-error.ts'

/**
 * Checks a remote address and returns it trimmed, its scheme in lower case (`HTTPS://` is the same
 * address, which Git's transports only know as `https://`); 400 when it is not acceptable.
 */
export function checkRepoUrl(value: string): string {
  const url = withLowerScheme(value.trim())
  if (!isRemoteAddress(url)) throw new DomainError('repo_url_invalid')
  return url
}

/** Checks a branch name; 400 when Git would refuse it. */
export function checkBranch(value: string): string {
  const branch = value.trim()
  if (!isBranchName(branch)) throw new DomainError('branch_invalid', { value })
  return branch
}

/** The canonical spelling of a review interval (empty stays empty); 400 when it cannot be read. */
export function checkReviewEvery(value: string): string {
  if (value.trim() === '') return ''
  const interval = parseReviewEvery(value)
  if (!interval) throw new DomainError('review_every_unreadable')
  return formatReviewEvery(interval)
}

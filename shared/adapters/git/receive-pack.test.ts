import { describe, expect, it } from 'vitest'
import { isStaleRefusal } from './receive-pack.ts'

describe('refused ref updates', () => {
  it.each([
    'non-fast-forward',
    'fetch first',
    'stale info',
    'failed to update ref',
    'failed to lock',
    "cannot lock ref 'refs/heads/main'",
  ])('retries after a fetch when the remote says %s', (reason) => expect(isStaleRefusal(reason)).toBe(true))

  it.each([
    'pre-receive hook declined',
    'protected branch hook declined',
    'permission denied',
    'deny updating a hidden ref',
  ])('reports %s as an error instead', (reason) => expect(isStaleRefusal(reason)).toBe(false))
})

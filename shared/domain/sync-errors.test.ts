import { describe, expect, it } from 'vitest'
import { type SyncErrorCode, syncErrorCode } from './sync-errors.ts'

describe('the kind of a stored sync failure', () => {
  it('is the one kept with it, whatever its words', () => {
    expect(syncErrorCode({ lastError: 'the remote answered HTTP 401', lastErrorCode: 'other' })).toBe('other')
    expect(syncErrorCode({ lastError: 'anything at all', lastErrorCode: 'unreachable' })).toBe('unreachable')
    expect(syncErrorCode({ lastError: null, lastErrorCode: null })).toBeNull()
  })

  it.each([
    ['connect ECONNREFUSED 127.0.0.1:9', 'unreachable'],
    ["the remote's host name could not be resolved", 'unreachable'],
    ["the remote's host is unreachable", 'unreachable'],
    ['the connection was closed by the remote', 'unreachable'],
    ['the connection timed out', 'unreachable'],
    ['the remote could not be reached (connection refused)', 'unreachable'],
    ['the remote answered HTTP 401 (authentication required or refused)', 'auth'],
    ['the remote answered HTTP 403 (authentication required or refused)', 'auth'],
    ['the remote answered HTTP 404 (repository not found)', 'not-found'],
    ['the remote repository was not found', 'not-found'],
    ["the remote's host key is not the known one (Host key verification failed)", 'host-key'],
    ['the remote refused the SSH key (Permission denied (publickey))', 'ssh-key'],
    ['the remote refused the push: protected branch', 'push-refused'],
    ['the remote refused the push: pre-receive hook timed out', 'push-refused'],
    ['the remote kept moving: push rejected three times', 'busy'],
    ['the remote answered HTTP 503', 'other'],
    ['The repository folder is missing: restore it from a backup.', 'other'],
  ] as const)('is read from the words of one stored without it: %s', (lastError, code) => {
    expect(syncErrorCode({ lastError, lastErrorCode: null })).toBe(code)
  })

  it('is other for a kind kept by a newer version', () => {
    const newer = 'rate-limited' as SyncErrorCode
    expect(syncErrorCode({ lastError: 'the remote asked to wait', lastErrorCode: newer })).toBe('other')
  })
})

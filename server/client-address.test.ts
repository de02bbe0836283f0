import { describe, expect, it } from 'vitest'
import { addressMatcher, clientAddress } from './client-address.ts'

const proxies = addressMatcher('10.0.0.0/8, 127.0.0.1, fd00::/8')
const nobody = addressMatcher('')

describe('trusted proxy lists', () => {
  it('match addresses and ranges of both families, and refuse entries that are neither', () => {
    expect(['10.200.3.4', '127.0.0.1', '::ffff:127.0.0.1', 'fd12::1'].map(proxies)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(['11.0.0.1', '127.0.0.2', '::1', 'fe80::1', 'not an address'].map(proxies)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.0/8/8', '::/129', '10.0.0.0/x'])
      expect(() => addressMatcher(bad)).toThrow(bad)
  })
})

describe('the client address', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('192.0.2.1', '203.0.113.5', nobody)).toBe('192.0.2.1')
    expect(clientAddress('::ffff:192.0.2.1', undefined, proxies)).toBe('192.0.2.1')
    expect(clientAddress(undefined, '203.0.113.5', proxies)).toBe('unknown')
  })

  it('ignores X-Forwarded-For from a peer that is not trusted', () => {
    expect(clientAddress('192.0.2.1', '203.0.113.5', proxies)).toBe('192.0.2.1')
  })

  it('is the right-most forwarded address that is not a trusted proxy', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.5', proxies)).toBe('203.0.113.5')
    // Made-up entries on the left are what the client sent; the proxies wrote the right end.
    expect(clientAddress('127.0.0.1', '198.51.100.1, 203.0.113.5, 10.0.0.2', proxies)).toBe('203.0.113.5')
    expect(clientAddress('::ffff:10.1.1.1', '2001:db8::7', proxies)).toBe('2001:db8::7')
  })

  it('reads ports and brackets that some proxies add', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.5:51234', proxies)).toBe('203.0.113.5')
    expect(clientAddress('127.0.0.1', '[2001:db8::7]:443', proxies)).toBe('2001:db8::7')
  })

  it('stops at an entry that is not an address, and takes the left-most when every hop is trusted', () => {
    expect(clientAddress('127.0.0.1', 'anything, 10.0.0.9', proxies)).toBe('10.0.0.9')
    expect(clientAddress('127.0.0.1', '10.0.0.8, 10.0.0.9', proxies)).toBe('10.0.0.8')
    expect(clientAddress('127.0.0.1', '', proxies)).toBe('127.0.0.1')
  })
})

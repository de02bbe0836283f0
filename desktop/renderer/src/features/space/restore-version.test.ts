import { describe, expect, it } from 'vitest'
import { exactTextOf, restoreMessage } from './restore-version.tsx'

const versionOf = (bytes: Uint8Array) => ({
  // What the read API answers: the bytes decoded as UTF-8, a leading byte order mark dropped.
  text: new TextDecoder('utf-8').decode(bytes),
  size: bytes.length,
})

describe('restoring a version', () => {
  it('gives back the exact text, line endings and byte order mark included', () => {
    const plain = new TextEncoder().encode('# Rules\r\n\r\nBe kind, é.\n')
    expect(exactTextOf(versionOf(plain))).toBe('# Rules\r\n\r\nBe kind, é.\n')
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...plain])
    const text = exactTextOf(versionOf(marked))
    expect(text).toBe('\uFEFF# Rules\r\n\r\nBe kind, é.\n')
    expect(new TextEncoder().encode(text)).toEqual(marked)
  })

  it('names the path and the short sha of the version in its commit message', () => {
    expect(restoreMessage('guides/setup.md', '0123456789abcdef')).toBe(
      'Restore guides/setup.md as of 0123456',
    )
  })
})

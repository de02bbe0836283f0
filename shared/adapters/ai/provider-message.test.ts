import { describe, expect, it } from 'vitest'
import { safeProviderMessage } from './provider-message.ts'

describe('safeProviderMessage', () => {
  const key = ['sk', 'proj', 'A1b2C3d4E5f6G7h8'].join('-')

  it('removes the key, bearer tokens, key-shaped words and masked echoes', () => {
    const message = `Incorrect API key provided: ${key}. Header: Bearer ${key}. Also ${['sk', 'ant', 'xyz12345678'].join('-')} and abcd****h8`
    const safe = safeProviderMessage(message, key)
    expect(safe).not.toContain('A1b2C3d4')
    expect(safe).not.toContain('xyz12345678')
    expect(safe).not.toContain('abcd')
    expect(safe).toContain('Incorrect API key provided')
  })

  it('keeps one line of at most 300 characters', () => {
    const safe = safeProviderMessage(`first line\nsecond   line ${'x'.repeat(400)}`, undefined)
    expect(safe.startsWith('first line second line')).toBe(true)
    expect(safe.length).toBe(300)
    expect(safe.endsWith('…')).toBe(true)
  })
})

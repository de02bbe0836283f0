import { describe, expect, it } from 'vitest'
import { safeDecode } from './safe-decode.ts'

describe('safeDecode', () => {
  it('decodes valid percent-encoded text', () => {
    expect(safeDecode('Team%20rules%20%C3%A9t%C3%A9')).toBe('Team rules été')
    expect(safeDecode('plain')).toBe('plain')
  })

  it('gives undefined for what cannot be decoded, instead of throwing', () => {
    expect(safeDecode('%E0')).toBeUndefined()
    expect(safeDecode('100%')).toBeUndefined()
    expect(safeDecode('%zz')).toBeUndefined()
  })
})

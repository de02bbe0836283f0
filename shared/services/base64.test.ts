import { describe, expect, it } from 'vitest'
import { decodeBase64 } from './base64.ts'

describe('decodeBase64', () => {
  it('decodes standard base64, line breaks and spaces ignored', () => {
    expect(decodeBase64('aGVs\nbG8h')).toEqual(new TextEncoder().encode('hello!'))
    expect(decodeBase64(' aGk= ')).toEqual(new TextEncoder().encode('hi'))
    expect(decodeBase64('')).toEqual(new Uint8Array())
  })

  it('refuses what is not base64 rather than decoding part of it', () => {
    for (const text of ['aGk', 'aGk=!', 'a-_b', 'not base64!', 'aG=k'])
      expect(decodeBase64(text), text).toBeUndefined()
  })
})

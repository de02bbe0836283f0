import { describe, expect, it } from 'vitest'
import { decodeBase64, decodeBase64Yielding } from './base64.ts'

describe.each([
  ['decodeBase64', async (text: string) => decodeBase64(text)],
  ['decodeBase64Yielding', decodeBase64Yielding],
])('%s', (_, decode) => {
  it('decodes standard base64, line breaks and spaces ignored', async () => {
    expect(await decode('aGVs\nbG8h')).toEqual(new TextEncoder().encode('hello!'))
    expect(await decode(' aGk= ')).toEqual(new TextEncoder().encode('hi'))
    expect(await decode('')).toEqual(new Uint8Array())
  })

  it('refuses what is not base64 rather than decoding part of it', async () => {
    for (const text of ['aGk', 'aGk=!', 'a-_b', 'not base64!', 'aG=k', 'aGk=aGk='])
      expect(await decode(text), text).toBeUndefined()
  })

  it('decodes megabytes whole, and refuses a bad character far in', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 2)
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251
    const text = Buffer.from(bytes).toString('base64')
    const decoded = await decode(text)
    expect(decoded && Buffer.from(decoded).equals(bytes)).toBe(true)
    expect(await decode(`${text.slice(0, 2_000_000)}=${text.slice(2_000_001)}`)).toBeUndefined()
  })
})

describe('decodeBase64Yielding', () => {
  it('lets timers run between slices of a large text', async () => {
    const text = Buffer.alloc(8 * 1024 * 1024, 1).toString('base64')
    let fired = 0
    const timer = setInterval(() => fired++, 0)
    try {
      const decoding = decodeBase64Yielding(text)
      expect(fired).toBe(0)
      expect((await decoding)?.length).toBe(8 * 1024 * 1024)
      // Ten slices, each followed by a pause in which the interval gets its turn.
      expect(fired).toBeGreaterThanOrEqual(5)
    } finally {
      clearInterval(timer)
    }
  })
})

import { describe, expect, it } from 'vitest'
import { ownOrigins } from './own-origins.ts'

describe('the server’s own origins', () => {
  it('are the listening address, with the loopback names when it is a loopback address', () => {
    expect(ownOrigins('127.0.0.1', 8080)).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://[::1]:8080',
    ])
    expect(ownOrigins('::1', 3000)).toEqual([
      'http://[::1]:3000',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ])
  })

  it('are only the configured host otherwise, without the default port as browsers write it', () => {
    expect(ownOrigins('kb.internal', 80)).toEqual(['http://kb.internal'])
    expect(ownOrigins('192.0.2.10', 8080)).toEqual(['http://192.0.2.10:8080'])
    expect(ownOrigins('fd00::5', 8080)).toEqual(['http://[fd00::5]:8080'])
  })
})

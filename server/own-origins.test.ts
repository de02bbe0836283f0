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

  it('are the machine’s addresses and name when it listens on all of them', () => {
    const machine = () => ['localhost', '127.0.0.1', '::1', 'kb-host', '192.0.2.10', 'fd00::5']
    for (const wildcard of ['0.0.0.0', '::'])
      expect(ownOrigins(wildcard, 8080, machine)).toEqual([
        'http://localhost:8080',
        'http://127.0.0.1:8080',
        'http://[::1]:8080',
        'http://kb-host:8080',
        'http://192.0.2.10:8080',
        'http://[fd00::5]:8080',
      ])
    // Without a fake: this machine's own.
    expect(ownOrigins('0.0.0.0', 8080)).toContain('http://127.0.0.1:8080')
    expect(ownOrigins('0.0.0.0', 8080)).not.toContain('http://0.0.0.0:8080')
  })

  it('are only the configured host otherwise, without the default port as browsers write it', () => {
    expect(ownOrigins('kb.internal', 80)).toEqual(['http://kb.internal'])
    expect(ownOrigins('192.0.2.10', 8080)).toEqual(['http://192.0.2.10:8080'])
    expect(ownOrigins('fd00::5', 8080)).toEqual(['http://[fd00::5]:8080'])
  })
})

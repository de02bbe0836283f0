import type { LookupAddress } from 'node:dns'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guardedRequest, readBody } from './guarded-http.ts'
import { AddressNotAllowedError, type OutboundGuard, outboundGuard, type Resolver } from './outbound-guard.ts'

/** A resolver that answers from a table, as a DNS server under someone else's control would. */
const fakeDns =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))

/** The guard's `lookup` as a socket calls it, turned into a promise. */
function lookUp(guard: OutboundGuard, hostname: string, options: { all?: boolean; family?: number } = {}) {
  return new Promise<string | LookupAddress[]>((done, fail) =>
    guard.lookup(hostname, options, (error, address) => (error ? fail(error) : done(address))),
  )
}

describe('the lookup given to sockets', () => {
  const rebinding = fakeDns({
    'git.example.com': ['140.82.112.3'],
    'innocent.example.com': ['127.0.0.1'],
    'mixed.example.com': ['140.82.112.3', '10.0.0.5'],
    'metadata.example.com': ['169.254.169.254'],
    'mapped.example.com': ['::ffff:169.254.169.254'],
    'v6.example.com': ['fd00:ec2::254'],
  })
  const strict = outboundGuard({ allowPrivateNetwork: false, resolver: rebinding })

  it('hands back a public address', async () => {
    expect(await lookUp(strict, 'git.example.com')).toBe('140.82.112.3')
    expect(await lookUp(strict, 'git.example.com', { all: true })).toEqual([
      { address: '140.82.112.3', family: 4 },
    ])
  })

  it.each([
    ['innocent.example.com', 'private network'],
    ['mixed.example.com', 'private network'],
    ['metadata.example.com', 'cloud metadata service'],
    ['mapped.example.com', 'cloud metadata service'],
    ['v6.example.com', 'cloud metadata service'],
  ])('refuses %s, a public-looking name whose answer is not public', async (name, what) => {
    await expect(lookUp(strict, name)).rejects.toThrow(`the remote's address is not allowed (${what})`)
    await expect(lookUp(strict, name, { all: true })).rejects.toBeInstanceOf(AddressNotAllowedError)
  })

  it('resolves once per connection, so a later, different answer is checked again', async () => {
    let answers = 0
    const flipping = outboundGuard({
      allowPrivateNetwork: false,
      resolver: async () => [{ address: answers++ === 0 ? '140.82.112.3' : '127.0.0.1', family: 4 }],
    })
    expect(await lookUp(flipping, 'rebind.example.com')).toBe('140.82.112.3')
    await expect(lookUp(flipping, 'rebind.example.com')).rejects.toBeInstanceOf(AddressNotAllowedError)
  })

  it('with private networks allowed, hands back private addresses but never a metadata one', async () => {
    const open = outboundGuard({ allowPrivateNetwork: true, resolver: rebinding })
    expect(await lookUp(open, 'innocent.example.com')).toBe('127.0.0.1')
    await expect(lookUp(open, 'metadata.example.com')).rejects.toThrow('cloud metadata service')
  })

  it('checks IP literals without asking the resolver', async () => {
    const resolved: string[] = []
    const guard = outboundGuard({
      allowPrivateNetwork: false,
      resolver: async (name) => {
        resolved.push(name)
        return [{ address: '140.82.112.3', family: 4 }]
      },
    })
    await expect(guard.resolve('127.0.0.1')).rejects.toBeInstanceOf(AddressNotAllowedError)
    await expect(guard.resolve('[::1]')).rejects.toBeInstanceOf(AddressNotAllowedError)
    expect(await guard.resolve('8.8.8.8')).toEqual([{ address: '8.8.8.8', family: 4 }])
    expect(resolved).toEqual([])
  })
})

describe('requests through the guard (loopback only)', () => {
  let server: Server
  let port: number
  const seen: string[] = []

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '')
      res.end('internal secret\n')
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((done) => server.close(() => done())))

  it('never connects to a private address, named or literal, when they are not allowed', async () => {
    const guard = outboundGuard({
      allowPrivateNetwork: false,
      resolver: fakeDns({ 'git.example.test': ['127.0.0.1'] }),
    })
    for (const url of [
      `http://git.example.test:${port}/a`,
      `http://127.0.0.1:${port}/b`,
      `http://[::ffff:127.0.0.1]:${port}/c`,
      `https://127.0.0.1:${port}/d`,
    ]) {
      await expect(guardedRequest(guard, { url })).rejects.toBeInstanceOf(AddressNotAllowedError)
    }
    expect(seen).toEqual([])
  })

  it('connects to the address the resolver gave, not to one the system would find', async () => {
    // `.test` names resolve nowhere: reaching the server proves the checked address was the one used.
    const guard = outboundGuard({
      allowPrivateNetwork: true,
      resolver: fakeDns({ 'git.example.test': ['127.0.0.1'] }),
    })
    const response = await guardedRequest(guard, { url: `http://git.example.test:${port}/named` })
    expect(new TextDecoder().decode(await readBody(response))).toBe('internal secret\n')
    expect(seen).toEqual(['/named'])
  })
})

import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import type { Duplex } from 'node:stream'
import { type AddressKind, classifyAddress } from './address-ranges.ts'

/** Every address a host name resolves to, as `dns.lookup` with `all: true` gives them. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>

/**
 * Which addresses the service may connect to on an organization's behalf (Git remotes, outgoing
 * webhooks). By default only public Internet addresses; `allowPrivateNetwork` is for installations
 * whose Git host is on their own network, and for tests on loopback.
 */
export type OutboundPolicy = {
  allowPrivateNetwork: boolean
  /** How names are resolved; the system resolver unless a test injects one. */
  resolver?: Resolver
  /** How long a connection may stay silent in a request before it is given up (default 60 s). */
  idleTimeoutMs?: number
}

/**
 * A remote that stops answering mid-request is given up after this long without a byte: a space's
 * Git work waits for it in the space's queue, so a stalled host would otherwise hold every write.
 */
export const REMOTE_IDLE_TIMEOUT_MS = 60_000

/** A connection refused because of where it would go: the message names the kind, never the address. */
export class AddressNotAllowedError extends Error {
  readonly code = 'ERR_ADDRESS_NOT_ALLOWED'
  readonly kind: AddressKind
  constructor(kind: AddressKind) {
    const what =
      kind === 'metadata'
        ? 'cloud metadata service'
        : kind === 'multicast' || kind === 'reserved' || kind === 'unspecified'
          ? 'reserved address'
          : 'private network'
    super(`the remote's address is not allowed (${what})`)
    this.name = 'AddressNotAllowedError'
    this.kind = kind
  }
}

/** The checks and the connection machinery that apply an outbound policy. */
export type OutboundGuard = {
  readonly allowPrivateNetwork: boolean
  /** How long a request's connection may stay silent before it is given up. */
  readonly idleTimeoutMs: number
  /** Why the service may not connect to this IP address, or undefined when it may. */
  refusal(address: string): AddressNotAllowedError | undefined
  /** Resolves a host name (or takes an IP literal) once and checks every address; throws when one is refused. */
  resolve(hostname: string): Promise<LookupAddress[]>
  /** A `dns.lookup` for sockets that checks each address it hands back, so the socket connects only to one of those. */
  lookup: LookupFunction
  /** Keep-alive agents whose every connection goes through `lookup`, IP literals included. */
  agents: { http: http.Agent; https: https.Agent }
}

const systemResolver: Resolver = (hostname) =>
  new Promise((done, fail) =>
    dnsLookup(hostname, { all: true, order: 'verbatim' }, (error, addresses) =>
      error ? fail(error) : done(addresses),
    ),
  )

/** The `host` of a socket's options without IPv6 brackets, when it is an IP literal. */
function literal(host: string | null | undefined): string | undefined {
  const bare = (host ?? '').replace(/^\[(.*)\]$/, '$1')
  return isIP(bare) ? bare : undefined
}

/** Builds the guard for a policy: one per process, shared by every adapter that connects out. */
export function outboundGuard(policy: OutboundPolicy): OutboundGuard {
  const resolver = policy.resolver ?? systemResolver
  const refusal = (address: string) => {
    const kind = classifyAddress(address)
    // Metadata endpoints stay closed even on a private network: no Git host or webhook lives there.
    if (kind === 'public' || (policy.allowPrivateNetwork && kind !== 'metadata')) return undefined
    return new AddressNotAllowedError(kind)
  }
  const resolve = async (hostname: string) => {
    const ip = literal(hostname)
    const addresses = ip ? [{ address: ip, family: isIP(ip) }] : await resolver(hostname)
    if (addresses.length === 0)
      throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' })
    for (const { address } of addresses) {
      const refused = refusal(address)
      if (refused) throw refused
    }
    return addresses
  }
  const lookup = ((hostname: string, options: LookupOptions | number, callback: LookupCallback) => {
    const wanted = typeof options === 'number' ? { family: options } : (options ?? {})
    resolve(hostname).then(
      (all) => {
        const family = wanted.family === 'IPv4' ? 4 : wanted.family === 'IPv6' ? 6 : wanted.family
        const usable = family ? all.filter((a) => a.family === family) : all
        const [first] = usable
        if (!first)
          return callback(
            Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
          )
        if (wanted.all) callback(null, usable)
        else callback(null, first.address, first.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    )
  }) as LookupFunction

  /** Sockets to IP literals skip `lookup`, so the agent checks those itself before connecting. */
  const guarded = <A extends http.Agent>(agent: A): A => {
    const create = agent.createConnection.bind(agent)
    agent.createConnection = (options, callback) => {
      const ip = literal(options.host ?? options.hostname)
      const refused = ip ? refusal(ip) : undefined
      if (refused) {
        callback?.(refused, undefined as unknown as Duplex)
        return undefined
      }
      return create(options, callback)
    }
    return agent
  }
  return {
    allowPrivateNetwork: policy.allowPrivateNetwork,
    idleTimeoutMs: policy.idleTimeoutMs ?? REMOTE_IDLE_TIMEOUT_MS,
    refusal,
    resolve,
    lookup,
    agents: {
      http: guarded(new http.Agent({ keepAlive: true, lookup })),
      https: guarded(new https.Agent({ keepAlive: true, lookup })),
    },
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

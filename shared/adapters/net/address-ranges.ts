import { isIPv4, isIPv6 } from 'node:net'

/**
 * What an IP address reaches, for deciding whether the service may connect to it on someone
 * else's behalf. Only `public` is an ordinary Internet host; `metadata` is a cloud provider's
 * instance metadata service, which hands out the server's own credentials.
 */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'cgnat'
  | 'multicast'
  | 'reserved'
  | 'unspecified'
  | 'metadata'

/** Instance metadata endpoints of the major clouds (AWS, ECS, GCP, Azure, Alibaba, Oracle). */
const METADATA = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '168.63.129.16',
  '100.100.100.200',
  '192.0.0.192',
  'fd00:ec2::254',
  'fd20:ce::254',
])

type Range = { prefix: number[]; bits: number; kind: AddressKind }

const v4 = (text: string, bits: number, kind: AddressKind): Range => ({
  prefix: text.split('.').map(Number),
  bits,
  kind,
})

/** IANA's special-purpose IPv4 blocks (RFC 6890 and successors) that no public Git host lives in. */
const V4_RANGES: Range[] = [
  v4('0.0.0.0', 8, 'unspecified'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'cgnat'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link-local'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'reserved'),
  v4('192.0.2.0', 24, 'reserved'),
  v4('192.88.99.0', 24, 'reserved'),
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'reserved'),
  v4('198.51.100.0', 24, 'reserved'),
  v4('203.0.113.0', 24, 'reserved'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'),
]

const v6 = (text: string, bits: number, kind: AddressKind): Range => ({
  prefix: ipv6Bytes(text) ?? [],
  bits,
  kind,
})

/** IPv6 blocks checked before the global-unicast test (which refuses everything outside 2000::/3). */
const V6_RANGES: Range[] = [
  v6('64:ff9b:1::', 48, 'private'),
  v6('100::', 64, 'reserved'),
  v6('2001::', 32, 'reserved'),
  v6('2001:2::', 48, 'reserved'),
  v6('2001:10::', 28, 'reserved'),
  v6('2001:20::', 28, 'reserved'),
  v6('2001:db8::', 32, 'reserved'),
  v6('3fff::', 20, 'reserved'),
  v6('5f00::', 16, 'reserved'),
  v6('fc00::', 7, 'unique-local'),
  v6('fe80::', 10, 'link-local'),
  v6('fec0::', 10, 'private'),
  v6('ff00::', 8, 'multicast'),
]

/** Whether the first `bits` bits of `bytes` are those of `prefix`. */
function matches(bytes: number[], { prefix, bits }: Range): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const mask = bits - i * 8 >= 8 ? 0xff : (0xff << (8 - (bits - i * 8))) & 0xff
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false
  }
  return true
}

/** The 16 bytes of an IPv6 address (embedded dotted IPv4 tail included), or undefined. */
function ipv6Bytes(text: string): number[] | undefined {
  if (!isIPv6(text)) return undefined
  let rest = text
  const tail: number[] = []
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(rest)
  if (dotted?.[1]) {
    tail.push(...dotted[1].split('.').map(Number))
    rest = rest.slice(0, -dotted[1].length)
    if (rest.endsWith(':') && !rest.endsWith('::')) rest = rest.slice(0, -1)
  }
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)))
  const [head = '', after] = rest.split('::')
  const left = groupsOf(head)
  const right = after === undefined ? [] : groupsOf(after)
  const missing = 8 - tail.length / 2 - left.length - right.length
  const groups = [...left, ...new Array<number>(after === undefined ? 0 : missing).fill(0), ...right]
  return [...groups.flatMap((g) => [g >> 8, g & 0xff]), ...tail]
}

function classifyV4(bytes: number[]): AddressKind {
  if (METADATA.has(bytes.join('.'))) return 'metadata'
  return V4_RANGES.find((range) => matches(bytes, range))?.kind ?? 'public'
}

/** The kind of the IPv4 address carried at `from` in an IPv6 address. */
const embedded = (bytes: number[], from: number) => classifyV4(bytes.slice(from, from + 4))

const NAT64 = v6('64:ff9b::', 96, 'public')

function classifyV6(bytes: number[]): AddressKind {
  const zeroUpTo = (n: number) => bytes.slice(0, n).every((b) => b === 0)
  if (zeroUpTo(16)) return 'unspecified'
  if (zeroUpTo(15) && bytes[15] === 1) return 'loopback'
  // IPv4-mapped (::ffff:a.b.c.d): the socket really goes to the IPv4 address.
  if (zeroUpTo(10) && bytes[10] === 0xff && bytes[11] === 0xff) return embedded(bytes, 12)
  // NAT64's well-known prefix (64:ff9b::/96) and 6to4 (2002::/16) reach the IPv4 address they carry.
  if (matches(bytes, NAT64)) return embedded(bytes, 12)
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return embedded(bytes, 2)
  const text = canonicalV6(bytes)
  if (METADATA.has(text)) return 'metadata'
  const special = V6_RANGES.find((range) => matches(bytes, range))?.kind
  if (special) return special
  // Only 2000::/3 is allocated for global unicast; the rest (IPv4-compatible ::a.b.c.d included) is not.
  return (bytes[0] ?? 0) >> 5 === 1 ? 'public' : 'reserved'
}

/** The compressed text of an IPv6 address, to compare with the metadata list. */
function canonicalV6(bytes: number[]): string {
  const groups = Array.from({ length: 8 }, (_, i) =>
    (((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0)).toString(16),
  )
  // The longest run of zero groups (two or more) becomes '::'.
  let best = { start: -1, length: 0 }
  for (let i = 0; i < 8; ) {
    let j = i
    while (j < 8 && groups[j] === '0') j++
    if (j - i > best.length && j - i > 1) best = { start: i, length: j - i }
    i = j === i ? i + 1 : j
  }
  if (best.start < 0) return groups.join(':')
  const head = groups.slice(0, best.start).join(':')
  const tail = groups.slice(best.start + best.length).join(':')
  return `${head}::${tail}`
}

/**
 * The kind of an IP address, IPv4 or IPv6, bracketed or with a zone (`fe80::1%eth0`). IPv6 forms
 * that carry an IPv4 address (mapped, NAT64, 6to4) are judged by that address. Anything that is
 * not an IP address is `reserved`, so a caller that forgot to resolve a name refuses it.
 */
export function classifyAddress(address: string): AddressKind {
  const text = address
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
    .toLowerCase()
  if (isIPv4(text)) return classifyV4(text.split('.').map(Number))
  const bytes = ipv6Bytes(text)
  return bytes ? classifyV6(bytes) : 'reserved'
}

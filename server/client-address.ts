import { BlockList, isIP } from 'node:net'

/** Whether an address is one of a list's addresses or ranges. */
export type AddressMatcher = (address: string) => boolean

/** An address without the IPv4-in-IPv6 wrapping a dual-stack socket reports, so one client has one name. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return mapped?.[1] ?? address
}

/**
 * A matcher of IP addresses and CIDR ranges written as a comma-separated list
 * (`10.0.0.0/8, 192.0.2.7, fd00::/8`); throws on an entry that is neither.
 */
export function addressMatcher(text: string): AddressMatcher {
  const list = new BlockList()
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '')) {
    const [address = '', prefix, ...rest] = entry.split('/')
    const family = isIP(address)
    const bits = family === 4 ? 32 : 128
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (family === 0 || rest.length > 0) throw new Error(`"${entry}" is not an IP address or CIDR range`)
    if (prefix === undefined) list.addAddress(address, type)
    else if (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits) list.addSubnet(address, Number(prefix), type)
    else throw new Error(`"${entry}" is not an IP address or CIDR range`)
  }
  return (address) => {
    const family = isIP(address)
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6')
  }
}

/** One X-Forwarded-For entry as an address: brackets and a port some proxies add are dropped. */
function forwardedAddress(entry: string): string | undefined {
  const text = entry.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(text)
  const address = bracketed?.[1] ?? withPort?.[1] ?? text
  return isIP(address) === 0 ? undefined : plain(address)
}

/**
 * The client's address. X-Forwarded-For is believed only from a trusted peer, and only as far as the
 * hops it lists are trusted too: the client is the right-most entry not trusted, since everything
 * further left was written by whoever sent the request and may be made up.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  isTrusted: AddressMatcher,
): string {
  if (!peer) return 'unknown'
  let client = plain(peer)
  if (!forwardedFor) return client
  const hops = forwardedFor.split(',').reverse()
  for (const hop of hops) {
    if (!isTrusted(client)) return client
    const address = forwardedAddress(hop)
    // A hop that is not an address was not written by a proxy: stop at the last one that was.
    if (address === undefined) return client
    client = address
  }
  return client
}

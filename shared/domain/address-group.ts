/**
 * The group of client addresses that rate limits count together: an IPv4 address alone, an IPv6
 * address by its /64 network. Providers give a single customer a whole /64, so counting each IPv6
 * address apart would let one client change address at every attempt.
 */
export function addressGroup(address: string): string {
  if (!address.includes(':')) return address
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::') as [string, string?]
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  // An embedded IPv4 tail (::ffff:1.2.3.4) takes two groups; it never reaches the first four.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0)
  const missing = tail === undefined ? 0 : 8 - width(left) - width(right)
  const groups = [...left, ...Array.from({ length: Math.max(0, missing) }, () => '0'), ...right]
  if (groups.length < 4 || groups.slice(0, 4).some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return address
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

import { webAddressFault } from '../../domain/web-address.ts'
import type { OutboundCheck } from '../../ports/outbound.ts'

/** IPv4 blocks no public host lives in, as [first octet, second octet range] pairs; enough for tests. */
const REFUSED_V4: [number, [number, number]][] = [
  [0, [0, 255]],
  [10, [0, 255]],
  [100, [64, 127]],
  [127, [0, 255]],
  [169, [254, 254]],
  [172, [16, 31]],
  [192, [168, 168]],
]

/** Why a host name written in a URL is refused, judged from the name alone (no DNS in tests). */
function hostRefusal(host: string): string | undefined {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase()
  if (name === 'localhost' || name.endsWith('.localhost')) return 'a loopback address'
  const octets = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(name)
  if (octets) {
    const [first, second] = [Number(octets[1]), Number(octets[2])]
    const refused = REFUSED_V4.some(([a, [low, high]]) => first === a && second >= low && second <= high)
    return refused ? 'a private network address' : undefined
  }
  if (name === '::1' || name === '::' || /^f[cd]|^fe[89ab]/.test(name)) return 'a private network address'
  return undefined
}

/**
 * The outbound rules for service tests: the same address faults as the real check, and a host
 * written as a loopback, private, link-local or shared address is refused. Names are not resolved,
 * so any other host name is allowed.
 */
export function memoryOutbound(): OutboundCheck {
  return {
    refusal: async (url) => {
      const fault = webAddressFault(url)
      if (fault) return `the address is refused (${fault})`
      return hostRefusal(new URL(url).hostname)
    },
  }
}

import type { OutboundCheck } from '../../ports/outbound.ts'
import { AddressNotAllowedError, type OutboundGuard } from './outbound-guard.ts'

/** The OutboundCheck port over the process's outbound guard: the URL's host is resolved and every address checked. */
export function outboundCheck(guard: OutboundGuard): OutboundCheck {
  return {
    refusal: async (url) => {
      let parsed: URL
      try {
        parsed = new URL(url)
      } catch {
        return 'the address is not a URL'
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
        return 'the address must be http or https'
      if (parsed.username || parsed.password) return 'the address must not hold credentials'
      try {
        await guard.resolve(parsed.hostname)
        return undefined
      } catch (error) {
        if (error instanceof AddressNotAllowedError)
          return error.message.replace("the remote's", "the host's")
        return 'the host name does not resolve'
      }
    },
  }
}

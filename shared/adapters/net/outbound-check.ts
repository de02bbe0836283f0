import { type WebAddressFault, webAddressFault } from '../../domain/web-address.ts'
import type { OutboundCheck } from '../../ports/outbound.ts'
import { AddressNotAllowedError, type OutboundGuard } from './outbound-guard.ts'

const FAULTS: Record<WebAddressFault, string> = {
  not_url: 'the address is not a URL',
  not_http: 'the address must be http or https',
  credentials: 'the address must not hold credentials',
}

/** The OutboundCheck port over the process's outbound guard: the URL's host is resolved and every address checked. */
export function outboundCheck(guard: OutboundGuard): OutboundCheck {
  return {
    refusal: async (url) => {
      const fault = webAddressFault(url)
      if (fault) return FAULTS[fault]
      try {
        await guard.resolve(new URL(url).hostname)
        return undefined
      } catch (error) {
        if (error instanceof AddressNotAllowedError)
          return error.message.replace("the remote's", "the host's")
        return 'the host name does not resolve'
      }
    },
  }
}

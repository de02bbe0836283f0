/** What makes an address unusable for a call the server makes to the web. */
export type WebAddressFault = 'not_url' | 'not_http' | 'credentials'

/**
 * Why an address cannot be called by the server (a webhook, a routine's output), or undefined when
 * it can: an http(s) URL with a host, and no user or password, which would be stored and listed in
 * clear (a receiver checks the delivery's signature instead).
 */
export function webAddressFault(value: string): WebAddressFault | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'not_url'
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') return 'not_http'
  if (url.username || url.password) return 'credentials'
  return undefined
}

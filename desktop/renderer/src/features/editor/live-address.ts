/** Where the desktop's window joins instead (`ws://127.0.0.1:<port>`), and the ticket that lets it, once. */
export type LiveTicket = { url: string; ticket: string }

/** Waits before the next attempt: 200 ms, doubling, at most 5 s. */
export function backoffMs(attempt: number): number {
  return Math.min(200 * 2 ** attempt, 5_000)
}

/**
 * The session's address on the page's own origin (`ws:` or `wss:` as the page is `http:` or
 * `https:`); undefined on any other scheme (the desktop's own pages), where no WebSocket opens: a
 * session is joined there with a ticket, on the address it names.
 */
export function liveUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  page: { org: string; space: string; path: string },
): string | undefined {
  const scheme = location.protocol === 'https:' ? 'wss:' : location.protocol === 'http:' ? 'ws:' : undefined
  if (!scheme) return undefined
  return `${scheme}//${location.host}${collabPath(page)}`
}

/** The session's address where a ticket says, the ticket in its query. */
export function ticketUrl(ticket: LiveTicket, page: { org: string; space: string; path: string }): string {
  return `${ticket.url}${collabPath(page)}?ticket=${encodeURIComponent(ticket.ticket)}`
}

/** `/api/v1/collab/{org}/{space}/{path}`, each segment encoded. */
function collabPath(page: { org: string; space: string; path: string }): string {
  const segments = [page.org, page.space, ...page.path.split('/')].map(encodeURIComponent)
  return `/api/v1/collab/${segments.join('/')}`
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { SESSION_COOKIE } from '#shared/api/middleware/authenticate.ts'
import type { Clock } from '#shared/ports/clock.ts'

/** How long a ticket may wait for its WebSocket: the window asks for one just before it connects. */
export const LIVE_TICKET_MS = 30_000

/** A window's credential, as its request carried it: the bearer token, or else the session cookie. */
export type WindowCredential = { bearer?: string; cookie: string }

/** The credential a request to the engine carries. */
export function credentialOf(c: Context): WindowCredential {
  const bearer = /^Bearer[ ]+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1]
  return { bearer, cookie: getCookie(c, SESSION_COOKIE) ?? '' }
}

/**
 * Tickets that let the window open a WebSocket on the loopback listener: its own scheme cannot carry
 * one, and a WebSocket from it cannot carry its credential either. A ticket stands for the credential
 * of the request that asked for it, once, for LIVE_TICKET_MS; tickets live in memory only.
 */
export type LiveTickets = {
  /** A new ticket for this credential. */
  issue(credential: WindowCredential): string
  /** The credential a ticket stands for, if it is one still valid; it is spent either way. */
  redeem(ticket: string): WindowCredential | undefined
}

type Issued = { digest: Buffer; credential: WindowCredential; expiresAt: number }

const digestOf = (ticket: string) => createHash('sha256').update(ticket).digest()

/** The engine's live tickets, on its clock. */
export function liveTickets(clock: Clock, lifetimeMs = LIVE_TICKET_MS): LiveTickets {
  let issued: Issued[] = []
  const dropExpired = () => {
    const now = clock.now()
    issued = issued.filter((entry) => entry.expiresAt > now)
  }
  return {
    issue(credential) {
      dropExpired()
      const ticket = randomBytes(32).toString('base64url')
      issued.push({ digest: digestOf(ticket), credential, expiresAt: clock.now() + lifetimeMs })
      return ticket
    },
    redeem(ticket) {
      dropExpired()
      // Every ticket is compared, each in constant time: how long it takes says nothing of the ticket.
      const offered = digestOf(ticket)
      let found: Issued | undefined
      for (const entry of issued) if (timingSafeEqual(entry.digest, offered)) found = entry
      if (!found) return undefined
      issued = issued.filter((entry) => entry !== found)
      return found.credential
    },
  }
}

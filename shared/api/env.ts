import type { Hono, MiddlewareHandler } from 'hono'
import type { Locale } from '../errors/catalog.ts'
import type { Logger } from '../ports/logger.ts'
import type { Actor, Channel } from '../services/access/actor.ts'
import type { LiveSessions } from '../services/collab/live-sessions.ts'

/** The API logs through the hosts' Logger port. */
export type { Logger }

/** What the API's middleware puts on each request's context. */
export type AppEnv = {
  Variables: {
    /** The authenticated caller, when credentials were sent. */
    actor: Actor | undefined
    /** The language of messages: English unless Accept-Language prefers French. */
    locale: Locale
  }
}

/** How the API is set up by its host. */
export type ApiOptions = {
  /** The public base address (for same-origin checks and Secure cookies). */
  baseUrl?: string
  /**
   * The address links in mails and redirects start with (`<base>/invite/<token>`): SERVICE_BASE_URL
   * when set, else the address the server listens on. Never taken from a request's Host header.
   */
  publicUrl?: () => string
  /**
   * Without a base address, the origins the server answers on, from its own configuration: a
   * request's Host header is never trusted for same-origin checks (a rebound name would pass).
   */
  ownOrigins?: () => readonly string[]
  /** Whether `/api/v1/openapi.json` and `/api/docs` are published. */
  apiDocs?: boolean
  /** The client's network address (for sign-in limits). */
  clientIp?: (request: Request, env: unknown) => string
  logger?: Logger
  /** Serves the web app's pages and files outside `/api` (GET and HEAD). */
  webApp?: MiddlewareHandler
  /** The host's routes outside `/api/v1` (MCP, OAuth), served before the web app. */
  routes?: Hono<AppEnv>
  /**
   * The interface every credential of this host calls through: the desktop's engine answers its one
   * person's window as `desktop` (commits say `Source: desktop`, `Via: Desktop`).
   */
  channel?: Channel
  /** Largest accepted request body, in bytes. */
  maxBodyBytes?: number
  /** Live editing's sessions, served at `/api/v1/collab/...` when the host listens for WebSockets. */
  collab?: LiveSessions
}

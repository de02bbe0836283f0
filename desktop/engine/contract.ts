import type { Logger } from '#shared/ports/logger.ts'

/** What the desktop engine needs to start on a person's data folder. */
export type EngineOptions = {
  dataDir: string // the person's data folder
  secretKey: string // key that seals credentials at rest (base64 of 32 bytes)
  port?: number // loopback port of the local MCP/API listener; 0 = random
  logger?: Logger // #shared/ports/logger.ts
}

/** A running desktop engine. */
export type Engine = {
  /** Answers a request as the person (the window's requests): the API under /api/v1, the web app, MCP. */
  fetch(request: Request): Promise<Response>
  /** The loopback listener (API, app and MCP with the engine token) and its token. */
  url: string
  token: string
  close(): Promise<void>
}

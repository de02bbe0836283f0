import { createLogger } from './logger.ts'
import { ensureWebApp } from './web-build.ts'

/**
 * `npm run build:web`: builds the web app into `out/renderer` ahead of time, as a container image
 * does at build, so the server can start with `SERVICE_WEB_BUILD=false` and no build tools.
 */
await ensureWebApp(createLogger(process.env.SERVICE_LOG_LEVEL?.trim() || 'info'))

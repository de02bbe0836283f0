import { ensureWebApp } from '../../server/web-build.ts'

/** Vitest's global setup: the browser tests need the current web app built once, before any server starts. */
export default async function setup(): Promise<void> {
  const log = (obj: object, msg?: string) => console.log(msg ?? '', JSON.stringify(obj))
  await ensureWebApp({ info: log, warn: log, error: log })
}

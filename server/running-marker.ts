import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

/** The file naming the server running on a data folder (SQLite installations). */
export const RUNNING_FILE = 'server.pid'

/** How often a running server renews its mark, and how old a mark may be and still count. */
const RENEW_MS = 10_000
const FRESH_MS = 3 * RENEW_MS

/**
 * Marks the data folder as served by this process, for the commands that must not run beside it
 * (`npm run migrate` copies the database: writes taken after the copy would be lost). The mark names
 * the process and its machine, and is renewed while the server runs, so that a command in another
 * container, which cannot see the process, still knows a server is alive. Answers the function that
 * takes the mark away as the server stops.
 */
export function markRunning(dataDir: string): () => void {
  const file = join(dataDir, RUNNING_FILE)
  const mark = `${process.pid} ${hostname()}\n`
  writeFileSync(file, mark, { mode: 0o600 })
  const renewer = setInterval(() => {
    try {
      const now = new Date()
      utimesSync(file, now, now)
    } catch {
      // Removed meanwhile: written again.
      writeFileSync(file, mark, { mode: 0o600 })
    }
  }, RENEW_MS)
  renewer.unref()
  return () => {
    clearInterval(renewer)
    // Only our own mark: another server started on the folder since wrote its own.
    if (readMark(file)?.pid === process.pid) rmSync(file, { force: true })
  }
}

/**
 * The server serving the data folder, when its mark says one is alive: renewed lately, and, when
 * it is on this machine, its process still there (a server killed without its goodbye leaves a mark
 * that is soon stale).
 */
export function runningServer(dataDir: string, now = Date.now()): { pid: number; host: string } | undefined {
  const file = join(dataDir, RUNNING_FILE)
  const mark = readMark(file)
  if (!mark || (mark.pid === process.pid && mark.host === hostname())) return undefined
  let renewedAt: number
  try {
    renewedAt = statSync(file).mtimeMs
  } catch {
    return undefined
  }
  if (now - renewedAt > FRESH_MS) return undefined
  if (mark.host !== hostname()) return mark
  try {
    process.kill(mark.pid, 0)
    return mark
  } catch (error) {
    // EPERM: alive, another user's; ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? mark : undefined
  }
}

function readMark(file: string): { pid: number; host: string } | undefined {
  try {
    const [pidText = '', host = ''] = readFileSync(file, 'utf8').trim().split(' ')
    const pid = Number.parseInt(pidText, 10)
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, host } : undefined
  } catch {
    return undefined
  }
}

import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

/** The file naming the server running on a data folder (SQLite installations). */
export const RUNNING_FILE = 'server.pid'
const PROBE_FILE = '.server.pid.probe'

/** How often a running server renews its mark, and how old a mark may be and still count. */
const RENEW_MS = 10_000
const FRESH_MS = 3 * RENEW_MS

/**
 * Marks the data folder as served by this process, for the commands that must not run beside it
 * (`npm run migrate` copies the database: writes taken after the copy would be lost). The mark names
 * the process and its machine and is renewed while the server runs, so that a command in another
 * container, which cannot see the process, still knows a server is alive. Answers the function that
 * takes the mark away as the server stops.
 */
export function markRunning(dataDir: string): () => void {
  const file = join(dataDir, RUNNING_FILE)
  const mark = `${process.pid} ${hostname()}\n`
  const write = () => writeFileSync(file, mark, { mode: 0o600 })
  write()
  const renewer = setInterval(() => {
    try {
      const now = new Date()
      utimesSync(file, now, now)
    } catch {
      // Removed meanwhile: written again; a folder gone or read-only is the server's own trouble to
      // report, never a reason for the mark to end the process.
      try {
        write()
      } catch {}
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
 * The server serving the data folder, when its mark says one may be alive: renewed within the last
 * 30 seconds (whatever machine or container it names: a process id means nothing across them), or,
 * for the mark of a version that did not renew it, its process still there.
 */
export function runningServer(dataDir: string): { pid: number; host: string } | undefined {
  const file = join(dataDir, RUNNING_FILE)
  const mark = readMark(file)
  if (!mark) return undefined
  if (mark.pid === process.pid && mark.host === hostname()) return undefined
  if (mark.host === '') return isAlive(mark.pid) ? mark : undefined
  let renewedAt: number
  try {
    renewedAt = statSync(file).mtimeMs
  } catch {
    return undefined
  }
  return nowInFolder(dataDir) - renewedAt <= FRESH_MS ? mark : undefined
}

/** The time of the folder's file system (a file written now), not this machine's clock: they may differ. */
function nowInFolder(dataDir: string): number {
  const probe = join(dataDir, PROBE_FILE)
  try {
    writeFileSync(probe, '')
    return statSync(probe).mtimeMs
  } catch {
    return Date.now()
  } finally {
    rmSync(probe, { force: true })
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: alive, another user's; ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
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

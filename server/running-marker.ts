import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The file naming the process of the server running on a data folder (SQLite installations). */
export const RUNNING_FILE = 'server.pid'

/**
 * Marks the data folder as served by this process, for the commands that must not run beside it
 * (`npm run migrate` copies the database: writes taken after the copy would be lost). Answers the
 * function that takes the mark away as the server stops.
 */
export function markRunning(dataDir: string): () => void {
  const file = join(dataDir, RUNNING_FILE)
  writeFileSync(file, `${process.pid}\n`, { mode: 0o600 })
  return () => {
    // Only our own mark: another server started on the folder since wrote its own.
    if (runningPidIn(file) === process.pid) rmSync(file, { force: true })
  }
}

/** The process serving the data folder, when its mark names one that is alive. */
export function runningServer(dataDir: string): number | undefined {
  const pid = runningPidIn(join(dataDir, RUNNING_FILE))
  if (pid === undefined || pid === process.pid) return undefined
  try {
    process.kill(pid, 0)
    return pid
  } catch (error) {
    // EPERM: alive, another user's; ESRCH: gone (a server killed without its goodbye).
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined
  }
}

function runningPidIn(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

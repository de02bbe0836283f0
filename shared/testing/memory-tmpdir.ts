import { statfsSync } from 'node:fs'

/** Room a folder in memory must have left for the test run's files to go there. */
const MEMORY_ROOM = 4 * 1024 ** 3

/**
 * Points the temporary folder of a test run (and of every worker and server it starts) at memory
 * (`/dev/shm`) when it has room and no folder was chosen: the tests' databases and repositories are
 * real files all the same, and survive a killed process as on a disk, but neither waits on a disk
 * shared with other work (a container image built beside the tests made every fsync wait on its
 * writes). Returns the folder chosen.
 */
export function preferMemoryTmpdir(): string | undefined {
  if (process.env.TMPDIR) return process.env.TMPDIR
  try {
    const room = statfsSync('/dev/shm')
    if (room.bavail * room.bsize >= MEMORY_ROOM) process.env.TMPDIR = '/dev/shm'
  } catch {
    // No /dev/shm (not Linux): the system's temporary folder.
  }
  return process.env.TMPDIR
}

import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { markRunning, RUNNING_FILE, runningServer } from './running-marker.ts'

let dir = ''
afterEach(() => {
  vi.useRealTimers()
  rmSync(dir, { recursive: true, force: true })
})
const folder = () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-running-'))
  return dir
}
const age = (file: string, ms: number) => {
  const then = new Date(Date.now() - ms)
  utimesSync(file, then, then)
}

describe('whether a server runs on a data folder, as npm run migrate asks', () => {
  it('believes a mark renewed lately, from this machine or another (a container), not one left stale', () => {
    const file = join(folder(), RUNNING_FILE)
    for (const host of ['another-container', hostname()]) {
      // A process id no process here has (the largest Linux allows, plus one): it means nothing here.
      writeFileSync(file, `4194305 ${host}\n`)
      expect(runningServer(dir)).toEqual({ pid: 4194305, host })
      age(file, 60_000)
      expect(runningServer(dir)).toBeUndefined()
    }
  })

  it('believes the mark of an earlier version, never renewed, while its process is alive', () => {
    const file = join(folder(), RUNNING_FILE)
    writeFileSync(file, `${process.ppid}\n`)
    age(file, 60_000)
    expect(runningServer(dir)).toEqual({ pid: process.ppid, host: '' })
    writeFileSync(file, '4194305\n')
    expect(runningServer(dir)).toBeUndefined()
  })

  it('is renewed while the server runs, and its renewal never ends the process when the folder is gone', () => {
    vi.useFakeTimers()
    const data = join(folder(), 'data')
    mkdirSync(data)
    const unmark = markRunning(data)
    age(join(data, RUNNING_FILE), 60_000)
    vi.advanceTimersByTime(10_000)
    expect(Date.now() - statSync(join(data, RUNNING_FILE)).mtimeMs).toBeLessThan(5_000)
    rmSync(data, { recursive: true, force: true })
    expect(() => vi.advanceTimersByTime(10_000)).not.toThrow()
    unmark()
  })
})

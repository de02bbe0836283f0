import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { RUNNING_FILE, runningServer } from './running-marker.ts'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('whether a server runs on a data folder, as npm run migrate asks', () => {
  it('believes a mark renewed lately from another machine (a container), not one left stale', () => {
    dir = mkdtempSync(join(tmpdir(), 'quire-running-'))
    const file = join(dir, RUNNING_FILE)
    writeFileSync(file, '1 another-container\n')
    expect(runningServer(dir)).toEqual({ pid: 1, host: 'another-container' })
    const old = new Date(Date.now() - 60_000)
    utimesSync(file, old, old)
    expect(runningServer(dir)).toBeUndefined()
  })

  it('takes a mark of this machine for a process that is gone as no server', () => {
    dir = mkdtempSync(join(tmpdir(), 'quire-running-'))
    expect(runningServer(dir)).toBeUndefined()
    // A process id no process has (the largest Linux allows, plus one).
    writeFileSync(join(dir, RUNNING_FILE), `4194305 ${hostname()}\n`)
    expect(runningServer(dir)).toBeUndefined()
  })
})

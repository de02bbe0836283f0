import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { StartRefused } from '#shared/errors/start-refused.ts'
import { LOCK_FILE, lockDataFolder } from './data-folder-lock.ts'
import { RUNNING_FILE } from './running-marker.ts'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('refuses a second server on the folder, naming the first, until the first lets go', () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-lock-'))
  const unlock = lockDataFolder(dir)
  writeFileSync(join(dir, RUNNING_FILE), `4242 ${hostname()}\n`)
  expect(() => lockDataFolder(dir)).toThrow(StartRefused)
  expect(() => lockDataFolder(dir)).toThrow(
    `another server (process 4242 on ${hostname()}) is running on the data folder ${dir}`,
  )
  unlock()
  lockDataFolder(dir)()
})

it('is free again as soon as the server holding it is killed, without waiting', async () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-lock-'))
  // Another process takes the lock as the server does, says so, and is then killed outright.
  const holder = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require('better-sqlite3'))(${JSON.stringify(join(dir, LOCK_FILE))});
       db.pragma('locking_mode = EXCLUSIVE');
       db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (at INTEGER); COMMIT');
       console.log('held'); setInterval(() => {}, 1000)`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()))
  expect(() => lockDataFolder(dir)).toThrow(StartRefused)
  const ended = new Promise((resolve) => holder.once('exit', resolve))
  holder.kill('SIGKILL')
  await ended
  lockDataFolder(dir)()
})

it('says in one line when the lock cannot be made in the folder', () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-lock-'))
  // A folder where the lock file goes: SQLite cannot open it, as in a folder it may not write.
  mkdirSync(join(dir, LOCK_FILE))
  expect(() => lockDataFolder(dir)).toThrow(StartRefused)
  expect(() => lockDataFolder(dir)).toThrow(
    `no right to write the data folder ${dir} (${LOCK_FILE}: SQLITE_CANTOPEN`,
  )
})

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { StartRefused } from '#shared/errors/start-refused.ts'
import { MOVED_FILE, markMoved, refuseIfMoved } from './moved-marker.ts'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('keeps where the database went without any password, and refuses a server on the folder', () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-moved-'))
  refuseIfMoved(dir, 'the server')
  markMoved(
    dir,
    'postgres://quire:first-secret@db.internal:5432/quire?password=second-secret&sslmode=require',
    new Date('2026-11-30T10:00:00Z'),
  )
  const kept = readFileSync(join(dir, MOVED_FILE), 'utf8')
  expect(kept).toBe('2026-11-30T10:00:00.000Z postgres://quire@db.internal:5432/quire\n')
  expect(() => refuseIfMoved(dir, 'the server')).toThrow(StartRefused)
  expect(() => refuseIfMoved(dir, 'the server')).toThrow(
    `the server would run on the SQLite database of ${dir}, moved to postgres://quire@db.internal:5432/quire on 2026-11-30`,
  )
})

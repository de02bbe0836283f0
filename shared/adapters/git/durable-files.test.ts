import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { replaceFile, writeFlushed } from './durable-files.ts'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('a write that fails half-way (a full disk)', () => {
  it('leaves no file cut short behind, new or temporary', async () => {
    dir = mkdtempSync(join(tmpdir(), 'quire-durable-'))
    // Data the write cannot take fails after the file was made, as a full disk does.
    const unwritable = Symbol('no bytes') as unknown as string
    await expect(writeFlushed(join(dir, 'object'), unwritable)).rejects.toThrow()
    await expect(replaceFile(join(dir, 'HEAD'), unwritable)).rejects.toThrow()
    expect(readdirSync(dir)).toEqual([])
  })
})

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FILE_MAX_BYTES } from '../../domain/limits.ts'
import type { Deps } from '../../ports/deps.ts'
import { seedWorld, type World } from '../../testing/builders/seed-world.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import type { Actor } from '../access/actor.ts'
import { fileHistory, readRaw } from './content-files.ts'
import { type WriteFileInput, writeFile } from './write-file.ts'

/** A secret the fake detector finds, the shape of an AWS access key id. */
const AWS_KEY = 'AKIAIOSFODNN7EXAMPLE'
const ref = { org: 'acme', space: 'wiki' }

let deps: Deps
let world: World
let bob: Actor

beforeEach(async () => {
  deps = memoryDeps()
  world = await seedWorld(deps, {
    spaces: { wiki: { members: { bob: 'contributor', rita: 'reader' }, pages: { 'guide.md': '# Guide\n' } } },
    outsiders: ['eve'],
  })
  bob = await world.actor('bob')
})

afterEach(async () => {
  // Indexing follows each write in the background: let it end before the next test's world.
  await deps.indexQueue.idle()
})

const write = (path: string, input: WriteFileInput, actor = bob) => writeFile(deps, actor, ref, path, input)
const text = async (path: string) => new TextDecoder().decode((await readRaw(deps, bob, ref, path)).bytes)
const shaOf = async (path: string) => (await readRaw(deps, bob, ref, path)).sha

describe('writeFile', () => {
  it('creates a file in one commit in the caller’s name, answering its path and blob id', async () => {
    const done = await write('notes/today.md', { content: 'Hello', message: 'Start the day' })
    expect(done.result).toEqual({ path: 'notes/today.md', sha: await shaOf('notes/today.md'), created: true })
    expect(done.commit).toEqual(expect.any(String))
    expect(done.pushed).toBe(false)
    expect(await text('notes/today.md')).toBe('Hello')
    const [commit] = await fileHistory(deps, bob, ref, 'notes/today.md', 5)
    expect(commit).toMatchObject({ sha: done.commit, subject: 'Start the day', author: { name: 'Bob' } })
    expect(commit?.message).toContain('Via: ')
  })

  it('names the commit after the change when no message is given', async () => {
    const created = await write('a.md', { content: 'one' })
    await write('a.md', { content: 'two', baseSha: created.result.sha })
    const subjects = (await fileHistory(deps, bob, ref, 'a.md', 5)).map((c) => c.subject)
    expect(subjects).toEqual(['Update a.md', 'Create a.md'])
  })

  it('takes base64 content, and refuses both or neither, or what is not base64', async () => {
    await write('bytes.bin', { contentBase64: 'AAEC' })
    expect([...(await readRaw(deps, bob, ref, 'bytes.bin')).bytes]).toEqual([0, 1, 2])
    await expect(write('x.md', {})).rejects.toMatchObject({ reason: 'content_missing', code: 'invalid' })
    await expect(write('x.md', { content: 'a', contentBase64: 'YQ==' })).rejects.toMatchObject({
      reason: 'content_twice',
      code: 'invalid',
    })
    await expect(write('x.md', { contentBase64: 'not base64!' })).rejects.toMatchObject({
      reason: 'base64_invalid',
    })
  })

  it('refuses a file over the size limit', async () => {
    await expect(write('big.txt', { content: 'x'.repeat(FILE_MAX_BYTES + 1) })).rejects.toMatchObject({
      code: 'too_large',
      params: { limit: FILE_MAX_BYTES },
    })
  })
})

describe('writeFile: replacing a file', () => {
  it('needs the base_sha read before, and refuses it once the file changed', async () => {
    const before = await shaOf('guide.md')
    await expect(write('guide.md', { content: 'mine' })).rejects.toMatchObject({
      reason: 'base_sha_required',
      code: 'conflict',
    })
    const replaced = await write('guide.md', { content: '# Guide\nMore\n', baseSha: before })
    expect(replaced.result).toMatchObject({ path: 'guide.md', created: false })
    await expect(write('guide.md', { content: 'late edit', baseSha: before })).rejects.toMatchObject({
      reason: 'file_changed',
    })
    expect(await text('guide.md')).toBe('# Guide\nMore\n')
  })

  it('treats an empty base_sha as "create only", and a base_sha for a missing file as changed', async () => {
    await expect(write('guide.md', { content: 'x', baseSha: '' })).rejects.toMatchObject({
      reason: 'file_exists',
      params: { value: 'guide.md' },
    })
    await expect(write('gone.md', { content: 'x', baseSha: 'a'.repeat(40) })).rejects.toMatchObject({
      reason: 'file_changed',
    })
    await expect(write('fresh.md', { content: 'x', baseSha: '' })).resolves.toMatchObject({
      result: { created: true },
    })
  })

  it('replaces knowingly with force', async () => {
    await write('guide.md', { content: 'forced', force: true })
    expect(await text('guide.md')).toBe('forced')
  })
})

describe('writeFile: paths', () => {
  it('keeps the path relative to content/, in composed Unicode', async () => {
    const done = await write('Cafe\u0301/menu.md', { content: 'x' })
    expect(done.result.path).toBe('Caf\u00e9/menu.md')
    expect((await readRaw(deps, bob, ref, 'Caf\u00e9/menu.md')).path).toBe('content/Caf\u00e9/menu.md')
  })

  it('refuses a path that leaves content/ or that Git could not hold', async () => {
    for (const path of ['../escape.md', '/abs.md', 'a//b.md', 'a/./b.md', '.git/config', 'a\\b.md', ''])
      await expect(write(path, { content: 'x' }), path).rejects.toMatchObject({ reason: 'path_invalid' })
  })

  it('refuses a name that could disguise itself', async () => {
    await expect(write('pay\u202Egpj.md', { content: 'x' })).rejects.toMatchObject({
      reason: 'name_disguised',
    })
  })

  it('refuses a file where a folder is, and a file under a file', async () => {
    await write('team/people.md', { content: 'x' })
    await expect(write('team', { content: 'x' })).rejects.toMatchObject({ reason: 'path_is_folder' })
    await expect(write('guide.md/inner.md', { content: 'x' })).rejects.toMatchObject({
      reason: 'path_under_file',
    })
  })
})

describe('writeFile: secrets', () => {
  it('refuses a secret in the added lines unless allowed, naming the line', async () => {
    await expect(write('keys.md', { content: `# Keys\n\naws ${AWS_KEY}\n` })).rejects.toMatchObject({
      reason: 'secret_detected',
      code: 'secret_detected',
      params: { line: 3 },
    })
    await expect(readRaw(deps, bob, ref, 'keys.md')).rejects.toMatchObject({ code: 'not_found' })
    await write('keys.md', { content: `# Keys\n\naws ${AWS_KEY}\n`, allowSecrets: true })
    expect(await text('keys.md')).toContain(AWS_KEY)
  })

  it('lets a page that already holds a secret be edited elsewhere', async () => {
    const held = await write('keys.md', { content: `aws ${AWS_KEY}\n`, allowSecrets: true })
    const edited = await write('keys.md', {
      content: `aws ${AWS_KEY}\nrotate monthly\n`,
      baseSha: held.result.sha,
    })
    expect(edited.result.created).toBe(false)
  })

  it('refuses a secret in the message or in a new path, which history would keep', async () => {
    await expect(write('a.md', { content: 'x', message: `use ${AWS_KEY}` })).rejects.toMatchObject({
      reason: 'secret_detected',
      params: { field: 'message' },
    })
    await expect(write(`${AWS_KEY}.md`, { content: 'x' })).rejects.toMatchObject({ reason: 'secret_in_path' })
  })
})

describe('writeFile: who may write', () => {
  it('refuses a reader, and hides the space from an outsider', async () => {
    await expect(write('a.md', { content: 'x' }, await world.actor('rita'))).rejects.toMatchObject({
      code: 'forbidden',
    })
    await expect(write('a.md', { content: 'x' }, await world.actor('eve'))).rejects.toMatchObject({
      code: 'not_found',
    })
  })
})

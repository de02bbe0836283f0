import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeNote } from '../../domain/inbox-note.ts'
import type { Deps } from '../../ports/deps.ts'
import { seedWorld, type World } from '../../testing/builders/seed-world.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import type { Actor } from '../access/actor.ts'
import { dropNote } from './drop-note.ts'
import { getInboxItem, listInbox } from './inbox.ts'
import { notePath } from './inbox-access.ts'
import { correctNote, deleteNote, moveNote, readAttachment } from './note-changes.ts'

/** A secret the fake detector finds, the shape of an AWS access key id. */
const AWS_KEY = 'AKIAIOSFODNN7EXAMPLE'
const wiki = { org: 'acme', space: 'wiki' }
const ops = { org: 'acme', space: 'ops' }

let deps: Deps
let world: World
let bob: Actor

beforeEach(async () => {
  deps = memoryDeps()
  world = await seedWorld(deps, {
    spaces: {
      wiki: { members: { bob: 'contributor' } },
      ops: { members: { bob: 'contributor' } },
      archive: { members: { bob: 'reader' } },
    },
  })
  bob = await world.actor('bob')
})

afterEach(async () => {
  await deps.indexQueue.idle()
})

const notesIn = async (ref = wiki) =>
  (await listInbox(deps, bob, ref, { kind: 'note', limit: 50, offset: 0 })).items.map((i) => i.name)

/** A note as the tidy-up leaves one it could not file: written straight to the space's repository. */
async function leftNote(name: string): Promise<void> {
  const space = world.space('wiki')
  const repo = deps.repos.open(space.id, 'main')
  const meta = {
    title: 'Printer',
    depositedBy: 'bob',
    depositedAt: '2025-03-01T09:00:00.000Z',
    hint: '',
    origin: '',
    source: 'api',
    via: 'API',
    status: 'left' as const,
    reason: 'no page fits',
    candidates: ['it.md'],
  }
  const changes = [
    { path: notePath(name), content: new TextEncoder().encode(writeNote(meta, 'Toner is in B2.')) },
  ]
  await repo.commit({
    parent: await repo.head(),
    changes,
    author: { name: 'Tidy', email: 't@x' },
    message: 'Leave',
  })
}

describe('correctNote', () => {
  it('changes what is given and keeps the rest', async () => {
    const { name } = await dropNote(deps, bob, wiki, { title: 'Wifi', content: 'old text', hint: 'ops' })
    const corrected = await correctNote(deps, bob, wiki, name, { content: 'new text' })
    expect(corrected).toMatchObject({ name, title: 'Wifi', hint: 'ops', status: 'pending' })
    expect((await getInboxItem(deps, bob, wiki, name)).body).toContain('new text')
  })

  it('sends a note the tidy-up left back to be processed', async () => {
    const name = '2025-03-01-printer-abc123'
    await leftNote(name)
    expect((await listInbox(deps, bob, wiki, { kind: 'left', limit: 10, offset: 0 })).total).toBe(1)
    const corrected = await correctNote(deps, bob, wiki, name, { hint: 'it' })
    expect(corrected).toMatchObject({ status: 'pending', reason: '', candidates: [], hint: 'it' })
    expect((await listInbox(deps, bob, wiki, { kind: 'left', limit: 10, offset: 0 })).total).toBe(0)
  })

  it('refuses a secret added, not one the note already held', async () => {
    const { name } = await dropNote(deps, bob, wiki, { content: `key ${AWS_KEY}`, allowSecrets: true })
    await expect(correctNote(deps, bob, wiki, name, { hint: 'keys' })).resolves.toMatchObject({
      hint: 'keys',
    })
    await expect(correctNote(deps, bob, wiki, name, { hint: `also ${AWS_KEY}` })).rejects.toMatchObject({
      code: 'secret_detected',
      params: { field: 'hint', line: 1 },
    })
    await expect(
      correctNote(deps, bob, wiki, name, {
        content: `key ${AWS_KEY}\nand ${AWS_KEY}`,
      }),
    ).rejects.toMatchObject({ code: 'secret_detected', params: { field: 'content', line: 2 } })
  })

  it('answers not_found for an unknown note, and refuses a change item', async () => {
    await expect(correctNote(deps, bob, wiki, 'no-such-note', { hint: 'x' })).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(correctNote(deps, bob, wiki, 'change-abc', { hint: 'x' })).rejects.toMatchObject({
      reason: 'not_a_note',
    })
  })
})

describe('deleteNote', () => {
  it('removes the note with its attachments', async () => {
    const attachments = [{ name: 'a.txt', contentBase64: btoa('data') }]
    const { name } = await dropNote(deps, bob, wiki, { content: 'bye', attachments })
    await deleteNote(deps, bob, wiki, name)
    expect(await notesIn()).toEqual([])
    await expect(readAttachment(deps, bob, wiki, name, 'a.txt')).rejects.toMatchObject({ code: 'not_found' })
    await expect(deleteNote(deps, bob, wiki, name)).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('moveNote', () => {
  it('moves a note with its attachments to another space', async () => {
    const attachments = [{ name: 'a.txt', contentBase64: btoa('data') }]
    const { name } = await dropNote(deps, bob, wiki, { title: 'Runbook', content: 'steps', attachments })
    expect(await moveNote(deps, bob, wiki, name, 'acme/ops')).toEqual({
      space: 'acme/ops',
      path: `.service/inbox/${name}`,
    })
    expect(await notesIn(wiki)).toEqual([])
    expect(await notesIn(ops)).toEqual([name])
    const moved = await readAttachment(deps, bob, ops, name, 'a.txt')
    expect(new TextDecoder().decode(moved.bytes)).toBe('data')
  })

  it('refuses the same space, a space the caller only reads, and one that does not exist', async () => {
    const { name } = await dropNote(deps, bob, wiki, { content: 'stay' })
    await expect(moveNote(deps, bob, wiki, name, 'acme/wiki')).rejects.toMatchObject({ reason: 'same_space' })
    await expect(moveNote(deps, bob, wiki, name, 'acme/archive')).rejects.toMatchObject({ code: 'forbidden' })
    await expect(moveNote(deps, bob, wiki, name, 'acme/nowhere')).rejects.toMatchObject({
      reason: 'unknown_space',
    })
    expect(await notesIn(wiki)).toEqual([name])
  })
})

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NOTE_TEXT_MAX } from '../../domain/limits.ts'
import type { Deps } from '../../ports/deps.ts'
import { seedWorld, type World } from '../../testing/builders/seed-world.ts'
import { memoryDeps } from '../../testing/fakes/memory-deps.ts'
import type { Actor } from '../access/actor.ts'
import { type DropInput, dropNote } from './drop-note.ts'
import { getInboxItem, listInbox } from './inbox.ts'
import { readAttachment } from './note-changes.ts'

/** A secret the fake detector finds, the shape of an AWS access key id. */
const AWS_KEY = 'AKIAIOSFODNN7EXAMPLE'
const ref = { org: 'acme', space: 'wiki' }
const base64 = (text: string) => btoa(text)

let deps: Deps
let world: World
let bob: Actor

beforeEach(async () => {
  deps = memoryDeps()
  world = await seedWorld(deps, { spaces: { wiki: { members: { bob: 'contributor', rita: 'reader' } } } })
  bob = await world.actor('bob')
})

afterEach(async () => {
  await deps.indexQueue.idle()
})

const drop = async (input: DropInput, actor = bob) => dropNote(deps, actor, ref, input)
const notes = async () => (await listInbox(deps, bob, ref, { kind: 'note', limit: 50, offset: 0 })).items

describe('dropNote', () => {
  it('files a pending note in the inbox, by its author, with what came with it', async () => {
    const item = await drop({
      title: ' Wifi password policy ',
      content: 'Rotate it every quarter.',
      hint: 'ops',
      source: 'https://chat.example/42',
      attachments: [{ name: 'policy.txt', contentBase64: base64('quarterly') }],
    })
    expect(item).toMatchObject({
      type: 'note',
      title: 'Wifi password policy',
      depositedBy: 'bob',
      status: 'pending',
      hint: 'ops',
      origin: 'https://chat.example/42',
      attachments: [{ name: 'policy.txt', size: 9 }],
    })
    expect(await notes()).toEqual([
      expect.objectContaining({ name: item.name, title: 'Wifi password policy' }),
    ])
    expect((await getInboxItem(deps, bob, ref, item.name)).body).toContain('Rotate it every quarter.')
    const attachment = await readAttachment(deps, await world.actor('rita'), ref, item.name, 'policy.txt')
    expect(new TextDecoder().decode(attachment.bytes)).toBe('quarterly')
  })

  it('takes the title from the first line when none is given', async () => {
    expect((await drop({ content: '\n# Meeting notes\nWe met.' })).title).toBe('Meeting notes')
    // Front matter is not a first line: its title, else the first line under it.
    expect((await drop({ content: '---\ntitle: Backups\n---\nNightly.' })).title).toBe('Backups')
    expect((await drop({ content: '---\nowner: ada\n---\n\n# Restore drills\n' })).title).toBe(
      'Restore drills',
    )
    expect((await drop({ content: 'just a line' })).title).toBe('just a line')
  })

  it('refuses an empty note and a text over the limit, filing nothing', async () => {
    await expect(drop({ content: '  ' })).rejects.toMatchObject({ reason: 'note_empty', code: 'invalid' })
    await expect(drop({ content: 'x'.repeat(NOTE_TEXT_MAX + 1) })).rejects.toMatchObject({
      reason: 'text_too_long',
    })
    expect(await notes()).toEqual([])
  })

  it('refuses an attachment that is not base64, or named twice', async () => {
    await expect(
      drop({ content: 'x', attachments: [{ name: 'a.txt', contentBase64: '!!' }] }),
    ).rejects.toMatchObject({ reason: 'attachment_invalid' })
    const twice = [
      { name: 'a.txt', contentBase64: base64('1') },
      { name: 'a.txt', contentBase64: base64('2') },
    ]
    await expect(drop({ content: 'x', attachments: twice })).rejects.toMatchObject({
      reason: 'attachment_invalid',
    })
  })

  it('refuses a secret in the note or in a text attachment, unless allowed', async () => {
    // Where it is: the field, and the line in it (the content's first line is line 1, title or not).
    await expect(drop({ content: `key ${AWS_KEY}` })).rejects.toMatchObject({
      code: 'secret_detected',
      params: { field: 'content', line: 1 },
    })
    await expect(drop({ title: 'Keys', content: `first\nsecond\nkey ${AWS_KEY}` })).rejects.toMatchObject({
      code: 'secret_detected',
      params: { field: 'content', line: 3 },
    })
    await expect(drop({ title: `key ${AWS_KEY}`, content: 'x' })).rejects.toMatchObject({
      code: 'secret_detected',
      reason: 'secret_in_note_field',
      params: { field: 'title', line: 1 },
    })
    await expect(drop({ title: 'Keys', source: `from ${AWS_KEY}`, content: 'x' })).rejects.toMatchObject({
      params: { field: 'source', line: 1 },
    })
    await expect(
      drop({
        content: 'see file',
        attachments: [{ name: 'env.txt', contentBase64: base64(`AWS=${AWS_KEY}`) }],
      }),
    ).rejects.toMatchObject({ code: 'secret_detected' })
    expect(await notes()).toEqual([])
    await drop({ content: `key ${AWS_KEY}`, allowSecrets: true })
    expect(await notes()).toHaveLength(1)
  })

  it('is for contributors: a reader is refused', async () => {
    await expect(drop({ content: 'x' }, await world.actor('rita'))).rejects.toMatchObject({
      code: 'forbidden',
    })
  })
})

import * as encoding from 'lib0/encoding'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import { LIVE_TEXT, MESSAGE_SYNC } from '../domain/collab-wire.ts'
import type { TestApp } from './test-app.ts'

/** The file of the page the live-session tests write in. */
export const LIVE_PAGE_FILE = '/organizations/acme/spaces/docs/files/setup.md'

/** What an editor sends as the person types `words` (into a document of its own: placed by Yjs). */
export function typing(words: string): Uint8Array {
  const doc = new Y.Doc()
  doc.getText(LIVE_TEXT).insert(0, words)
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  syncProtocol.writeUpdate(encoder, Y.encodeStateAsUpdate(doc))
  return encoding.toUint8Array(encoder)
}

/**
 * An organization `acme` with a space `docs` holding `setup.md` (`# Setup`), and `ada`, a contributor
 * there: answers her token.
 */
export async function seedLivePage(t: TestApp): Promise<string> {
  const root = await t.user('root', { superadmin: true })
  const token = await t.user('ada')
  await t.call('POST', '/organizations', { token: root, body: { slug: 'acme', name: 'Acme', join: true } })
  await t.call('POST', '/organizations/acme/spaces', { token: root, body: { slug: 'docs', name: 'Docs' } })
  await t.call('PUT', '/organizations/acme/spaces/docs/members/ada', {
    token: root,
    body: { role: 'contributor' },
  })
  const page = await t.call('PUT', LIVE_PAGE_FILE, { token: root, body: { content: '# Setup\n' } })
  if (page.status !== 201) throw new Error(`the page could not be written: ${page.status}`)
  return token
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedWorld } from '../testing/builders/seed-world.ts'
import { docxFile, pdfFile } from '../testing/fixtures/documents.ts'
import { json, onPostgres, type TestApp, testApp } from '../testing/test-app.ts'

type FileRead = { kind: string; sha: string; text: string; extracted: boolean }

let t: TestApp
let writer: string
const S = '/organizations/acme/spaces/wiki'
beforeEach(async () => {
  t = await testApp()
  const world = await seedWorld(t.deps, {
    admin: null,
    spaces: { wiki: { members: { walt: 'contributor' } } },
  })
  writer = world.token('walt')
})
afterEach(() => t.close())

const upload = (path: string, bytes: Uint8Array) =>
  t.call('PUT', `${S}/files/${path}`, {
    token: writer,
    body: { content_base64: Buffer.from(bytes).toString('base64') },
  })

describe('text extracted from documents', () => {
  it.skipIf(onPostgres)('reads a PDF’s text through the file API, once per blob', async () => {
    expect(
      (await upload('docs/report.pdf', await pdfFile([['Quarterly report', 'Revenue grew in Lyon']]))).status,
    ).toBe(201)
    const file = await json<FileRead>(await t.call('GET', `${S}/files/docs/report.pdf`, { token: writer }))
    expect(file).toMatchObject({ kind: 'document', extracted: true })
    expect(file.text).toContain('Quarterly report')
    expect(file.text).toContain('Revenue grew in Lyon')
    const cached = t.sqlite.prepare('select text from extracts where sha = ?').get(file.sha) as {
      text: string
    }
    expect(cached.text).toBe(file.text)
  })

  it('reads a Word document with accents intact', async () => {
    await upload('letters/note.docx', docxFile(['Élément déjà vérifié à Noël']))
    const file = await json<FileRead>(await t.call('GET', `${S}/files/letters/note.docx`, { token: writer }))
    expect(file.text).toBe('Élément déjà vérifié à Noël')
  })

  it('gives an empty text, not an error, for a damaged document', async () => {
    await upload('broken.pdf', new TextEncoder().encode('%PDF-1.7 this is not really a pdf'))
    const response = await t.call('GET', `${S}/files/broken.pdf`, { token: writer })
    expect(response.status).toBe(200)
    expect(await json(response)).toMatchObject({ kind: 'document', text: '' })
  })
})

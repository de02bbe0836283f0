import { describe, expect, it } from 'vitest'
import { docxFile, pdfFile } from '#shared/testing/fixtures/documents.ts'
import { type Era, mcpWorldPerTest, WIKI } from './testing/mcp.ts'

const w = mcpWorldPerTest()

/** Uploads bytes to the wiki through the REST API, as a person attaching a document would. */
const upload = (path: string, bytes: Uint8Array) =>
  w.rest('PUT', `${WIKI}/files/${path}`, w.tokens.contributor, {
    content_base64: Buffer.from(bytes).toString('base64'),
  })

/** The error a resource read fails with, as the client reports it. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the read should fail'),
    (error: { code?: number; message: string }) => ({ code: error.code, message: error.message }),
  )

describe.each<Era>(['legacy', 'modern'])('pages as resources, %s era', (era) => {
  it('offers the page template and serves a page’s text by its quire:// address', async () => {
    const client = await w.connect(w.tokens.reader, era)
    const { resourceTemplates } = await client.listResourceTemplates()
    expect(resourceTemplates).toContainEqual(
      expect.objectContaining({ name: 'page', uriTemplate: 'quire://{org}/{space}/{+path}' }),
    )
    const uri = 'quire://acme/wiki/guides/setup.md'
    const { contents } = await client.readResource({ uri })
    const file = await w.rest<{ text: string }>('GET', `${WIKI}/files/guides/setup.md`, w.tokens.reader)
    expect(contents).toEqual([{ uri, mimeType: 'text/markdown', text: file.text }])
  })

  it('serves a page whose path has spaces and accents, percent-encoded in its address', async () => {
    await w.rest('PUT', `${WIKI}/files/${encodeURI('notes/café menu.md')}`, w.tokens.contributor, {
      content: '# Café\n\nCroissants on Fridays.\n',
    })
    const client = await w.connect(w.tokens.reader, era)
    const uri = `quire://acme/wiki/${encodeURI('notes/café menu.md')}`
    const { contents } = await client.readResource({ uri })
    expect(contents).toEqual([{ uri, mimeType: 'text/markdown', text: '# Café\n\nCroissants on Fridays.\n' }])
  })

  it('answers resource-not-found for a missing page, and the same for a space the caller cannot see', async () => {
    const reader = await w.connect(w.tokens.reader, era)
    const missing = await failure(reader.readResource({ uri: 'quire://acme/wiki/guides/nothing.md' }))
    expect(missing.message).toContain('Resource not found: quire://acme/wiki/guides/nothing.md')
    const malformed = await failure(reader.readResource({ uri: 'quire://acme/wiki/bad%E0.md' }))
    expect(malformed).toEqual({ code: missing.code, message: expect.stringContaining('Resource not found') })
    const outsider = await w.connect(w.tokens.outsider, era)
    const hidden = await failure(outsider.readResource({ uri: 'quire://acme/wiki/guides/setup.md' }))
    const nowhere = await failure(outsider.readResource({ uri: 'quire://acme/nope/guides/setup.md' }))
    expect(hidden.code).toBe(missing.code)
    expect(hidden.message).toBe(nowhere.message.replace('acme/nope', 'acme/wiki'))
    const limited = await w.token(w.tokens.contributor, { name: 'wiki only', spaces: ['acme/wiki'] })
    const confined = await w.connect(limited, era)
    const other = await failure(confined.readResource({ uri: 'quire://acme/ops/runbook.md' }))
    expect(other).toEqual({ code: missing.code, message: expect.stringContaining('Resource not found') })
  })

  it('answers invalid params, not an internal error, for an address naming no readable path', async () => {
    const reader = await w.connect(w.tokens.reader, era)
    for (const uri of ['quire://acme/wiki/.git/config', 'quire://acme/wiki/guides%2F..%2F..%2Fetc']) {
      const refused = await failure(reader.readResource({ uri }))
      expect(refused, uri).toEqual({ code: -32602, message: expect.stringMatching(/invalid: /) })
    }
  })

  it('gives the text extracted from a PDF or a Word document, by read_page and as a resource', async () => {
    await upload('docs/report.pdf', await pdfFile([['Quarterly report', 'Revenue grew in Lyon']]))
    await upload('letters/note.docx', docxFile(['Élément déjà vérifié à Noël']))
    const client = await w.connect(w.tokens.reader, era)
    const pdf = await w.call(client, 'read_page', { space: 'acme/wiki', path: 'docs/report.pdf' })
    expect(pdf).toMatchObject({ isError: false, structured: { kind: 'document', extracted: true } })
    expect(pdf.structured.text).toContain('Revenue grew in Lyon')
    expect(pdf.text).toContain('(text extracted from the file)')
    expect(pdf.text).toContain('Revenue grew in Lyon')
    const docx = await w.call(client, 'read_page', { space: 'acme/wiki', path: 'letters/note.docx' })
    expect(docx.structured).toMatchObject({ text: 'Élément déjà vérifié à Noël', extracted: true })
    const { contents } = await client.readResource({ uri: 'quire://acme/wiki/docs/report.pdf' })
    expect(contents[0]).toMatchObject({ mimeType: 'text/plain', text: pdf.structured.text })
  })
})

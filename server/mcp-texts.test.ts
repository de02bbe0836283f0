import { describe, expect, it } from 'vitest'
import { mcpWorldPerTest, WIKI } from './testing/mcp.ts'

const w = mcpWorldPerTest()

/** Many clients give a model a tool's text only: what a tool promises must be in it. */
describe('what a model reads of the tools’ answers', () => {
  it('health lists the pages of each finding, and a broken link’s likely target', async () => {
    await w.rest('PUT', `${WIKI}/files/guides/deploy.md`, w.tokens.contributor, {
      content: '# Deploy\n\nSee [setup](setpu.md) first.\n',
    })
    await w.rest('PUT', `${WIKI}/files/empty.md`, w.tokens.contributor, { content: '' })
    await w.t.deps.indexQueue.idle()
    const client = await w.connect(w.tokens.reader, 'modern')
    const { text } = await w.call(client, 'health', { space: 'acme/wiki' })
    expect(text).toContain('- in guides/deploy.md: setpu.md (probably meant guides/setup.md)')
    expect(text).toMatch(/Orphan pages \(no page links to them\):\n(- .*\n)*- guides\/deploy\.md/)
    expect(text).toMatch(/Empty pages:\n- empty\.md/)
  })

  it('list_pages gives titles and sizes, in parts that say how to read the next', async () => {
    const client = await w.connect(w.tokens.reader, 'modern')
    for (let i = 0; i < 3; i++)
      await w.rest('PUT', `${WIKI}/files/notes/n${i}.md`, w.tokens.contributor, { content: `# Note ${i}\n` })
    const first = await w.call(client, 'list_pages', { space: 'acme/wiki', limit: 2 })
    expect(first.text).toContain('- guides/setup.md: Setup (')
    expect(first.text).toContain('Showing 1–2 of 4: call again with offset 2 for more.')
    expect(first.structured.total).toBe(4)
    const rest = await w.call(client, 'list_pages', { space: 'acme/wiki', limit: 2, offset: 2 })
    expect(rest.text).toContain('- notes/n2.md: Note 2 (9 B)')
    expect(rest.text).not.toContain('Showing')
    // Past the end: not "No file" in a space that has four.
    const past = await w.call(client, 'list_pages', { space: 'acme/wiki', offset: 500 })
    expect(past.text).toBe('Nothing from offset 500: the list has 4, so offsets go up to 3.')
    const inbox = await w.call(client, 'list_inbox', { space: 'acme/wiki', offset: 500 })
    expect(inbox.text).toContain('Nothing from offset 500')
  })

  it('read_inbox_item reads a note’s whole text by the name list_inbox gives', async () => {
    const client = await w.connect(w.tokens.contributor, 'modern')
    const dropped = await w.call(client, 'drop_note', {
      space: 'acme/wiki',
      title: 'Toolchain upgrade',
      content: 'The toolchain moves to make 4.4 next week.',
    })
    const name = dropped.structured.name as string
    expect((await w.call(client, 'list_inbox', { space: 'acme/wiki' })).text).toContain(name)
    const read = await w.call(client, 'read_inbox_item', { space: 'acme/wiki', name })
    expect(read.isError).toBe(false)
    expect(read.text).toContain('The toolchain moves to make 4.4 next week.')
    expect(read.structured).toMatchObject({ name, body: 'The toolchain moves to make 4.4 next week.' })
    const missing = await w.call(client, 'read_inbox_item', { space: 'acme/wiki', name: 'nope' })
    expect(missing.text).toBe('not_found: Not found. list_inbox gives the names of the items.')
  })

  it('reads a long page in parts, saying where the part stands and how to read on', async () => {
    const text = Array.from({ length: 12 }, (_, i) => `Line ${i + 1}`).join('\n')
    await w.rest('PUT', `${WIKI}/files/long.md`, w.tokens.contributor, { content: `${text}\n` })
    const client = await w.connect(w.tokens.reader, 'modern')
    const first = await w.call(client, 'read_page', { space: 'acme/wiki', path: 'long.md', lines: 5 })
    expect(first.text).toContain('lines: 1–5 of 12 (more: call again with from_line 6)')
    expect(first.text).toMatch(/\n\nLine 1\n(.*\n){3}Line 5$/)
    expect(first.structured).toMatchObject({
      text: 'Line 1\nLine 2\nLine 3\nLine 4\nLine 5',
      lines: { from: 1, to: 5, total: 12 },
    })
    const last = await w.call(client, 'read_page', { space: 'acme/wiki', path: 'long.md', from_line: 11 })
    expect(last.text).toContain('lines: 11–12 of 12\n')
    expect(last.text).toMatch(/\n\nLine 11\nLine 12$/)
    // Past the end: the page is a page still, and how far it goes is said.
    const past = await w.call(client, 'read_page', { space: 'acme/wiki', path: 'long.md', from_line: 40 })
    expect(past.text).toContain('lines: none from line 40, the file has 12\n')
    expect(past.text).toMatch(/\n\n\(past the end of the file: call again with a from_line up to 12\)$/)
  })

  it('says what a file with no text to show is, rather than an empty text', async () => {
    await w.rest('PUT', `${WIKI}/files/data/blob.bin`, w.tokens.contributor, {
      content_base64: Buffer.from([0, 1, 2, 3, 255, 254]).toString('base64'),
    })
    const client = await w.connect(w.tokens.reader, 'modern')
    const { text } = await w.call(client, 'read_page', { space: 'acme/wiki', path: 'data/blob.bin' })
    expect(text).toMatch(/\n\n\(no text can be shown: a binary file of 6 bytes\)$/)
  })
})

describe('what a model is told after a mistake', () => {
  it.each([
    ['guides/setup', 'Did you mean "guides/setup.md"?'],
    ['Guides/Setup.md', 'Did you mean "guides/setup.md"?'],
    ['content/guides/setup.md', 'Paths are under the content folder already: "guides/setup.md".'],
    ['guides', '"guides" is a folder: list_pages with folder "guides" lists its files.'],
    ['guides/nothing.md', 'list_pages or search finds the pages of the space.'],
  ])('reading %s: not found, and how to find it', async (path, hint) => {
    const client = await w.connect(w.tokens.reader, 'modern')
    const answer = await w.call(client, 'read_page', { space: 'acme/wiki', path })
    expect(answer).toMatchObject({ isError: true, text: `not_found: Not found. ${hint}` })
  })

  it('names a space the caller cannot read as such, in French too', async () => {
    const client = await w.connect(w.tokens.reader, 'modern')
    const answer = await w.call(client, 'read_page', { space: 'acme/ops', path: 'runbook.md' })
    expect(answer.text).toBe(
      'not_found: Not found. No space "acme/ops" you can read: list_spaces names yours.',
    )
    const french = await w.connect(w.tokens.reader, 'modern', { 'accept-language': 'fr' })
    const folder = await w.call(french, 'read_page', { space: 'acme/wiki', path: 'guides' })
    expect(folder.text).toContain('«\u202fguides\u202f» est un dossier\u202f:')
    const writer = await w.connect(w.tokens.contributor, 'modern')
    // A folder is no page to read, but it moves as a whole: the dry run tells so and writes nothing.
    const moved = await w.call(writer, 'move_page', {
      space: 'acme/wiki',
      from: 'guides',
      to: 'howto',
      dry_run: true,
    })
    expect(moved.text).toMatch(/^Would move guides to howto \(its one file\)/)
    const still = await w.call(writer, 'read_page', { space: 'acme/wiki', path: 'guides/setup.md' })
    expect(still.isError).toBe(false)
  })

  it('warns that a file written without .md is no page, and refuses past the size in bytes as a tool error', async () => {
    const client = await w.connect(w.tokens.contributor, 'modern')
    const written = await w.call(client, 'write_page', {
      space: 'acme/wiki',
      path: 'notes/meeting',
      content: '# Meeting\n\nDecided.\n',
      base_sha: '',
    })
    expect(written.isError).toBe(false)
    expect(written.text).toContain('without .md this file is not a page')
    expect(written.text).toContain('move_page it to notes/meeting.md')
    const page = await w.call(client, 'write_page', {
      space: 'acme/wiki',
      path: 'notes/minutes.md',
      content: '# Minutes\n',
      base_sha: '',
    })
    expect(page.text).not.toContain('not a page')
    // 1.8 million accented letters: within the characters allowed, past the bytes a call may carry.
    const large = await w.call(client, 'write_page', {
      space: 'acme/wiki',
      path: 'notes/large.md',
      content: 'é'.repeat(1_800_000),
      base_sha: '',
    })
    expect(large.isError).toBe(true)
    expect(large.text).toMatch(/^invalid: .*content: At most 3500000 bytes in UTF-8/)
  })
})

import { describe, expect, it } from 'vitest'
import { type Era, mcpWorldPerTest } from './testing/mcp.ts'

const w = mcpWorldPerTest()

type Call = [name: string, args: Record<string, unknown>]

/** Every tool on one space, in an order where each write finds what the previous one left. */
const everyTool = (space: string, who: string): Call[] => [
  ['search', { q: 'toolchain', spaces: [space] }],
  ['list_pages', { space }],
  ['read_page', { space, path: 'guides/setup.md' }],
  ['page_history', { space, path: 'guides/setup.md' }],
  ['related_pages', { space, path: 'guides/setup.md' }],
  ['health', { space }],
  ['list_inbox', { space }],
  ['search_pending', { q: 'toolchain', spaces: [space] }],
  ['write_page', { space, path: `notes/${who}.md`, content: `# ${who}\n\nWritten by ${who}.\n` }],
  ['verify_page', { space, path: `notes/${who}.md` }],
  ['move_page', { space, from: `notes/${who}.md`, to: `notes/${who}-moved.md` }],
  ['delete_page', { space, path: `notes/${who}-moved.md` }],
  ['drop_note', { space, title: `From ${who}`, content: 'The toolchain needs make 4.' }],
]
const READS = 8

describe.each<Era>(['legacy', 'modern'])('each role calling each tool, %s era', (era) => {
  it.each([
    ['a contributor', 'contributor'],
    ['an organization admin', 'admin'],
  ] as const)('%s may call every tool on the space', async (_, role) => {
    const client = await w.connect(w.tokens[role], era)
    for (const [name, args] of everyTool('acme/wiki', role)) {
      const result = await w.call(client, name, args)
      expect(result.isError, `${name}: ${result.text}`).toBe(false)
      expect(result.text.length, name).toBeGreaterThan(0)
    }
    const inbox = await w.call(client, 'list_inbox', { space: 'acme/wiki', kind: 'note' })
    expect(inbox.structured).toMatchObject({ total: 1, items: [{ title: `From ${role}` }] })
    const spaces = await w.call(client, 'list_spaces')
    const wiki = (spaces.structured.spaces as { slug: string; role: string }[]).find((s) => s.slug === 'wiki')
    expect(wiki?.role).toBe(role)
  })

  it('a reader may call every read tool, and gets forbidden from every write tool', async () => {
    const client = await w.connect(w.tokens.reader, era)
    const calls = everyTool('acme/wiki', 'rita')
    for (const [name, args] of calls.slice(0, READS)) {
      const result = await w.call(client, name, args)
      expect(result.isError, `${name}: ${result.text}`).toBe(false)
    }
    for (const [name, args] of calls.slice(READS)) {
      // verify, move and delete name the existing page, so only the right is missing.
      const path = name === 'write_page' ? 'notes/rita.md' : 'guides/setup.md'
      const target = name === 'move_page' ? { from: path } : name === 'drop_note' ? {} : { path }
      const result = await w.call(client, name, { ...args, ...target })
      expect(result, name).toMatchObject({ isError: true, structured: { error: 'forbidden' } })
      expect(result.text, name).toMatch(/^forbidden: \S/)
    }
    const tree = await w.rest<{ path: string }[]>(
      'GET',
      '/organizations/acme/spaces/wiki/tree',
      w.tokens.reader,
    )
    expect(tree.map((f) => f.path)).toEqual(['guides/setup.md'])
    const inbox = await w.call(client, 'list_inbox', { space: 'acme/wiki', kind: 'note' })
    expect(inbox.structured.total).toBe(0)
  })

  it('a space the caller cannot see answers exactly as a space that does not exist', async () => {
    for (const [token, hidden] of [
      [w.tokens.outsider, 'acme/wiki'],
      [w.tokens.reader, 'acme/ops'],
    ] as const) {
      const client = await w.connect(token, era)
      const hiddenCalls = everyTool(hidden, 'x')
      const missingCalls = everyTool('acme/nope', 'x')
      for (const [i, [name, args]] of hiddenCalls.entries()) {
        const seen = await w.call(client, name, args)
        const missing = await w.call(client, name, missingCalls[i]?.[1])
        expect(seen.isError, `${name}: ${seen.text}`).toBe(true)
        expect(JSON.stringify(seen.structured), name).toBe(
          JSON.stringify(missing.structured).replaceAll('acme/nope', hidden),
        )
        expect(seen.text, name).toBe(missing.text.replaceAll('acme/nope', hidden))
        // The two searches name a space, which they refuse as unknown (as GET /search does); the rest is not_found.
        expect(seen.structured.error, name).toBe(name.startsWith('search') ? 'invalid' : 'not_found')
      }
    }
    const outsider = await w.connect(w.tokens.outsider, era)
    expect((await w.call(outsider, 'list_spaces')).structured).toEqual({ spaces: [] })
    expect((await w.call(outsider, 'search', { q: 'toolchain' })).structured).toEqual({
      results: [],
      pending_count: 0,
    })
    expect((await w.call(outsider, 'search_pending', { q: 'toolchain' })).structured).toEqual({ notes: [] })
    const tree = await w.rest<{ path: string }[]>(
      'GET',
      '/organizations/acme/spaces/wiki/tree',
      w.tokens.reader,
    )
    expect(tree.map((f) => f.path)).toEqual(['guides/setup.md'])
  })
})
